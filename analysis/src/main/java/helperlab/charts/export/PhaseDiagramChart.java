package helperlab.charts.export;

import helperlab.charts.style.ChartTheme;
import helperlab.charts.style.Palette;
import helperlab.study.RunRow;
import helperlab.study.phase.diagram.DownLater;
import helperlab.study.phase.diagram.PhaseDiagram;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Phase diagrams, one panel per policy, for one trigger kind and duration: offered load across, trigger size up
 * (no trigger at the bottom), each cell coloured by the share of its runs down 30 minutes after the trigger's end
 * and labelled "down of runs"; the boundary drawn as a staircase, mostly down to its right; a cell whose 95%
 * interval straddles one half is hatched (its runs do not say which side it is on). Java2D, PNG and SVG.
 */
public final class PhaseDiagramChart implements PictureFile {
  public static final int WIDTH = 1800;
  private static final String FONT = Font.SANS_SERIF;
  private static final int COLUMNS = 3;
  private static final int HEADER = 118;
  private static final int ROW_H = 50;

  private final List<PhaseDiagram> diagrams;
  private final AwtTheme style;

  /** {@code diagrams}: one per policy, all of the same trigger kind and duration. */
  public PhaseDiagramChart(List<PhaseDiagram> diagrams, ChartTheme theme) {
    if (diagrams.isEmpty()) {
      throw new IllegalArgumentException("no phase diagrams to draw (run the sweep with --study phase)");
    }
    PhaseDiagram first = diagrams.get(0);
    for (PhaseDiagram d : diagrams) {
      if (d.kind() != first.kind() || d.durationS() != first.durationS()) {
        throw new IllegalArgumentException("one picture is of one trigger: got " + first.triggerText() + " and "
            + d.triggerText());
      }
    }
    this.diagrams = List.copyOf(diagrams);
    this.style = AwtTheme.of(theme);
  }

  /** The diagrams grouped by trigger kind and duration, each group one picture, keyed by its file name stem. */
  public static Map<String, List<PhaseDiagram>> byTrigger(List<PhaseDiagram> all) {
    Map<String, List<PhaseDiagram>> out = new LinkedHashMap<>();
    for (PhaseDiagram d : all) {
      out.computeIfAbsent(stem(d), k -> new ArrayList<>()).add(d);
    }
    return out;
  }

  /** "phase-spike-60s", or "phase-no-trigger". */
  public static String stem(PhaseDiagram d) {
    return d.kind() == null ? "phase-no-trigger"
        : String.format(Locale.ROOT, "phase-%s-%.0fs", d.kind().id().replace('_', '-'), d.durationS());
  }

  /** Writes one PNG and SVG per trigger kind and duration into {@code dir} if {@code rows} hold a phase study. */
  public static void writeBeside(Path dir, List<RunRow> rows) throws IOException {
    for (Map.Entry<String, List<PhaseDiagram>> e : byTrigger(PhaseDiagram.of(rows)).entrySet()) {
      PhaseDiagramChart chart = new PhaseDiagramChart(e.getValue(), ChartTheme.LIGHT);
      chart.writePng(dir.resolve(e.getKey() + ".png"), WIDTH, chart.height());
      chart.writeSvg(dir.resolve(e.getKey() + ".svg"), WIDTH, chart.height());
    }
  }

  private int panelHeight() {
    int sizes = diagrams.stream().mapToInt(d -> d.sizes().size()).max().orElse(1);
    return 34 + sizes * ROW_H + 58;
  }

  /** The height the picture needs at {@link #WIDTH}. */
  public int height() {
    int rows = (diagrams.size() + COLUMNS - 1) / COLUMNS;
    return HEADER + rows * panelHeight() + 10;
  }

  @Override
  public void paint(Graphics2D g, int width, int height) {
    g.setColor(style.background());
    g.fill(new Rectangle(0, 0, width, height));
    PhaseDiagram first = diagrams.get(0);
    g.setColor(style.text());
    g.setFont(new Font(FONT, Font.BOLD, 20));
    g.drawString(first.kind() == null
        ? "Where each policy tips over with no trigger: share of runs down at 45:00 of the hour"
        : String.format(Locale.ROOT, "Where calling for help tips the server over: share of runs down %.0f minutes "
            + "after a %s ends", DownLater.LATER_S / 60, first.triggerText()), 20, 32);
    g.setFont(new Font(FONT, Font.PLAIN, 14));
    g.setColor(style.muted());
    PhaseDiagram.Run run = first.run();
    g.drawString(String.format(Locale.ROOT, "Simulated %s hour on the %s (admission %s); trigger at 15:00, asked at "
        + "%s; \"k/n\" = runs down of runs, under it their mean met share; 'down' = collapsed: under half the work the "
        + "machine could carry delivered on time while it is busy", run.scenario(), run.machine(),
        run.admission(), clock(first.askedAtS())), 20, 56);
    legend(g, 20, 84);
    int cw = width / COLUMNS;
    int ph = panelHeight();
    for (int i = 0; i < diagrams.size(); i++) {
      Rectangle cell = new Rectangle((i % COLUMNS) * cw, HEADER + (i / COLUMNS) * ph, cw, ph);
      panel(g, cell, diagrams.get(i));
    }
  }

  private void legend(Graphics2D g, int x, int y) {
    g.setFont(new Font(FONT, Font.PLAIN, 14));
    FontMetrics fm = g.getFontMetrics();
    x = DownShareRamp.draw(g, style, "share down:", x, y, 40) + 28;
    g.setColor(style.text());
    g.setStroke(new BasicStroke(4f));
    g.draw(new Line2D.Double(x, y + 10, x + 34, y + 10));
    g.setStroke(new BasicStroke(1f));
    String b = "boundary: from here to the right, at least half the runs are down (at every higher load)";
    g.drawString(b, x + 42, y + 15);
    x += 42 + fm.stringWidth(b) + 28;
    Rectangle hatch = new Rectangle(x, y, 34, 20);
    g.setColor(style.plot());
    g.fill(hatch);
    hatchOver(g, hatch);
    g.setColor(style.text());
    g.drawString("95% interval straddles one half: too few runs to say", x + 42, y + 15);
  }

  private void hatchOver(Graphics2D g, Rectangle r) {
    Shape clip = g.getClip();
    g.clip(r);
    g.setColor(new Color(style.text().getRed(), style.text().getGreen(), style.text().getBlue(), 90));
    g.setStroke(new BasicStroke(1.2f));
    for (int d = -r.height; d < r.width; d += 8) {
      g.draw(new Line2D.Double(r.x + d, r.y + r.height, r.x + d + r.height, r.y));
    }
    g.setClip(clip);
  }

  private void panel(Graphics2D g, Rectangle cell, PhaseDiagram d) {
    g.setFont(new Font(FONT, Font.PLAIN, 13));
    FontMetrics fm = g.getFontMetrics();
    int yLabels = d.sizes().stream().mapToInt(s -> fm.stringWidth(PhaseDiagram.sizeLabel(d.kind(), s))).max()
        .orElse(30);
    int left = cell.x + 34 + yLabels + 8;
    int right = cell.x + cell.width - 18;
    int top = cell.y + 34;
    int rows = d.sizes().size();
    int bottom = top + rows * ROW_H;
    double colW = (right - left) / (double) d.loads().size();
    g.setColor(style.text());
    g.setFont(new Font(FONT, Font.BOLD, 16));
    g.drawString(d.title(), left, cell.y + 24);
    g.setFont(new Font(FONT, Font.PLAIN, 13));
    for (int r = 0; r < rows; r++) {
      double size = d.sizes().get(r);
      double y0 = bottom - (r + 1) * ROW_H;
      g.setColor(style.muted());
      String label = PhaseDiagram.sizeLabel(d.kind(), size);
      g.drawString(label, left - 6 - fm.stringWidth(label), (float) (y0 + ROW_H / 2.0 + 5));
      for (int c = 0; c < d.loads().size(); c++) {
        Rectangle box = new Rectangle((int) Math.round(left + c * colW), (int) Math.round(y0),
            (int) Math.round(left + (c + 1) * colW) - (int) Math.round(left + c * colW), ROW_H);
        PhaseDiagram.Cell pc = d.cell(d.loads().get(c), size);
        if (pc == null) {
          g.setColor(style.plot());
          g.fill(box);
          continue;
        }
        double share = pc.down().share();
        g.setColor(Awt.colour(Palette.down(share)));
        g.fill(box);
        if (!pc.down().decides(PhaseDiagram.HALF)) {
          hatchOver(g, box);
        }
        g.setColor(style.background());
        g.setStroke(new BasicStroke(1f));
        g.draw(box);
        g.setColor(Awt.colour(Palette.textOnDown(share)));
        g.setFont(new Font(FONT, Font.BOLD, 14));
        String text = pc.down().k() + "/" + pc.down().n();
        FontMetrics bm = g.getFontMetrics();
        boolean met = !Double.isNaN(pc.metShare());
        g.drawString(text, (float) (box.getCenterX() - bm.stringWidth(text) / 2.0),
            (float) box.getCenterY() + (met ? -2 : 5));
        if (met) { // what the runs delivered, beside the count
          g.setFont(new Font(FONT, Font.PLAIN, 11));
          bm = g.getFontMetrics();
          String m = String.format(Locale.ROOT, "met %.0f%%", 100 * pc.metShare());
          g.drawString(m, (float) (box.getCenterX() - bm.stringWidth(m) / 2.0), (float) box.getCenterY() + 14);
        }
        g.setFont(new Font(FONT, Font.PLAIN, 13));
      }
    }
    boundary(g, d, left, right, bottom, colW);
    g.setColor(style.muted());
    for (int c = 0; c < d.loads().size(); c++) {
      String label = String.format(Locale.ROOT, "%.2g", d.loads().get(c));
      g.drawString(label, (float) (left + (c + 0.5) * colW - fm.stringWidth(label) / 2.0), bottom + 17);
    }
    g.setColor(style.text());
    String x = "offered load (1 = the cage's 1.5 cores busy)";
    g.drawString(x, (float) ((left + right) / 2.0 - fm.stringWidth(x) / 2.0), bottom + 36);
    String y = d.kind() == null ? "trigger" : PhaseDiagram.sizeAxis(d.kind());
    Graphics2D r = (Graphics2D) g.create();
    r.rotate(-Math.PI / 2);
    r.drawString(y, (float) -((top + bottom) / 2.0 + fm.stringWidth(y) / 2.0), cell.x + 20);
    r.dispose();
    g.setColor(style.grid());
    g.setStroke(new BasicStroke(1f));
    g.draw(new Rectangle2D.Double(left, top, right - left, bottom - top));
  }

  /** The staircase: in each size row a vertical at the row's boundary load, joined between rows. */
  private void boundary(Graphics2D g, PhaseDiagram d, int left, int right, int bottom, double colW) {
    double[] xs = new double[d.sizes().size()];
    for (int r = 0; r < xs.length; r++) {
      Double b = d.boundary(d.sizes().get(r));
      xs[r] = b == null ? right : left + d.loads().indexOf(b) * colW;
    }
    StaircaseLine.draw(g, style, xs, bottom, ROW_H);
  }

  private static String clock(double s) {
    return String.format(Locale.ROOT, "%d:%02d", (int) s / 60, (int) s % 60);
  }
}
