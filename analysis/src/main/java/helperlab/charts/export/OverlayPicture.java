package helperlab.charts.export;

import helperlab.charts.style.ChartTheme;
import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import javax.imageio.ImageIO;

/** Some of the lab's charts of two runs on the same axes, stacked in one PNG (real against replay). */
public final class OverlayPicture {
  private OverlayPicture() {}

  public static void writePng(List<ChartKind> kinds, List<PlottedRun> runs, Path out, int width, int heightEach)
      throws IOException {
    if (kinds.isEmpty()) {
      throw new IllegalArgumentException("at least one chart");
    }
    BufferedImage img = new BufferedImage(width, heightEach * kinds.size(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    try {
      ChartPainter painter = new ChartPainter(ChartTheme.LIGHT);
      for (int i = 0; i < kinds.size(); i++) {
        painter.paint(g, kinds.get(i), runs, new Rectangle(0, i * heightEach, width, heightEach), Double.NaN);
      }
    } finally {
      g.dispose();
    }
    Path parent = out.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Path tmp = out.resolveSibling(out.getFileName() + ".part");
    ImageIO.write(img, "png", tmp.toFile());
    Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
  }
}
