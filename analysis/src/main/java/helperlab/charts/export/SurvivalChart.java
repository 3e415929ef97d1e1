package helperlab.charts.export;

import helperlab.charts.style.ChartTheme;
import helperlab.charts.style.TimeFormat;
import helperlab.study.RunRow;
import helperlab.study.phase.KaplanMeier;
import helperlab.study.phase.diagram.SurvivalCurves;
import helperlab.study.phase.diagram.SurvivalCurves.Measure;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The phase study's Kaplan–Meier curves: one column per policy, a row per measure (time to tip with no trigger;
 * time to recover once a trigger knocked the run out), one step curve per offered load, coloured from light
 * (low load) to dark (high); a short upward tick marks a run censored there (the run ended, or its recovery
 * could no longer be told, before the event). Java2D, PNG and SVG.
 */
public final class SurvivalChart implements PictureFile {
  public static final int WIDTH = 1800;
  public static final int HEIGHT = 860;
  private static final String FONT = Font.SANS_SERIF;
  private static final int HEADER = 96;

  private final SurvivalCurves curves;
  private final AwtTheme style;
  private final List<Double> loads;

  public SurvivalChart(SurvivalCurves curves, ChartTheme theme) {
    if (curves.isEmpty()) {
      throw new IllegalArgumentException("no survival curves to draw (run the sweep with --study phase)");
    }
    this.curves = curves;
    this.style = AwtTheme.of(theme);
    this.loads = curves.loads();
  }

  /** Writes survival.png and survival.svg into {@code dir} if {@code rows} hold a phase study. */
  public static void writeBeside(Path dir, List<RunRow> rows) throws IOException {
    SurvivalCurves c = new SurvivalCurves(rows);
    if (c.isEmpty()) {
      return;
    }
    SurvivalChart chart = new SurvivalChart(c, ChartTheme.LIGHT);
    chart.writePng(dir.resolve("survival.png"), WIDTH, HEIGHT);
    chart.writeSvg(dir.resolve("survival.svg"), WIDTH, HEIGHT);
  }

  /** A load's colour: a blue ramp from light (lowest load) to dark (highest), the same in every panel. */
  private Color colour(double load) {
    int i = loads.indexOf(load);
    double f = loads.size() < 2 ? 1 : i / (double) (loads.size() - 1);
    Color lo = new Color(0x93c5fd);
    Color hi = new Color(0x1e3a8a);
    return new Color((int) (lo.getRed() + (hi.getRed() - lo.getRed()) * f),
        (int) (lo.getGreen() + (hi.getGreen() - lo.getGreen()) * f),
        (int) (lo.getBlue() + (hi.getBlue() - lo.getBlue()) * f));
  }

  @Override
  public void paint(Graphics2D g, int width, int height) {
    g.setColor(style.background());
    g.fill(new Rectangle(0, 0, width, height));
    g.setColor(style.text());
    g.setFont(new Font(FONT, Font.BOLD, 20));
    g.drawString("How long a run stays up, and how long it stays down: Kaplan–Meier survival per policy and offered "
        + "load", 20, 32);
    g.setFont(new Font(FONT, Font.PLAIN, 14));
    g.setColor(style.muted());
    g.drawString("Top: runs ever healthy not yet tipped, no trigger, from the first judged second (the 5-minute warm-up; "
        + "runs never healthy are not at risk; censored at the hour's end). Bottom: runs a trigger knocked out of their "
        + "untriggered twin's band, still out after its end, all triggers pooled (censored at the end of arrivals, or "
        + "when the twin went down).", 20, 54);
    legend(g, 20, 78);
    List<String> policies = curves.policies();
    int cw = width / Math.max(1, policies.size());
    int rh = (height - HEADER) / 2;
    Measure[] measures = Measure.values();
    for (int m = 0; m < measures.length; m++) {
      for (int p = 0; p < policies.size(); p++) {
        panel(g, new Rectangle(p * cw, HEADER + m * rh, cw, rh), measures[m], policies.get(p), p == 0);
      }
    }
  }

  private void legend(Graphics2D g, int x, int y) {
    g.setFont(new Font(FONT, Font.PLAIN, 14));
    FontMetrics fm = g.getFontMetrics();
    g.setColor(style.text());
    g.drawString("offered load:", x, y);
    x += fm.stringWidth("offered load:") + 10;
    for (double load : loads) {
      g.setColor(colour(load));
      g.setStroke(new BasicStroke(3f));
      g.draw(new Line2D.Double(x, y - 5, x + 24, y - 5));
      g.setColor(style.text());
      String label = String.format(Locale.ROOT, "%.2g", load);
      g.drawString(label, x + 28, y);
      x += 28 + fm.stringWidth(label) + 16;
    }
    x += 16;
    g.setStroke(new BasicStroke(1.5f));
    g.draw(new Line2D.Double(x, y - 5, x + 24, y - 5));
    g.draw(new Line2D.Double(x + 12, y - 12, x + 12, y - 5));
    g.drawString("a run censored there", x + 32, y);
    g.setStroke(new BasicStroke(1f));
  }

  private void panel(Graphics2D g, Rectangle cell, Measure m, String policy, boolean first) {
    int left = cell.x + (first ? 64 : 40);
    int right = cell.x + cell.width - 14;
    int top = cell.y + 40;
    int bottom = cell.y + cell.height - 46;
    g.setColor(style.plot());
    g.fill(new Rectangle(left, top, right - left, bottom - top));
    g.setColor(style.text());
    g.setFont(new Font(FONT, Font.BOLD, 15));
    g.drawString(policy, left, cell.y + 18);
    g.setFont(new Font(FONT, Font.PLAIN, 12));
    g.setColor(style.muted());
    g.drawString(m == Measure.TIME_TO_TIP ? "time to tip (no trigger)" : "time to recover", left, cell.y + 34);
    double horizon = Math.max(60, curves.horizonS(m));
    double step = TimeFormat.clockStep(horizon / 4); // whole minutes: 5, 10, 15…
    java.util.function.DoubleUnaryOperator px = t -> left + t / horizon * (right - left);
    java.util.function.DoubleUnaryOperator py = s -> bottom - s * (bottom - top);
    FontMetrics fm = g.getFontMetrics();
    g.setStroke(new BasicStroke(1f));
    for (double s = 0; s <= 1.0001; s += 0.25) {
      double y = py.applyAsDouble(s);
      g.setColor(style.grid());
      g.draw(new Line2D.Double(left, y, right, y));
      if (first) {
        g.setColor(style.muted());
        String label = String.format(Locale.ROOT, "%.0f%%", 100 * s);
        g.drawString(label, left - 6 - fm.stringWidth(label), (float) y + 4);
      }
    }
    for (double t = 0; t <= horizon + 1e-9; t += step) {
      double x = px.applyAsDouble(t);
      g.setColor(style.grid());
      g.draw(new Line2D.Double(x, top, x, bottom));
      g.setColor(style.muted());
      String label = String.format(Locale.ROOT, "%.0f", t / 60);
      g.drawString(label, (float) (x - fm.stringWidth(label) / 2.0), bottom + 15);
    }
    g.setColor(style.text());
    String axis = m == Measure.TIME_TO_TIP ? "minutes after the warm-up" : "minutes after the trigger";
    g.drawString(axis, (float) ((left + right) / 2.0 - fm.stringWidth(axis) / 2.0), bottom + 32);
    if (first) {
      String y = m == Measure.TIME_TO_TIP ? "runs not yet tipped" : "knocked-out runs still down";
      Graphics2D r = (Graphics2D) g.create();
      r.rotate(-Math.PI / 2);
      r.drawString(y, (float) -((top + bottom) / 2.0 + fm.stringWidth(y) / 2.0), cell.x + 16);
      r.dispose();
    }
    List<SurvivalCurves.Curve> list = curves.curves(m, policy);
    if (list.isEmpty()) {
      g.setColor(style.muted());
      String none = m == Measure.TIME_TO_TIP ? "no untriggered runs" : "no run knocked out by a trigger";
      g.drawString(none, (float) ((left + right) / 2.0 - fm.stringWidth(none) / 2.0), (top + bottom) / 2f);
    }
    for (SurvivalCurves.Curve c : list) {
      curve(g, c, px, py);
    }
    g.setColor(style.grid());
    g.draw(new Rectangle2D.Double(left, top, right - left, bottom - top));
  }

  private void curve(Graphics2D g, SurvivalCurves.Curve c, java.util.function.DoubleUnaryOperator px,
      java.util.function.DoubleUnaryOperator py) {
    Path2D line = new Path2D.Double();
    double s = 1;
    line.moveTo(px.applyAsDouble(0), py.applyAsDouble(1));
    for (KaplanMeier.Step st : c.km().steps()) {
      double x = px.applyAsDouble(st.timeS());
      line.lineTo(x, py.applyAsDouble(s));
      s = st.survival();
      line.lineTo(x, py.applyAsDouble(s));
    }
    line.lineTo(px.applyAsDouble(c.horizonS()), py.applyAsDouble(s));
    g.setColor(colour(c.load()));
    g.setStroke(new BasicStroke(2.2f));
    g.draw(line);
    TreeSet<Double> censored = new TreeSet<>();
    c.observations().stream().filter(o -> !o.event()).forEach(o -> censored.add(o.timeS()));
    g.setStroke(new BasicStroke(1.5f));
    for (double t : censored) {
      double x = px.applyAsDouble(t);
      double y = py.applyAsDouble(c.km().survival(t));
      g.draw(new Line2D.Double(x, y, x, y - 7));
    }
    g.setStroke(new BasicStroke(1f));
  }
}
