package helperlab.charts.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Calibration plots are real PNGs with the points and the model drawn. */
class FitPlotTest {
  @Test
  void aPlotIsAPngOfTheRequestedSizeWithBothColoursOnIt(@TempDir Path dir) throws Exception {
    Path png = dir.resolve("cost.png");
    new FitPlot("cost", "megapixels", "ms", List.of(new FitPlot.Point(0.5, 20, 3), new FitPlot.Point(10, 200, 20),
        new FitPlot.Point(60, 500, 40)), mp -> 30 * Math.pow(mp, 0.8), "fit", true).writePng(png, 800, 500);
    BufferedImage img = ImageIO.read(png.toFile());
    assertEquals(800, img.getWidth());
    assertEquals(500, img.getHeight());
    boolean blue = false;
    boolean orange = false;
    for (int x = 0; x < img.getWidth(); x++) {
      for (int y = 60; y < img.getHeight() - 60; y++) {
        int rgb = img.getRGB(x, y) & 0xffffff;
        blue |= rgb == 0x2563eb;
        orange |= rgb == 0xea580c;
      }
    }
    assertTrue(blue && orange, "points and model drawn");
  }

  @Test
  void aPlotNeedsPoints() {
    assertThrows(IllegalArgumentException.class, () -> new FitPlot("t", "x", "y", List.of(), x -> x, "m", false));
  }
}
