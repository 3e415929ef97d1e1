package helperlab.charts.export;

import helperlab.study.RunRow;
import helperlab.study.SpawnCostCurves;
import helperlab.charts.style.AxisKind;
import helperlab.charts.style.Palette;
import helperlab.charts.style.SeriesStyle;
import helperlab.charts.style.ChartTheme;
import helperlab.charts.style.TickFormat;
import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import javax.imageio.ImageIO;
import org.jfree.svg.SVGGraphics2D;

/**
 * The spawn-cost study's breakeven chart: one panel per machine × scenario, each splitting policy's
 * met share minus the pool's (points, paired over seeds, with its 95% band) against the spawn cost on
 * a log axis; the zero line is the pool, the dashed line the "level" margin. Java2D, headless, as PNG
 * and SVG (JFreeSVG).
 */
public final class BreakevenChart {
  public static final int WIDTH = 1800;
  public static final int HEIGHT = 1100;
  private static final String FONT = Font.SANS_SERIF;

  private final SpawnCostCurves curves;
  private final AwtTheme style;

  public BreakevenChart(SpawnCostCurves curves, ChartTheme theme) {
    if (curves.isEmpty()) {
      throw new IllegalArgumentException("no spawn-cost curves to draw (run the sweep with --study spawn-cost)");
    }
    this.curves = curves;
    this.style = AwtTheme.of(theme);
  }

  /** Writes breakeven.png and breakeven.svg into {@code dir} if {@code rows} hold a spawn-cost study. */
  public static void writeBeside(Path dir, List<RunRow> rows) throws IOException {
    SpawnCostCurves c = SpawnCostCurves.of(rows);
    if (c.isEmpty()) {
      return;
    }
    BreakevenChart chart = new BreakevenChart(c, ChartTheme.LIGHT);
    chart.writePng(dir.resolve("breakeven.png"));
    chart.writeSvg(dir.resolve("breakeven.svg"));
  }

  public void writePng(Path file) throws IOException {
    BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    try {
      paint(g, WIDTH, HEIGHT);
    } finally {
      g.dispose();
    }
    Path tmp = file.resolveSibling(file.getFileName() + ".part");
    ImageIO.write(img, "png", tmp.toFile());
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  public void writeSvg(Path file) throws IOException {
    SVGGraphics2D g = SvgCanvas.of(WIDTH, HEIGHT, file.getFileName().toString());
    paint(g, WIDTH, HEIGHT);
    Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
  }

  public void paint(Graphics2D g, int width, int height) {
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(style.background());
    g.fill(new Rectangle(0, 0, width, height));
    g.setColor(style.text());
    g.setFont(new Font(FONT, Font.BOLD, 18));
    g.drawString("Splitting minus the pool (pool-edf-10), deadline-met share in points, against a fresh worker's CPU"
        + " (start-up + warm-up, its first images' extra alike; its memory the JVM's)",
        20, 30);
    List<String> policies = curves.curves().stream().map(SpawnCostCurves.Curve::policy).distinct().toList();
    legend(g, policies, 20, 50);
    List<String> machines = curves.machines();
    List<String> scenarios = curves.scenarios();
    double[] range = range();
    int top = 80;
    int cw = width / scenarios.size();
    int ch = (height - top) / machines.size();
    for (int m = 0; m < machines.size(); m++) {
      for (int s = 0; s < scenarios.size(); s++) {
        Rectangle cell = new Rectangle(s * cw, top + m * ch, cw, ch);
        panel(g, cell, machines.get(m), scenarios.get(s), policies, range);
      }
    }
  }

  private double[] range() {
    double lo = 0;
    double hi = 0;
    double cmin = Double.MAX_VALUE;
    double cmax = 0;
    for (SpawnCostCurves.Curve c : curves.curves()) {
      for (SpawnCostCurves.Point p : c.points()) {
        lo = Math.min(lo, p.difference().mean());
        hi = Math.max(hi, p.difference().mean());
        cmin = Math.min(cmin, p.spawnCostS());
        cmax = Math.max(cmax, p.spawnCostS());
      }
    }
    NiceScale y = NiceScale.of(lo, hi, 6);
    return new double[] {y.min(), y.max(), y.step(), Math.log10(cmin), Math.log10(cmax)};
  }

  private void legend(Graphics2D g, List<String> policies, int x, int y) {
    g.setFont(new Font(FONT, Font.PLAIN, 14));
    FontMetrics fm = g.getFontMetrics();
    for (int i = 0; i < policies.size(); i++) {
      g.setColor(Awt.colour(Palette.policy(i)));
      g.setStroke(new BasicStroke(3f));
      g.draw(new Line2D.Double(x, y - 5, x + 24, y - 5));
      g.setColor(style.text());
      g.drawString(policies.get(i), x + 30, y);
      x += 30 + fm.stringWidth(policies.get(i)) + 24;
    }
  }

  private void panel(Graphics2D g, Rectangle cell, String machine, String scenario, List<String> policies, double[] r) {
    int left = cell.x + 52;
    int right = cell.x + cell.width - 12;
    int top = cell.y + 26;
    int bottom = cell.y + cell.height - 34;
    g.setColor(style.plot());
    g.fill(new Rectangle(left, top, right - left, bottom - top));
    g.setFont(new Font(FONT, Font.BOLD, 13));
    g.setColor(style.text());
    g.drawString(scenario + " on " + machine, left, cell.y + 18);
    double yMin = r[0];
    double yMax = r[1];
    double xMin = r[3];
    double xMax = r[4];
    java.util.function.DoubleUnaryOperator px = c -> left + (Math.log10(c) - xMin) / (xMax - xMin) * (right - left);
    java.util.function.DoubleUnaryOperator py = v -> bottom - (v - yMin) / (yMax - yMin) * (bottom - top);
    g.setFont(new Font(FONT, Font.PLAIN, 11));
    FontMetrics fm = g.getFontMetrics();
    g.setStroke(new BasicStroke(1f));
    for (double v : AxisKind.positions(yMin, yMax, r[2])) {
      double y = py.applyAsDouble(v);
      g.setColor(style.grid());
      g.draw(new Line2D.Double(left, y, right, y));
      g.setColor(style.muted());
      String label = AxisKind.VALUE.label(v, r[2], yMax);
      g.drawString(label, left - 6 - fm.stringWidth(label), (float) y + 4);
    }
    for (double c : new double[] {0.005, 0.05, 0.5, 3}) {
      if (Math.log10(c) < xMin - 1e-9 || Math.log10(c) > xMax + 1e-9) {
        continue;
      }
      double x = px.applyAsDouble(c);
      g.setColor(style.grid());
      g.draw(new Line2D.Double(x, top, x, bottom));
      g.setColor(style.muted());
      String label = TickFormat.duration(c);
      g.drawString(label, (float) (x - fm.stringWidth(label) / 2.0), bottom + 16);
    }
    g.setColor(Awt.colour(SeriesStyle.pool().colour()));
    g.setStroke(Awt.stroke(SeriesStyle.pool(), 1));
    double zero = py.applyAsDouble(0);
    g.draw(new Line2D.Double(left, zero, right, zero));
    g.setColor(Awt.colour(SeriesStyle.levelMargin().colour()));
    g.setStroke(Awt.stroke(SeriesStyle.levelMargin(), 1));
    double level = py.applyAsDouble(-SpawnCostCurves.LEVEL_POINTS);
    if (level <= bottom) {
      g.draw(new Line2D.Double(left, level, right, level));
    }
    for (SpawnCostCurves.Curve c : curves.panel(machine, scenario)) {
      SeriesStyle curve = SeriesStyle.policyCurve(policies.indexOf(c.policy()));
      Path2D band = new Path2D.Double();
      Path2D line = new Path2D.Double();
      List<SpawnCostCurves.Point> pts = c.points();
      for (int i = 0; i < pts.size(); i++) {
        double x = px.applyAsDouble(pts.get(i).spawnCostS());
        double y = py.applyAsDouble(clamp(pts.get(i).difference().mean(), yMin, yMax));
        if (i == 0) {
          line.moveTo(x, y);
          band.moveTo(x, py.applyAsDouble(clamp(pts.get(i).difference().hi(), yMin, yMax)));
        } else {
          line.lineTo(x, y);
          band.lineTo(x, py.applyAsDouble(clamp(pts.get(i).difference().hi(), yMin, yMax)));
        }
      }
      for (int i = pts.size() - 1; i >= 0; i--) {
        band.lineTo(px.applyAsDouble(pts.get(i).spawnCostS()), py.applyAsDouble(clamp(pts.get(i).difference().lo(), yMin, yMax)));
      }
      band.closePath();
      // the window draws the interval as error bars; a picture has room for the band
      g.setColor(Awt.colour(curve.colour(), 36));
      g.fill(band);
      g.setColor(Awt.colour(curve.colour()));
      g.setStroke(Awt.stroke(curve, 1));
      g.draw(line);
    }
    g.setColor(style.grid());
    g.setStroke(new BasicStroke(1f));
    g.draw(new Rectangle2D.Double(left, top, right - left, bottom - top));
  }

  private static double clamp(double v, double lo, double hi) {
    return Double.isNaN(v) ? lo : Math.max(lo, Math.min(hi, v));
  }
}
