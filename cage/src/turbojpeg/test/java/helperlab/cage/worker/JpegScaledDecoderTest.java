package helperlab.cage.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.image.Jpeg;
import helperlab.cage.image.SampleLibrary;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.imageio.IIOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * libjpeg-turbo's scaled decoding against the JDK's decoder on a large photo of the sample library's kind: the same
 * output size, and pixels that differ by little (the two scale differently: DCT-domain then area averaging, against
 * every block decoded and rows dropped, then area averaging).
 */
class JpegScaledDecoderTest {
  private static final int W = 6000;
  private static final int H = 4000;
  @TempDir static Path dir;
  private static Path photo;

  @BeforeAll
  static void photo() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Jpeg.write(SampleLibrary.photo(W, H, new SplittableRandom(11)), out, 0.92f);
    photo = dir.resolve("camera-24mp.jpg");
    Files.write(photo, out.toByteArray());
  }

  @Test
  void theLibraryLoadsWhereCiInstalledItsPackages() {
    assertTrue(JpegScaledDecoder.available(), JpegScaledDecoder.status());
  }

  @Test
  void decodesAtTheSmallestEighthThatCoversTheEdge() throws Exception {
    byte[] jpeg = Files.readAllBytes(photo);
    ScaledJpegLibrary.Decoded at320 = JpegScaledDecoder.decode(jpeg, 320, ImageHeader.DEFAULT_MAX_PIXELS);
    assertEquals(java.util.List.of(W, H, 750, 500), java.util.List.of(at320.width(), at320.height(), at320.image().getWidth(),
        at320.image().getHeight()), "1/8 of 6000 x 4000 still covers 320 px");
    ScaledJpegLibrary.Decoded at2048 = JpegScaledDecoder.decode(jpeg, 2048, ImageHeader.DEFAULT_MAX_PIXELS);
    assertEquals(java.util.List.of(2250, 1500), java.util.List.of(at2048.image().getWidth(), at2048.image().getHeight()),
        "3/8, as 1/4 (1500 px) would not cover 2048");
    assertEquals(8, JpegScaledDecoder.eighths(4000, 2048), "5/8-7/8 are slower than a whole decode: not used");
    assertNull(JpegScaledDecoder.decode(jpeg, 320, (long) W * H - 1), "over the limit: the JDK's path refuses it");
  }

  @Test
  void resizesToTheSameSizeAndNearlyTheSamePixelsAsTheJdksDecoder() throws Exception {
    Resizer scaled = new Resizer(ImageHeader.DEFAULT_MAX_PIXELS, w -> { }, true);
    Resizer jdk = new Resizer(ImageHeader.DEFAULT_MAX_PIXELS, w -> { }, false);
    for (int edge : new int[] {2048, 320}) {
      Resizer.Output a = scaled.resizeFile(photo, dir.resolve("scaled-" + edge + ".jpg"), edge);
      Resizer.Output b = jdk.resizeFile(photo, dir.resolve("jdk-" + edge + ".jpg"), edge);
      assertArrayEquals(new int[] {b.width(), b.height()}, new int[] {a.width(), a.height()});
      assertEquals(edge, a.width());
      double diff = meanAbsDifference(ImageIO.read(dir.resolve("scaled-" + edge + ".jpg").toFile()),
          ImageIO.read(dir.resolve("jdk-" + edge + ".jpg").toFile()));
      assertTrue(diff < 3.0, "mean absolute difference " + diff + " levels of 255 at " + edge + " px");
    }
  }

  @Test
  void aJpegCutShortGoesToTheJdksPathWhichRefusesIt() throws Exception {
    byte[] full = Files.readAllBytes(photo);
    byte[] cut = Arrays.copyOf(full, full.length * 6 / 10);
    assertNull(JpegScaledDecoder.decode(cut, 320, ImageHeader.DEFAULT_MAX_PIXELS), "libjpeg-turbo warned: not taken");
    Path file = dir.resolve("cut.jpg");
    Files.write(file, cut);
    IIOException e = assertThrows(IIOException.class,
        () -> new Resizer(ImageHeader.DEFAULT_MAX_PIXELS).resizeFile(file, dir.resolve("cut-320.jpg"), 320));
    assertTrue(e.getMessage().contains("corrupt"), e.getMessage());
  }

  /** Mean over every sample (R, G, B) of |a - b|, in levels of 255. */
  private static double meanAbsDifference(BufferedImage a, BufferedImage b) {
    long sum = 0;
    for (int y = 0; y < a.getHeight(); y++) {
      for (int x = 0; x < a.getWidth(); x++) {
        int p = a.getRGB(x, y);
        int q = b.getRGB(x, y);
        for (int shift = 0; shift < 24; shift += 8) {
          sum += Math.abs(((p >> shift) & 0xff) - ((q >> shift) & 0xff));
        }
      }
    }
    return sum / (3.0 * a.getWidth() * a.getHeight());
  }
}
