package helperlab.charts.export;

import helperlab.charts.style.SeriesStyle;
import helperlab.charts.style.ChartTheme;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;
import javax.imageio.ImageIO;

/**
 * A measured-against-fitted plot (calibration curves): measured points with their spread as error
 * bars, the fitted model as a line, linear or logarithmic axes. Java2D, headless, written as PNG.
 */
public final class FitPlot {
  /** A measured point and its spread (one standard deviation; 0 for none). */
  public record Point(double x, double y, double spread) {}

  private static final Color POINTS = Awt.colour(SeriesStyle.measured().colour());
  private static final Color MODEL = Awt.colour(SeriesStyle.model().colour());

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final List<Point> points;
  private final DoubleUnaryOperator model;
  private final String modelLabel;
  private final boolean logX;

  public FitPlot(String title, String xLabel, String yLabel, List<Point> points, DoubleUnaryOperator model,
      String modelLabel, boolean logX) {
    if (points.isEmpty()) {
      throw new IllegalArgumentException("a plot needs at least one point");
    }
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    this.points = List.copyOf(points);
    this.model = model;
    this.modelLabel = modelLabel;
    this.logX = logX;
  }

  public void writePng(Path file, int width, int height) throws IOException {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    try {
      paint(g, width, height);
    } finally {
      g.dispose();
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Path tmp = file.resolveSibling(file.getFileName() + ".part");
    ImageIO.write(img, "png", tmp.toFile());
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  public void paint(Graphics2D g, int width, int height) {
    AwtTheme s = AwtTheme.of(ChartTheme.LIGHT);
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(s.background());
    g.fillRect(0, 0, width, height);
    int left = 80;
    int right = 30;
    int top = 50;
    int bottom = 60;
    int pw = width - left - right;
    int ph = height - top - bottom;
    double minX = Double.POSITIVE_INFINITY;
    double maxX = Double.NEGATIVE_INFINITY;
    double maxY = 0;
    for (Point p : points) {
      minX = Math.min(minX, p.x());
      maxX = Math.max(maxX, p.x());
      maxY = Math.max(maxY, p.y() + p.spread());
    }
    if (model != null) {
      for (int i = 0; i <= 100; i++) {
        maxY = Math.max(maxY, model.applyAsDouble(xAt(minX, maxX, i / 100.0)));
      }
    }
    if (!logX) {
      minX = Math.min(0, minX);
    }
    maxY = niceCeiling(maxY * 1.05);
    double x0 = minX;
    double x1 = maxX == minX ? minX + 1 : maxX;
    g.setColor(s.plot());
    g.fillRect(left, top, pw, ph);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    FontMetrics fm = g.getFontMetrics();
    // Grid and ticks.
    for (int i = 0; i <= 5; i++) {
      double y = maxY * i / 5;
      int py = top + ph - (int) Math.round(ph * i / 5.0);
      g.setColor(s.grid());
      g.draw(new Line2D.Double(left, py, left + pw, py));
      g.setColor(s.muted());
      String label = fmt(y);
      g.drawString(label, left - 8 - fm.stringWidth(label), py + 4);
    }
    for (double tick : xTicks(x0, x1)) {
      int px = left + (int) Math.round(pw * frac(tick, x0, x1));
      g.setColor(s.grid());
      g.draw(new Line2D.Double(px, top, px, top + ph));
      g.setColor(s.muted());
      String label = fmt(tick);
      g.drawString(label, px - fm.stringWidth(label) / 2, top + ph + 18);
    }
    // The model.
    if (model != null) {
      Path2D.Double line = new Path2D.Double();
      for (int i = 0; i <= 400; i++) {
        double x = xAt(x0, x1, i / 400.0);
        double y = model.applyAsDouble(x);
        double px = left + pw * frac(x, x0, x1);
        double py = top + ph - ph * Math.min(1.2, y / maxY);
        if (i == 0) {
          line.moveTo(px, py);
        } else {
          line.lineTo(px, py);
        }
      }
      g.setColor(MODEL);
      g.setStroke(Awt.stroke(SeriesStyle.model(), 1));
      g.draw(line);
    }
    // The points with their spread.
    g.setStroke(Awt.stroke(SeriesStyle.measured(), 1));
    for (Point p : points) {
      double px = left + pw * frac(p.x(), x0, x1);
      double py = top + ph - ph * p.y() / maxY;
      g.setColor(POINTS);
      if (p.spread() > 0) {
        double lo = top + ph - ph * Math.max(0, p.y() - p.spread()) / maxY;
        double hi = top + ph - ph * (p.y() + p.spread()) / maxY;
        g.draw(new Line2D.Double(px, lo, px, hi));
      }
      g.fill(new Ellipse2D.Double(px - 4, py - 4, 8, 8));
    }
    // Titles, axes and legend.
    g.setColor(s.text());
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    g.drawString(title, left, 30);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    fm = g.getFontMetrics();
    g.drawString(xLabel + (logX ? " (log scale)" : ""), left + pw / 2 - fm.stringWidth(xLabel) / 2, height - 18);
    Graphics2D r = (Graphics2D) g.create();
    r.rotate(-Math.PI / 2);
    r.drawString(yLabel, -(top + ph / 2 + fm.stringWidth(yLabel) / 2), 22);
    r.dispose();
    int lx = left + pw - 260;
    g.setColor(POINTS);
    g.fill(new Ellipse2D.Double(lx, 20, 8, 8));
    g.setColor(s.text());
    g.drawString("measured", lx + 14, 29);
    if (model != null) {
      g.setColor(MODEL);
      g.setStroke(Awt.stroke(SeriesStyle.model(), 1));
      g.draw(new Line2D.Double(lx + 90, 24, lx + 110, 24));
      g.setColor(s.text());
      g.drawString(modelLabel, lx + 116, 29);
    }
  }

  private double xAt(double x0, double x1, double f) {
    return logX ? Math.exp(Math.log(x0) + f * (Math.log(x1) - Math.log(x0))) : x0 + f * (x1 - x0);
  }

  private double frac(double x, double x0, double x1) {
    return logX ? (Math.log(x) - Math.log(x0)) / (Math.log(x1) - Math.log(x0)) : (x - x0) / (x1 - x0);
  }

  private List<Double> xTicks(double x0, double x1) {
    java.util.ArrayList<Double> ticks = new java.util.ArrayList<>();
    if (logX) {
      for (double d = Math.pow(10, Math.floor(Math.log10(x0))); d <= x1 * 1.0001; d *= 10) {
        for (double m : new double[] {1, 2, 5}) {
          double t = d * m;
          if (t >= x0 * 0.999 && t <= x1 * 1.001) {
            ticks.add(t);
          }
        }
      }
    } else {
      double step = niceCeiling((x1 - x0) / 6);
      for (double t = Math.ceil(x0 / step) * step; t <= x1 + 1e-9; t += step) {
        ticks.add(t);
      }
    }
    return ticks;
  }

  private static double niceCeiling(double v) {
    if (v <= 0) {
      return 1;
    }
    double p = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (m * p >= v) {
        return m * p;
      }
    }
    return 10 * p;
  }

  private static String fmt(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e6) {
      return String.format(Locale.ROOT, "%d", (long) v);
    }
    return String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.2f" : "%.0f", v);
  }
}
