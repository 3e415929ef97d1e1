package helperlab.charts.export;

import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import helperlab.charts.style.ChartTheme;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.jfree.svg.SVGGraphics2D;

/**
 * Writes a chart (or all six) of one run or two overlaid runs as PNG, SVG or CSV, chosen by the file
 * extension. Pure Java2D: no JavaFX toolkit, no display.
 */
public final class ChartExport {
  public static final int DEFAULT_WIDTH = 1200;
  public static final int DEFAULT_HEIGHT = 700;
  public static final int DEFAULT_ALL_WIDTH = 1600;
  public static final int DEFAULT_ALL_HEIGHT = 1200;

  /** What to export: one chart, or all (kind null); the runs; picture size; time cursor (NaN: none). */
  public record Request(ChartKind kind, List<PlottedRun> runs, int width, int height, ChartTheme style,
      double cursorS) {
    public Request {
      runs = List.copyOf(runs);
      if (runs.isEmpty() || runs.size() > 2) {
        throw new IllegalArgumentException("export one run, or two to overlay; got " + runs.size());
      }
      if (width < 100 || height < 100 || width > 10_000 || height > 10_000) {
        throw new IllegalArgumentException("picture size must be between 100 and 10000 pixels each way, got "
            + width + " x " + height);
      }
    }

    public static Request of(ChartKind kind, List<PlottedRun> runs) {
      return new Request(kind, runs, kind == null ? DEFAULT_ALL_WIDTH : DEFAULT_WIDTH,
          kind == null ? DEFAULT_ALL_HEIGHT : DEFAULT_HEIGHT, ChartTheme.LIGHT, Double.NaN);
    }
  }

  private ChartExport() {}

  /** Writes the file (atomically, through a temporary name) and returns its format. */
  public static ExportFormat write(Request r, Path out) throws IOException {
    ExportFormat format = ExportFormat.of(out);
    Path parent = out.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Path tmp = out.resolveSibling(out.getFileName() + ".part");
    try {
      switch (format) {
        case PNG -> ImageIO.write(image(r), "png", tmp.toFile());
        case SVG -> Files.writeString(tmp, svg(r), StandardCharsets.UTF_8);
        case CSV -> {
          try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            ChartCsv.write(w, r.kind() == null ? Arrays.asList(ChartKind.values()) : List.of(r.kind()), r.runs());
          }
        }
      }
      Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
    return format;
  }

  public static BufferedImage image(Request r) {
    BufferedImage img = new BufferedImage(r.width(), r.height(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    try {
      paint(g, r);
    } finally {
      g.dispose();
    }
    return img;
  }

  public static String svg(Request r) {
    SVGGraphics2D g = SvgCanvas.of(r.width(), r.height(), "chart");
    paint(g, r);
    return g.getSVGDocument();
  }

  private static void paint(Graphics2D g, Request r) {
    ChartPainter painter = new ChartPainter(r.style());
    if (r.kind() == null) {
      painter.paintAll(g, r.runs(), r.width(), r.height(), r.cursorS());
    } else {
      painter.paint(g, r.kind(), r.runs(), new Rectangle(0, 0, r.width(), r.height()), r.cursorS());
    }
  }
}
