package helperlab.charts.export;

import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import helperlab.charts.SampleTable;
import helperlab.charts.Series;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws the lab's charts with Java2D, for PNG and SVG export without a JavaFX toolkit (so it works
 * headless, in scripts and CI). The first run is drawn solid, the second dashed; series keep the
 * colours they have in the window. Lines are reduced to at most a few points per pixel column
 * (first, min, max, last), so an hour of samples draws fast and SVG files stay small.
 */
public final class ChartPainter {
  private static final String FONT = Font.SANS_SERIF;
  private static final float[] DASH = {7f, 4f};

  private final ChartStyle style;

  public ChartPainter(ChartStyle style) {
    this.style = style;
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
      g.setColor(item.color);
      g.setStroke(stroke(2f * (float) scale, item.dashed));
      g.draw(new Line2D.Double(lx, ly - sm.getAscent() / 2.5, lx + swatch, ly - sm.getAscent() / 2.5));
      g.setColor(style.text());
      g.drawString(item.text, lx + swatch + 4, ly);
      lx += itemW;
    }
    y = ly + sm.getDescent() + (int) (6 * scale);

    // scales
    double xMax = 1;
    for (PlottedRun r : runs) {
      xMax = Math.max(xMax, r.samples().endS());
    }
    NiceScale xs = NiceScale.clock(0, xMax, 8);
    NiceScale left = NiceScale.of(0, max(kind, runs, false), 5);
    NiceScale right = null;
    if (kind.hasRightAxis()) {
      right = kind == ChartKind.DEADLINES ? NiceScale.fixed(0, 100, 5) : NiceScale.of(0, max(kind, runs, true), 5);
    }
    if (kind == ChartKind.MEMORY) {
      double limit = 0;
      for (PlottedRun r : runs) {
        limit = Math.max(limit, r.memoryLimitMb());
      }
      if (limit > 0) {
        left = NiceScale.of(0, Math.max(left.max(), limit * 1.05), 5);
      }
    }

    g.setFont(small);
    int leftMargin = Math.max(sm.stringWidth(tick(left.max(), left.step())), sm.stringWidth("0000")) + sm.getHeight()
        + pad + 8;
    int rightMargin = right == null ? pad * 2
        : Math.max(sm.stringWidth(tick(right.max(), right.step())), sm.stringWidth("000")) + sm.getHeight() + pad + 8;
    int bottomMargin = sm.getHeight() * 2 + pad + 4;
    Rectangle2D plot = new Rectangle2D.Double(bounds.x + leftMargin, y, bounds.width - leftMargin - rightMargin,
        Math.max(10, bounds.y + bounds.height - bottomMargin - y));

    g.setColor(style.plot());
    g.fill(plot);
    drawGridAndAxes(g, plot, xs, left, right, kind, sm, label);

    // data
    Shape plotClip = g.getClip();
    g.clip(plot);
    for (int r = 0; r < runs.size(); r++) {
      PlottedRun run = runs.get(r);
      boolean dashed = r > 0;
      // the first series (the main one) last, so it is on top
      for (int k = kind.series().size() - 1; k >= 0; k--) {
        Series s = kind.series().get(k);
        NiceScale ys = s.rightAxis() ? right : left;
        g.setColor(Color.decode(s.color()));
        g.setStroke(stroke((float) (1.6 * scale), dashed));
        g.draw(path(run.samples(), s, plot, xs, ys));
      }
      if (kind == ChartKind.MEMORY && run.memoryLimitMb() > 0) {
        double py = yPix(run.memoryLimitMb(), plot, left);
        g.setColor(new Color(0xef4444));
        g.setStroke(stroke((float) (1.2 * scale), true));
        g.draw(new Line2D.Double(plot.getMinX(), py, plot.getMaxX(), py));
        if (r == 0) {
          g.setFont(small);
          g.drawString("limit " + tick(run.memoryLimitMb(), 1) + " MB", (float) plot.getMinX() + 6, (float) py - 4);
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
      ChartKind kind, FontMetrics sm, Font labelFont) {
    g.setStroke(new BasicStroke(1f));
    g.setFont(sm.getFont());
    for (double v = left.min(); v <= left.max() + left.step() * 1e-6; v += left.step()) {
      double py = yPix(v, plot, left);
      g.setColor(style.grid());
      g.draw(new Line2D.Double(plot.getMinX(), py, plot.getMaxX(), py));
      g.setColor(style.muted());
      String s = tick(v, left.step());
      g.drawString(s, (float) (plot.getMinX() - 6 - sm.stringWidth(s)), (float) (py + sm.getAscent() / 2.5));
    }
    if (right != null) {
      for (double v = right.min(); v <= right.max() + right.step() * 1e-6; v += right.step()) {
        double py = yPix(v, plot, right);
        g.setColor(style.muted());
        g.drawString(tick(v, right.step()), (float) (plot.getMaxX() + 6), (float) (py + sm.getAscent() / 2.5));
      }
    }
    for (double v = xs.min(); v <= xs.max() + xs.step() * 1e-6; v += xs.step()) {
      double px = xPix(v, plot, xs);
      g.setColor(style.grid());
      g.draw(new Line2D.Double(px, plot.getMinY(), px, plot.getMaxY()));
      g.setColor(style.muted());
      String s = clockTick(v);
      g.drawString(s, (float) (px - sm.stringWidth(s) / 2.0), (float) (plot.getMaxY() + sm.getAscent() + 4));
    }
    g.setColor(style.muted());
    g.draw(new Line2D.Double(plot.getMinX(), plot.getMaxY(), plot.getMaxX(), plot.getMaxY()));
    g.draw(new Line2D.Double(plot.getMinX(), plot.getMinY(), plot.getMinX(), plot.getMaxY()));
    String xLabel = "time (h:mm:ss)";
    g.setColor(style.text());
    g.drawString(xLabel, (float) (plot.getCenterX() - sm.stringWidth(xLabel) / 2.0),
        (float) (plot.getMaxY() + sm.getHeight() * 2 + 2));
    drawVertical(g, kind.leftLabel(), plot.getMinX() - 6 - sm.stringWidth("0000") - 6, plot.getCenterY(), sm);
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

  private record LegendItem(String text, Color color, boolean dashed) {}

  private static List<LegendItem> legend(ChartKind kind, List<PlottedRun> runs) {
    List<LegendItem> items = new ArrayList<>();
    for (int r = 0; r < runs.size(); r++) {
      for (Series s : kind.series()) {
        String text = runs.size() > 1 ? s.label() + " · " + runs.get(r).label() : s.label();
        items.add(new LegendItem(text, Color.decode(s.color()), r > 0));
      }
    }
    return items;
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

  /** A time tick as the lab's axes write it: {@code 5:00}, {@code 1:00:00}. */
  static String clockTick(double seconds) {
    long s = Math.round(Math.max(0, seconds));
    return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, (s % 3600) / 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
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

  private static Stroke stroke(float width, boolean dashed) {
    return dashed ? new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, scaled(DASH, width), 0f)
        : new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
  }

  private static float[] scaled(float[] dash, float width) {
    float k = Math.max(1f, width / 1.6f);
    return new float[] {dash[0] * k, dash[1] * k};
  }

  /** A tick label: whole numbers without decimals, otherwise as many decimals as the step needs. */
  static String tick(double v, double step) {
    if (Math.abs(v) >= 10_000 && step >= 1000) {
      return String.format(Locale.ROOT, "%.0fk", v / 1000);
    }
    if (step >= 1 || v == Math.rint(v) && step >= 0.999) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    int decimals = (int) Math.min(6, Math.ceil(-Math.log10(step)));
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  private static void setup(Graphics2D g) {
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
  }
}
