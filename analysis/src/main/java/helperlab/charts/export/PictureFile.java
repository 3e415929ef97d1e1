package helperlab.charts.export;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.imageio.ImageIO;
import org.jfree.svg.SVGGraphics2D;

/** A picture painted with Java2D, written as PNG (through a temporary name) or SVG. */
@FunctionalInterface
public interface PictureFile {
  void paint(Graphics2D g, int width, int height);

  default void writePng(Path file, int width, int height) throws IOException {
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      paint(g, width, height);
    } finally {
      g.dispose();
    }
    Path tmp = file.resolveSibling(file.getFileName() + ".part");
    ImageIO.write(img, "png", tmp.toFile());
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  default void writeSvg(Path file, int width, int height) throws IOException {
    SVGGraphics2D g = SvgCanvas.of(width, height, file.getFileName().toString());
    paint(g, width, height);
    Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
  }
}
