package helperlab.lab.viewmodel;

import helperlab.study.phase.Share;
import helperlab.study.phase.diagram.DownLater;
import helperlab.study.phase.diagram.PhaseDiagram;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * A phase diagram as the Sweep view draws it ({@link ShareMap}): per policy offered load across and trigger size up
 * (no trigger at the bottom), each cell the share of its runs down 30 minutes after the trigger ("k/n") over the
 * runs' mean met share, dashed where the 95% interval straddles one half, and the boundary as a staircase. A cell's
 * tooltip gives n, the interval, the met and late shares and the seeds; clicking it opens its representative run.
 */
final class PhaseMaps {
  private PhaseMaps() {}

  static ShareMap of(PhaseDiagram d, BiConsumer<PhaseDiagram, PhaseDiagram.Cell> open) {
    int rows = d.sizes().size();
    int cols = d.loads().size();
    List<String> rowLabels = new ArrayList<>();
    List<ShareMap.Cell> cells = new ArrayList<>();
    List<Integer> stair = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      double size = d.sizes().get(r);
      rowLabels.add(PhaseDiagram.sizeLabel(d.kind(), size));
      for (int c = 0; c < cols; c++) {
        PhaseDiagram.Cell cell = d.cell(d.loads().get(c), size);
        if (cell != null) {
          Share s = cell.down();
          String text = s.k() + "/" + s.n() + (Double.isNaN(cell.metShare()) ? ""
              : String.format(Locale.ROOT, "\n%.0f%%", 100 * cell.metShare()));
          cells.add(new ShareMap.Cell(r, c, PhaseIds.cell(d, cell), text, s.share(), !s.decides(PhaseDiagram.HALF),
              tooltip(d, cell), () -> open.accept(d, cell)));
        }
      }
      Double b = d.boundary(size);
      stair.add(b == null ? cols : d.loads().indexOf(b));
    }
    return new ShareMap(PhaseIds.diagram(d), d.title(), PhaseDiagram.sizeAxis(d.kind()),
        "offered load (1 = the cage's 1.5 cores busy)", rowLabels, loadLabels(d.loads()), cells, stair, List.of());
  }

  /** The columns' loads, as the maps label them ("0.3", "1.2"). */
  static List<String> loadLabels(List<Double> loads) {
    return loads.stream().map(l -> String.format(Locale.ROOT, "%.2g", l)).toList();
  }

  static String tooltip(PhaseDiagram d, PhaseDiagram.Cell c) {
    Share s = c.down();
    String trigger = c.size() == 0 ? "no trigger" : PhaseDiagram.sizeLabel(d.kind(), c.size()) + " "
        + d.triggerText();
    List<Long> seeds = c.seeds();
    return String.format(Locale.ROOT, "%s at load %.2f, %s%n%d of %d runs down %.0f min after (at %s), %.0f%% "
        + "(95%%: %.0f–%.0f%%)%s%n%s%nseeds %s%nclick: open seed %d (%s) in Runs", d.title(), c.load(), trigger, s.k(),
        s.n(), DownLater.LATER_S / 60, clock(d.askedAtS()), 100 * s.share(), 100 * s.lo(), 100 * s.hi(),
        s.decides(PhaseDiagram.HALF) ? "" : ": too few runs to say which side of one half",
        delivered(c.metShare(), c.lateShare()), seeds.size() <= 6
            ? seeds.toString() : seeds.get(0) + "–" + seeds.get(seeds.size() - 1), c.representativeSeed(),
        c.representativeDown() ? "down" : "up");
  }

  /** What the runs delivered, in words: "met 46% of deadlines, late 52% of admitted". */
  static String delivered(double met, double late) {
    if (Double.isNaN(met)) {
      return "what they delivered is not in this sweep's rows";
    }
    return String.format(Locale.ROOT, "met %.0f%% of their deadlines, late %s of admitted", 100 * met,
        Double.isNaN(late) ? "–" : String.format(Locale.ROOT, "%.0f%%", 100 * late));
  }

  private static String clock(double s) {
    return String.format(Locale.ROOT, "%d:%02d", (int) s / 60, (int) s % 60);
  }
}
