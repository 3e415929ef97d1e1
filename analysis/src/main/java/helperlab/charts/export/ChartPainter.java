package helperlab.charts.export;

import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import helperlab.charts.SampleTable;
import helperlab.charts.Series;
import helperlab.charts.style.AxisKind;
import helperlab.charts.style.SeriesStyle;
import helperlab.charts.style.ChartTheme;
import helperlab.charts.style.TickFormat;
import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws the lab's charts with Java2D, for PNG and SVG export without a JavaFX toolkit (so it works
 * headless, in scripts and CI). The first run is drawn solid, the second dashed; series keep the
 * colours they have in the window. Lines are reduced to at most a few points per pixel column
 * (first, min, max, last), so an hour of samples draws fast and SVG files stay small.
 */
public final class ChartPainter {
  private static final String FONT = Font.SANS_SERIF;

  private final AwtTheme style;

  public ChartPainter(ChartTheme theme) {
    this.style = AwtTheme.of(theme);
  }

  /** All six charts in a 2 × 3 grid. */
  public void paintAll(Graphics2D g, List<PlottedRun> runs, int width, int height, double cursorS) {
    setup(g);
    g.setColor(style.background());
    g.fill(new Rectangle(0, 0, width, height));
    ChartKind[] kinds = ChartKind.values();
    int cols = 2;
    int rows = (kinds.length + cols - 1) / cols;
    int cw = width / cols;
    int ch = height / rows;
    for (int i = 0; i < kinds.length; i++) {
      Rectangle cell = new Rectangle((i % cols) * cw, (i / cols) * ch, cw, ch);
      paint(g, kinds[i], runs, cell, cursorS);
    }
  }

  /** One chart filling {@code bounds}; {@code cursorS} draws the time cursor when finite. */
  public void paint(Graphics2D g, ChartKind kind, List<PlottedRun> runs, Rectangle bounds, double cursorS) {
    setup(g);
    Shape oldClip = g.getClip();
    g.clip(bounds);
    g.setColor(style.background());
    g.fill(bounds);
    double scale = Math.max(0.75, Math.min(1.6, Math.min(bounds.width / 640.0, bounds.height / 400.0)));
    Font title = new Font(FONT, Font.BOLD, (int) Math.round(15 * scale));
    Font small = new Font(FONT, Font.PLAIN, (int) Math.round(11 * scale));
    Font label = new Font(FONT, Font.PLAIN, (int) Math.round(12 * scale));
    int pad = (int) Math.round(10 * scale);

    // title
    g.setFont(title);
    g.setColor(style.text());
    FontMetrics tm = g.getFontMetrics();
    int y = bounds.y + pad + tm.getAscent();
    g.drawString(kind.title(), bounds.x + pad, y);
    y += tm.getDescent() + (int) (4 * scale);

    // legend, wrapped to the width
    g.setFont(small);
    FontMetrics sm = g.getFontMetrics();
    List<LegendItem> items = legend(kind, runs);
    int lx = bounds.x + pad;
    int lineH = sm.getHeight();
    int ly = y + sm.getAscent();
    int swatch = (int) Math.round(22 * scale);
    for (LegendItem item : items) {
      int itemW = swatch + 4 + sm.stringWidth(item.text) + (int) (14 * scale);
      if (lx + itemW > bounds.x + bounds.width - pad && lx > bounds.x + pad) {
        lx = bounds.x + pad;
        ly += lineH;
      }
      g.setColor(Awt.colour(item.style.colour()));
      g.setStroke(Awt.stroke(legendKey(item.style), scale));
      g.draw(new Line2D.Double(lx, ly - sm.getAscent() / 2.5, lx + swatch, ly - sm.getAscent() / 2.5));
      g.setColor(style.text());
      g.drawString(item.text, lx + swatch + 4, ly);
      lx += itemW;
    }
    y = ly + sm.getDescent() + (int) (6 * scale);

    // scales: the plot's height first (value axes are placed by their length), then the margins their labels need
    g.setFont(small);
    int bottomMargin = sm.getHeight() * 2 + pad + 4;
    double plotH = Math.max(10, bounds.y + bounds.height - bottomMargin - y);
    AxisKind leftKind = AxisKind.left(kind);
    AxisKind rightKind = AxisKind.right(kind);
    double leftMax = max(kind, runs, false);
    if (kind == ChartKind.MEMORY) {
      for (PlottedRun r : runs) {
        leftMax = Math.max(leftMax, r.memoryLimitMb() * 1.05);
      }
    }
    NiceScale left = NiceScale.axis(leftKind, 0, leftMax, plotH, true);
    NiceScale right = rightKind == null ? null : NiceScale.axis(rightKind, 0, max(kind, runs, true), plotH, true);
    int leftMargin = Math.max(sm.stringWidth(leftKind.label(left.max(), left.step(), left.max())),
        sm.stringWidth("0000")) + sm.getHeight() + pad + 8;
    int rightMargin = right == null ? pad * 2
        : Math.max(sm.stringWidth(rightKind.label(right.max(), right.step(), right.max())), sm.stringWidth("000"))
            + sm.getHeight() + pad + 8;
    Rectangle2D plot = new Rectangle2D.Double(bounds.x + leftMargin, y, bounds.width - leftMargin - rightMargin,
        plotH);
    double xMax = 1;
    for (PlottedRun r : runs) {
      xMax = Math.max(xMax, r.samples().endS());
    }
    NiceScale xs = NiceScale.exact(AxisKind.TIME, 0, xMax, plot.getWidth(), false);

    g.setColor(style.plot());
    g.fill(plot);
    drawGridAndAxes(g, plot, xs, left, right, kind, sm);

    // data
    Shape plotClip = g.getClip();
    g.clip(plot);
    for (int r = 0; r < runs.size(); r++) {
      PlottedRun run = runs.get(r);
      // the first series (the main one) last, so it is on top
      for (int k = kind.series().size() - 1; k >= 0; k--) {
        Series s = kind.series().get(k);
        NiceScale ys = s.rightAxis() ? right : left;
        SeriesStyle st = SeriesStyle.run(s, r);
        g.setColor(Awt.colour(st.colour()));
        g.setStroke(Awt.stroke(st, scale));
        g.draw(path(run.samples(), s, plot, xs, ys));
      }
      if (kind == ChartKind.MEMORY && run.memoryLimitMb() > 0) {
        double py = yPix(run.memoryLimitMb(), plot, left);
        SeriesStyle limit = SeriesStyle.memoryLimit();
        g.setColor(Awt.colour(limit.colour()));
        g.setStroke(Awt.stroke(limit, scale));
        g.draw(new Line2D.Double(plot.getMinX(), py, plot.getMaxX(), py));
        if (r == 0) {
          g.setFont(small);
          g.drawString("limit " + TickFormat.value(Series.MEMORY, run.memoryLimitMb()), (float) plot.getMinX() + 6, (float) py - 4);
        }
      }
    }
    if (Double.isFinite(cursorS) && cursorS >= xs.min() && cursorS <= xs.max()) {
      double px = xPix(cursorS, plot, xs);
      g.setColor(style.cursor());
      g.setStroke(new BasicStroke((float) (1.2 * scale)));
      g.draw(new Line2D.Double(px, plot.getMinY(), px, plot.getMaxY()));
    }
    g.setClip(plotClip);
    g.setClip(oldClip);
  }

  private void drawGridAndAxes(Graphics2D g, Rectangle2D plot, NiceScale xs, NiceScale left, NiceScale right,
      ChartKind kind, FontMetrics sm) {
    AxisKind leftKind = AxisKind.left(kind);
    AxisKind rightKind = AxisKind.right(kind);
    g.setStroke(new BasicStroke(1f));
    g.setFont(sm.getFont());
    for (double v : AxisKind.positions(left.min(), left.max(), left.step())) {
      double py = yPix(v, plot, left);
      g.setColor(style.grid());
      g.draw(new Line2D.Double(plot.getMinX(), py, plot.getMaxX(), py));
      g.setColor(style.muted());
      String s = leftKind.label(v, left.step(), left.max());
      g.drawString(s, (float) (plot.getMinX() - 6 - sm.stringWidth(s)), (float) (py + sm.getAscent() / 2.5));
    }
    if (right != null) {
      for (double v : AxisKind.positions(right.min(), right.max(), right.step())) {
        double py = yPix(v, plot, right);
        g.setColor(style.muted());
        g.drawString(rightKind.label(v, right.step(), right.max()), (float) (plot.getMaxX() + 6), (float) (py + sm.getAscent() / 2.5));
      }
    }
    for (double v : AxisKind.positions(xs.min(), xs.max(), xs.step())) {
      double px = xPix(v, plot, xs);
      g.setColor(style.grid());
      g.draw(new Line2D.Double(px, plot.getMinY(), px, plot.getMaxY()));
      g.setColor(style.muted());
      String s = AxisKind.TIME.label(v, xs.step(), xs.max());
      g.drawString(s, (float) (px - sm.stringWidth(s) / 2.0), (float) (plot.getMaxY() + sm.getAscent() + 4));
    }
    g.setColor(style.muted());
    g.draw(new Line2D.Double(plot.getMinX(), plot.getMaxY(), plot.getMaxX(), plot.getMaxY()));
    g.draw(new Line2D.Double(plot.getMinX(), plot.getMinY(), plot.getMinX(), plot.getMaxY()));
    String xLabel = "time (h:mm:ss)";
    g.setColor(style.text());
    g.drawString(xLabel, (float) (plot.getCenterX() - sm.stringWidth(xLabel) / 2.0),
        (float) (plot.getMaxY() + sm.getHeight() * 2 + 2));
    drawVertical(g, leftKind.name(kind.leftLabel(), left.max()), plot.getMinX() - 6 - sm.stringWidth("0000") - 6, plot.getCenterY(), sm);
    if (right != null) {
      drawVertical(g, kind.rightLabel(), plot.getMaxX() + 6 + sm.stringWidth("000") + sm.getHeight(),
          plot.getCenterY(), sm);
    }
  }

  private static void drawVertical(Graphics2D g, String text, double x, double cy, FontMetrics fm) {
    Graphics2D r = (Graphics2D) g.create();
    r.translate(x, cy + fm.stringWidth(text) / 2.0);
    r.rotate(-Math.PI / 2);
    r.drawString(text, 0, 0);
    r.dispose();
  }

  /** A legend entry: its text and the style of the line it names. */
  public record LegendItem(String text, SeriesStyle style) {}

  /** The legend of a chart of {@code kind} over {@code runs}: each run's series, with the style they are drawn in. */
  public static List<LegendItem> legend(ChartKind kind, List<PlottedRun> runs) {
    List<LegendItem> items = new ArrayList<>();
    for (int r = 0; r < runs.size(); r++) {
      for (Series s : kind.series()) {
        String text = runs.size() > 1 ? s.label() + " · " + runs.get(r).label() : s.label();
        items.add(new LegendItem(text, SeriesStyle.run(s, r)));
      }
    }
    return items;
  }

  /** A legend's key is a thicker stroke of the line it names, so its colour reads at a glance. */
  private static SeriesStyle legendKey(SeriesStyle line) {
    return new SeriesStyle(line.colour(), 2, line.dashes(), 0);
  }

  private static double max(ChartKind kind, List<PlottedRun> runs, boolean rightAxis) {
    double m = 0;
    for (PlottedRun r : runs) {
      SampleTable t = r.samples();
      for (Series s : kind.series()) {
        if (s.rightAxis() != rightAxis) {
          continue;
        }
        for (int i = 0; i < t.size(); i++) {
          double v = s.value(t, i);
          if (v > m) {
            m = v;
          }
        }
      }
    }
    return m;
  }

  /**
   * A polyline reduced per pixel column to first, min, max and last; NaN breaks the line. A count holds its value
   * until the next sample, so it is drawn as steps: level to the next column, then up or down.
   */
  static Path2D path(SampleTable t, Series s, Rectangle2D plot, NiceScale xs, NiceScale ys) {
    boolean steps = s.isCount();
    Path2D.Double p = new Path2D.Double();
    int n = t.size();
    boolean pen = false;
    long column = Long.MIN_VALUE;
    double first = 0;
    double lo = 0;
    double hi = 0;
    double last = 0;
    double colX = 0;
    for (int i = 0; i <= n; i++) {
      long col = Long.MAX_VALUE;
      double v = Double.NaN;
      double px = 0;
      if (i < n) {
        px = xPix(t.t(i), plot, xs);
        col = (long) Math.floor(px);
        v = s.value(t, i);
      }
      if ((col != column || Double.isNaN(v)) && column != Long.MIN_VALUE && pen) {
        // flush the column
        double yf = yPix(first, plot, ys);
        if (steps && p.getCurrentPoint() != null) {
          p.lineTo(colX, p.getCurrentPoint().getY());
        }
        p.lineTo(colX, yf);
        if (hi != lo) {
          p.lineTo(colX, yPix(lo, plot, ys));
          p.lineTo(colX, yPix(hi, plot, ys));
        }
        p.lineTo(colX, yPix(last, plot, ys));
      }
      if (i == n) {
        break;
      }
      if (Double.isNaN(v)) {
        pen = false;
        column = Long.MIN_VALUE;
        continue;
      }
      if (col != column || !pen) {
        if (!pen) {
          p.moveTo(px, yPix(v, plot, ys));
          pen = true;
        }
        column = col;
        colX = px;
        first = v;
        lo = v;
        hi = v;
      }
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
      last = v;
    }
    return p;
  }

  static double xPix(double x, Rectangle2D plot, NiceScale xs) {
    return plot.getMinX() + (x - xs.min()) / xs.span() * plot.getWidth();
  }

  static double yPix(double y, Rectangle2D plot, NiceScale ys) {
    return plot.getMaxY() - (y - ys.min()) / ys.span() * plot.getHeight();
  }

  private static void setup(Graphics2D g) {
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
  }
}
