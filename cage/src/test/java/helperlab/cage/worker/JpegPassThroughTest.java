package helperlab.cage.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JPEGs that need no resize, turn or colour conversion are published as their own compressed data
 * without metadata: the same pixels as the source, no EXIF, comment or trailer; everything else still
 * goes through the decoder (real JPEGs, written by ImageIO, with segments put in by hand).
 */
class JpegPassThroughTest {
  private final Resizer resizer = new Resizer(100_000_000L);

  private static int[] pixels(BufferedImage img) {
    return img.getRGB(0, 0, img.getWidth(), img.getHeight(), null, 0, img.getWidth());
  }

  private static byte[] phone(int orientation) {
    byte[] plain;
    try {
      plain = ImageCorpus.jpeg(ImageCorpus.shown(1200, 800));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    byte[] withExif = ImageCorpus.withSegment(plain, 0xE1, ImageCorpus.exif(orientation));
    byte[] withComment = ImageCorpus.withSegment(withExif, 0xFE, "taken by Jane Example".getBytes(StandardCharsets.US_ASCII));
    byte[] trailer = "MotionPhoto_Data Jane Example".getBytes(StandardCharsets.US_ASCII); // what some phones append
    byte[] all = Arrays.copyOf(withComment, withComment.length + trailer.length);
    System.arraycopy(trailer, 0, all, withComment.length, trailer.length);
    return all;
  }

  @Test
  void aPhotoThatNeedsNothingKeepsItsPixelsAndLosesItsMetadata(@TempDir Path dir) throws Exception {
    Path src = dir.resolve("phone.jpg");
    Files.write(src, phone(1));
    Path out = dir.resolve("out.jpg");
    Resizer.Output o = resizer.resizeFile(src, out, 2048);
    assertEquals(1200, o.width());
    assertEquals(800, o.height());
    BufferedImage shown = ImageIO.read(out.toFile());
    assertArrayEquals(pixels(ImageIO.read(src.toFile())), pixels(shown), "the very same pixels: nothing re-encoded");
    ImagesAsSentTest.assertNoPrivateMetadata(out);
    String bytes = new String(Files.readAllBytes(out), StandardCharsets.ISO_8859_1);
    assertFalse(bytes.contains("MotionPhoto"), "nothing after the end marker");
    assertTrue(Files.size(out) < Files.size(src), "smaller by the metadata");
    JpegPassThrough.Stripped s = JpegPassThrough.strip(Files.readAllBytes(src), 2048, 100_000_000L);
    assertNotNull(s);
    assertArrayEquals(Files.readAllBytes(out), s.bytes(), "what was published is the pass-through");
  }

  @Test
  void aProgressiveJpegPassesThroughWhole(@TempDir Path dir) throws Exception {
    BufferedImage img = ImageCorpus.shown(640, 480);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    ImageWriter w = ImageIO.getImageWritersByFormatName("jpeg").next();
    try (MemoryCacheImageOutputStream ios = new MemoryCacheImageOutputStream(b)) {
      w.setOutput(ios);
      ImageWriteParam p = w.getDefaultWriteParam();
      p.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
      w.write(null, new IIOImage(img, null, null), p);
    } finally {
      w.dispose();
    }
    Path src = dir.resolve("progressive.jpg");
    Files.write(src, b.toByteArray());
    JpegPassThrough.Stripped s = JpegPassThrough.strip(b.toByteArray(), 2048, 100_000_000L);
    assertNotNull(s, "several scans, each copied");
    Path out = dir.resolve("out.jpg");
    resizer.resizeFile(src, out, 2048);
    assertArrayEquals(pixels(ImageIO.read(src.toFile())), pixels(ImageIO.read(out.toFile())));
  }

  @Test
  void whatNeedsWorkOrIsNotWholeGoesThroughTheDecoder(@TempDir Path dir) throws Exception {
    long max = 100_000_000L;
    assertNull(JpegPassThrough.strip(phone(6), 2048, max), "turned: decoded and turned");
    assertNull(JpegPassThrough.strip(phone(1), 1000, max), "larger than the edge: resized");
    assertNull(JpegPassThrough.strip(phone(1), 2048, 900_000L), "over the pixel limit: the decoder refuses it");
    Path cmyk = dir.resolve("cmyk.jpg");
    ImageCorpus.cmykJpeg(cmyk, 400, 300, false, null);
    assertNull(JpegPassThrough.strip(Files.readAllBytes(cmyk), 2048, max), "CMYK: converted to sRGB");
    Path adobe = dir.resolve("adobe.jpg");
    ImageIO.write(ImageCorpus.inAdobeRgb(400, 300), "jpeg", adobe.toFile());
    assertNull(JpegPassThrough.strip(Files.readAllBytes(adobe), 2048, max), "an ICC profile: converted to sRGB");
    // cut short inside its scan: not passed through, and the decoder says it is corrupt
    byte[] whole = ImageCorpus.jpeg(ImageCorpus.shown(800, 600));
    byte[] cut = Arrays.copyOf(whole, whole.length * 2 / 3);
    assertNull(JpegPassThrough.strip(cut, 2048, max));
    Path src = dir.resolve("cut.jpg");
    Files.write(src, cut);
    IOException e = assertThrows(IOException.class, () -> resizer.resizeFile(src, dir.resolve("cut-out.jpg"), 2048));
    assertTrue(e.getMessage().contains("corrupt"), e.getMessage());
    assertFalse(Files.exists(dir.resolve("cut-out.jpg")));
  }
}
