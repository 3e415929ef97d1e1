package helperlab.lab.viewmodel;

import helperlab.study.phase.SafeLoad;
import helperlab.study.phase.Share;
import helperlab.study.phase.diagram.PriceMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * A price map as the Sweep view draws it ({@link ShareMap}): per policy offered load across and the price of a
 * helper's start up (images of the hour's mix), no trigger; each cell the share of its runs that collapsed ("k/n")
 * over their mean met share; the safe load at each price as a staircase (safe to its left); and known machines as
 * dashed lines at their prices. A cell's tooltip gives the runs, the share still down at the end, the met and late
 * shares and the seeds; clicking it opens its representative run.
 */
final class PriceMaps {
  private PriceMaps() {}

  /** The known machines in words, said once over the maps. */
  static String knownMachines() {
    StringBuilder known = new StringBuilder("dashed: known machines (");
    for (int i = 0; i < PriceMap.KNOWN.size(); i++) {
      PriceMap.Marker k = PriceMap.KNOWN.get(i);
      known.append(i > 0 ? ", " : "").append(k.name()).append(' ').append(PriceMap.priceLabel(k.images()));
    }
    return known.append(" images)").toString();
  }

  static ShareMap of(PriceMap m, BiConsumer<PriceMap, PriceMap.Cell> open) {
    int rows = m.prices().size();
    int cols = m.loads().size();
    String setting = PhaseIds.settingPart(m.run());
    List<String> rowLabels = new ArrayList<>();
    List<ShareMap.Cell> cells = new ArrayList<>();
    List<Integer> stair = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      double price = m.prices().get(r);
      rowLabels.add(PriceMap.priceLabel(price));
      for (int c = 0; c < cols; c++) {
        PriceMap.Cell cell = m.cell(m.loads().get(c), price);
        if (cell != null) {
          Share s = cell.collapsed();
          String text = s.k() + "/" + s.n() + String.format(Locale.ROOT, "\n%.0f%%", 100 * cell.metShare());
          String id = String.format(Locale.ROOT, "price-%s%s-%03d-%s", m.policy(), setting,
              Math.round(100 * cell.load()), PriceMap.priceLabel(cell.price()).replace('.', '_'));
          cells.add(new ShareMap.Cell(r, c, id, text, s.share(), false, tooltip(m, cell), () -> open.accept(m, cell)));
        }
      }
      SafeLoad s = m.safeByPrice().get(price);
      stair.add(s == null || s.point() == null ? 0 : m.loads().indexOf(s.point()) + 1);
    }
    List<ShareMap.Mark> marks = new ArrayList<>();
    for (PriceMap.Marker k : PriceMap.KNOWN) {
      marks.add(new ShareMap.Mark(k.name(), rowsUp(m.prices(), k.images()),
          k.name() + ": " + PriceMap.priceLabel(k.images()) + " images; " + k.source()));
    }
    return new ShareMap("price-" + m.policy() + setting, m.title(), "helper's start (images of the mix)",
        "offered load (1 = the machine busy)", rowLabels, PhaseMaps.loadLabels(m.loads()), cells, stair, marks);
  }

  static String tooltip(PriceMap m, PriceMap.Cell c) {
    Share s = c.collapsed();
    SafeLoad safe = m.safeByPrice().get(c.price());
    List<Long> seeds = c.seeds();
    return String.format(Locale.ROOT, "%s at load %.2f, a helper's start %s images, no trigger%n%d of %d runs "
        + "collapsed (tipped or never healthy), %.0f%% (95%%: %.0f–%.0f%%); %d down at the end%n%s%nsafe load at this "
        + "price: %s%nseeds %s%nclick: open seed %d in Runs", m.title(), c.load(), PriceMap.priceLabel(c.price()), s.k(),
        s.n(), 100 * s.share(), 100 * s.lo(), 100 * s.hi(), c.downAtEnd().k(), PhaseMaps.delivered(c.metShare(),
            c.lateShare()), safe == null || safe.point() == null ? "none" : String.format(Locale.ROOT, "%.2f",
            safe.point()), seeds.size() <= 6 ? seeds.toString() : seeds.get(0) + "–" + seeds.get(seeds.size() - 1),
        c.representativeSeed());
  }

  /**
   * A price's height on the map in rows from its bottom edge: between the centres of the rows around it, on a log
   * scale (outside: at an edge row's centre).
   */
  static double rowsUp(List<Double> p, double images) {
    if (images <= p.get(0)) {
      return 0.5;
    }
    for (int i = 0; i + 1 < p.size(); i++) {
      if (images <= p.get(i + 1)) {
        double f = Math.log(images / p.get(i)) / Math.log(p.get(i + 1) / p.get(i));
        return i + 0.5 + f;
      }
    }
    return p.size() - 0.5;
  }
}
