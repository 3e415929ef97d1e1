package helperlab.charts.export;

import helperlab.charts.style.ChartTheme;
import helperlab.charts.style.Palette;
import helperlab.study.RunRow;
import helperlab.study.phase.SafeLoad;
import helperlab.study.phase.diagram.PriceMap;
import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Price maps, one panel per policy: offered load across, the price of a helper's start up (images of the hour's
 * mix, one row per price studied), no trigger; each cell coloured by the share of its runs that collapsed at some
 * point of the hour and labelled "collapsed of runs" over the runs' mean met share; the safe load at each price as
 * a staircase (safe to its left); known machines marked as dashed lines at their prices. Java2D, PNG and SVG.
 */
public final class PriceMapChart implements PictureFile {
  public static final int WIDTH = 1800;
  public static final String STEM = "price-map";
  private static final String FONT = Font.SANS_SERIF;
  private static final int COLUMNS = 3;
  private static final int HEADER = 128;
  private static final int ROW_H = 44;

  private final List<PriceMap> maps;
  private final AwtTheme style;

  public PriceMapChart(List<PriceMap> maps, ChartTheme theme) {
    if (maps.isEmpty()) {
      throw new IllegalArgumentException("no price maps to draw (run the phase study with --phase-prices)");
    }
    this.maps = List.copyOf(maps);
    this.style = AwtTheme.of(theme);
  }

  /** Writes price-map.png/.svg and price-map.csv into {@code dir} if {@code rows} hold a price study. */
  public static void writeBeside(Path dir, List<RunRow> rows) throws IOException {
    List<PriceMap> maps = PriceMap.of(rows);
    if (maps.isEmpty()) {
      return;
    }
    PriceMapChart chart = new PriceMapChart(maps, ChartTheme.LIGHT);
    chart.writePng(dir.resolve(STEM + ".png"), WIDTH, chart.height());
    chart.writeSvg(dir.resolve(STEM + ".svg"), WIDTH, chart.height());
    Files.writeString(dir.resolve(STEM + ".csv"), csv(maps));
  }

  /** One line per policy × setting × price × load: runs, collapsed, down at the end, met and late share, safe load. */
  public static String csv(List<PriceMap> maps) {
    StringBuilder c = new StringBuilder("policy,setting,helper_start_images,offered_load,runs,collapsed,down_at_end,"
        + "met_share,late_share,safe_load_at_price\n");
    for (PriceMap m : maps) {
      String setting = m.run().setting().isEmpty() ? "edf-fit" : m.run().setting().substring(2);
      for (double price : m.prices()) {
        SafeLoad s = m.safeByPrice().get(price);
        for (double load : m.loads()) {
          PriceMap.Cell cell = m.cell(load, price);
          if (cell == null) {
            continue;
          }
          c.append(String.format(Locale.ROOT, "%s,%s,%s,%.2f,%d,%d,%d,%.3f,%s,%s%n", m.policy(), setting,
              PriceMap.priceLabel(price), load, cell.collapsed().n(), cell.collapsed().k(), cell.downAtEnd().k(),
              cell.metShare(), Double.isNaN(cell.lateShare()) ? "" : String.format(Locale.ROOT, "%.3f", cell.lateShare()),
              s == null || s.point() == null ? "" : String.format(Locale.ROOT, "%.2f", s.point())));
        }
      }
    }
    return c.toString();
  }

  private int panelHeight() {
    int prices = maps.stream().mapToInt(m -> m.prices().size()).max().orElse(1);
    return 34 + prices * ROW_H + 58;
  }

  public int height() {
    int rows = (maps.size() + COLUMNS - 1) / COLUMNS;
    return HEADER + rows * panelHeight() + 10;
  }

  @Override
  public void paint(Graphics2D g, int width, int height) {
    g.setColor(style.background());
    g.fill(new Rectangle(0, 0, width, height));
    g.setColor(style.text());
    g.setFont(new Font(FONT, Font.BOLD, 20));
    g.drawString("What a helper's start costs decides where calling for help collapses: share of runs collapsed, no "
        + "trigger", 20, 32);
    g.setFont(new Font(FONT, Font.PLAIN, 14));
    g.setColor(style.muted());
    helperlab.study.phase.diagram.PhaseDiagram.Run run = maps.get(0).run();
    g.drawString(String.format(Locale.ROOT, "Simulated %s hour on the %s (admission %s); a helper's start = its "
        + "start-up and warm-up CPU in images of the hour's mix; \"k/n\" = runs collapsed (tipped or never healthy) of "
        + "runs, under it their mean met share", run.scenario(), run.machine(), run.admission()), 20, 56);
    legend(g, 20, 80);
    int cw = width / COLUMNS;
    int ph = panelHeight();
    for (int i = 0; i < maps.size(); i++) {
      panel(g, new Rectangle((i % COLUMNS) * cw, HEADER + (i / COLUMNS) * ph, cw, ph), maps.get(i));
    }
  }

  private void legend(Graphics2D g, int x, int y) {
    g.setFont(new Font(FONT, Font.PLAIN, 14));
    FontMetrics fm = g.getFontMetrics();
    x = DownShareRamp.draw(g, style, "share collapsed:", x, y, 36) + 24;
    g.setColor(style.text());
    g.setStroke(new BasicStroke(4f));
    g.draw(new Line2D.Double(x, y + 10, x + 30, y + 10));
    g.setStroke(new BasicStroke(1f));
    String b = "safe load at that price (safe to its left)";
    g.drawString(b, x + 38, y + 15);
    x += 38 + fm.stringWidth(b) + 24;
    g.setStroke(dashed());
    g.draw(new Line2D.Double(x, y + 10, x + 30, y + 10));
    g.setStroke(new BasicStroke(1f));
    StringBuilder known = new StringBuilder("known machines: ");
    for (int i = 0; i < PriceMap.KNOWN.size(); i++) {
      PriceMap.Marker m = PriceMap.KNOWN.get(i);
      known.append(i > 0 ? ", " : "").append(m.name()).append(' ').append(PriceMap.priceLabel(m.images()));
    }
    g.drawString(known.toString(), x + 38, y + 15);
    g.setColor(style.muted());
    g.drawString("safe: under one collapse per healthy hour and at least half the deadlines met, at that load and "
        + "every lower one (docs/parameters.md)", 20, y + 40);
  }

  private static BasicStroke dashed() {
    return new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
  }

  private void panel(Graphics2D g, Rectangle cell, PriceMap m) {
    g.setFont(new Font(FONT, Font.PLAIN, 13));
    FontMetrics fm = g.getFontMetrics();
    int left = cell.x + 34 + 44;
    int right = cell.x + cell.width - 112;
    int top = cell.y + 34;
    int rows = m.prices().size();
    int bottom = top + rows * ROW_H;
    double colW = (right - left) / (double) m.loads().size();
    g.setColor(style.text());
    g.setFont(new Font(FONT, Font.BOLD, 16));
    g.drawString(m.title(), left, cell.y + 24);
    for (int r = 0; r < rows; r++) {
      double price = m.prices().get(r);
      double y0 = bottom - (r + 1) * ROW_H;
      g.setFont(new Font(FONT, Font.PLAIN, 13));
      g.setColor(style.muted());
      String label = PriceMap.priceLabel(price);
      g.drawString(label, left - 6 - fm.stringWidth(label), (float) (y0 + ROW_H / 2.0 + 5));
      for (int c = 0; c < m.loads().size(); c++) {
        Rectangle box = new Rectangle((int) Math.round(left + c * colW), (int) Math.round(y0),
            (int) Math.round(left + (c + 1) * colW) - (int) Math.round(left + c * colW), ROW_H);
        PriceMap.Cell pc = m.cell(m.loads().get(c), price);
        if (pc == null) {
          g.setColor(style.plot());
          g.fill(box);
          continue;
        }
        double share = pc.collapsed().share();
        g.setColor(Awt.colour(Palette.down(share)));
        g.fill(box);
        g.setColor(style.background());
        g.draw(box);
        g.setColor(Awt.colour(Palette.textOnDown(share)));
        g.setFont(new Font(FONT, Font.BOLD, 13));
        FontMetrics bm = g.getFontMetrics();
        String k = pc.collapsed().k() + "/" + pc.collapsed().n();
        g.drawString(k, (float) (box.getCenterX() - bm.stringWidth(k) / 2.0), (float) box.getCenterY() - 2);
        g.setFont(new Font(FONT, Font.PLAIN, 11));
        bm = g.getFontMetrics();
        String met = String.format(Locale.ROOT, "%.0f%%", 100 * pc.metShare());
        g.drawString(met, (float) (box.getCenterX() - bm.stringWidth(met) / 2.0), (float) box.getCenterY() + 13);
      }
    }
    safeLine(g, m, left, bottom, colW);
    known(g, m, left, right, bottom);
    g.setFont(new Font(FONT, Font.PLAIN, 13));
    g.setColor(style.muted());
    for (int c = 0; c < m.loads().size(); c++) {
      String label = String.format(Locale.ROOT, "%.2g", m.loads().get(c));
      g.drawString(label, (float) (left + (c + 0.5) * colW - fm.stringWidth(label) / 2.0), bottom + 17);
    }
    g.setColor(style.text());
    String x = "offered load (1 = the machine busy)";
    g.drawString(x, (float) ((left + right) / 2.0 - fm.stringWidth(x) / 2.0), bottom + 36);
    String y = "helper's start (images)";
    Graphics2D r = (Graphics2D) g.create();
    r.rotate(-Math.PI / 2);
    r.drawString(y, (float) -((top + bottom) / 2.0 + fm.stringWidth(y) / 2.0), cell.x + 20);
    r.dispose();
    g.setColor(style.grid());
    g.draw(new Rectangle2D.Double(left, top, right - left, bottom - top));
  }

  /** In each price row a vertical at the right edge of the safe load's column (the left edge when none is safe). */
  private void safeLine(Graphics2D g, PriceMap m, int left, int bottom, double colW) {
    double[] xs = new double[m.prices().size()];
    for (int r = 0; r < xs.length; r++) {
      SafeLoad s = m.safeByPrice().get(m.prices().get(r));
      xs[r] = s == null || s.point() == null ? left : left + (m.loads().indexOf(s.point()) + 1) * colW;
    }
    StaircaseLine.draw(g, style, xs, bottom, ROW_H);
  }

  /**
   * Each known machine as a dashed line at its price: between the centres of the rows around it, on a log scale of
   * price (below the lowest or above the highest row: at that row's outer edge).
   */
  private void known(Graphics2D g, PriceMap m, int left, int right, int bottom) {
    g.setFont(new Font(FONT, Font.PLAIN, 11));
    for (PriceMap.Marker k : PriceMap.KNOWN) {
      double y = yOf(m, k.images(), bottom);
      g.setColor(style.text());
      g.setStroke(dashed());
      g.draw(new Line2D.Double(left, y, right, y));
      g.setStroke(new BasicStroke(1f));
      g.drawString(k.name() + " " + PriceMap.priceLabel(k.images()), right + 4, (float) y + 4);
    }
  }

  static double yOf(PriceMap m, double images, int bottom) {
    List<Double> p = m.prices();
    if (images <= p.get(0)) {
      return bottom - ROW_H / 2.0 * Math.max(0, Math.min(1, Math.log(images / p.get(0) * Math.E)));
    }
    for (int i = 0; i + 1 < p.size(); i++) {
      if (images <= p.get(i + 1)) {
        double f = Math.log(images / p.get(i)) / Math.log(p.get(i + 1) / p.get(i));
        return bottom - (i + 0.5 + f) * ROW_H;
      }
    }
    return bottom - (p.size() - 0.5) * ROW_H - Math.min(ROW_H / 2.0, ROW_H / 2.0 * Math.log(images / p.get(p.size() - 1) + 1));
  }
}
