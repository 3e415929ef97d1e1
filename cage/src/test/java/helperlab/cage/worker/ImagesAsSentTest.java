package helperlab.cage.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.twelvemonkeys.imageio.metadata.jpeg.JPEGSegment;
import com.twelvemonkeys.imageio.metadata.jpeg.JPEGSegmentUtil;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Images as people send them, each resized and then checked against what a viewer shows: the
 * output's size (orientation applied), the mean colour of each quadrant, and no private metadata.
 */
class ImagesAsSentTest {
  static final int TOLERANCE = 12;
  private final List<String> warnings = new ArrayList<>();
  private final Resizer resizer = new Resizer(100_000_000L, warnings::add);

  /** Mean colour of the middle of quadrant {@code q} (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right). */
  static Color quadrantMean(BufferedImage img, int q) {
    int w = img.getWidth();
    int h = img.getHeight();
    int x0 = (int) (w * (q % 2 == 0 ? 0.1 : 0.6));
    int x1 = Math.max(x0 + 1, (int) (w * (q % 2 == 0 ? 0.4 : 0.9)));
    int y0 = (int) (h * (q < 2 ? 0.1 : 0.6));
    int y1 = Math.max(y0 + 1, (int) (h * (q < 2 ? 0.4 : 0.9)));
    long r = 0;
    long g = 0;
    long b = 0;
    long n = 0;
    for (int y = y0; y < y1; y++) {
      for (int x = x0; x < x1; x++) {
        int p = img.getRGB(x, y);
        r += p >> 16 & 0xff;
        g += p >> 8 & 0xff;
        b += p & 0xff;
        n++;
      }
    }
    return new Color((int) (r / n), (int) (g / n), (int) (b / n));
  }

  static void assertNear(Color expected, Color actual, String what) {
    int d = Math.max(Math.abs(expected.getRed() - actual.getRed()), Math.max(Math.abs(expected.getGreen() - actual.getGreen()),
        Math.abs(expected.getBlue() - actual.getBlue())));
    assertTrue(d <= TOLERANCE, what + ": expected about " + rgb(expected) + ", got " + rgb(actual));
  }

  static String rgb(Color c) {
    return "(" + c.getRed() + ", " + c.getGreen() + ", " + c.getBlue() + ")";
  }

  /** Checks the four quadrants of {@code out} against the colours a viewer shows. */
  static void assertQuadrants(BufferedImage out, Color[] shown, String what) {
    String[] names = {"top-left", "top-right", "bottom-left", "bottom-right"};
    for (int q = 0; q < 4; q++) {
      assertNear(shown[q], quadrantMean(out, q), what + " " + names[q]);
    }
  }

  static void assertNoPrivateMetadata(Path out) throws Exception {
    byte[] bytes = Files.readAllBytes(out);
    assertFalse(new String(bytes, StandardCharsets.ISO_8859_1).contains("Jane Example"), out + " carries the owner's name");
    if (out.toString().endsWith(".jpg")) {
      try (ImageInputStream in = ImageIO.createImageInputStream(out.toFile())) {
        List<JPEGSegment> app1 = JPEGSegmentUtil.readSegments(in, JPEGSegmentUtil.APP_SEGMENTS);
        for (JPEGSegment s : app1) {
          assertFalse(s.marker() == 0xFFE1, out + " carries an APP1 (EXIF/XMP) segment: " + s);
        }
      }
    }
  }

  @ParameterizedTest(name = "EXIF orientation {0}")
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
  void everyExifOrientationComesOutAsTheViewerShowsIt(int orientation, @TempDir Path dir) throws Exception {
    Path src = dir.resolve("phone.jpg");
    ImageCorpus.phoneJpeg(src, 1200, 800, orientation);
    Path out = dir.resolve("out.jpg");
    Resizer.Output o = resizer.resizeFile(src, out, 600);
    BufferedImage img = ImageIO.read(out.toFile());
    assertEquals(600, img.getWidth(), "shown 1200 x 800 -> 600 wide");
    assertEquals(400, img.getHeight());
    assertEquals(600, o.width());
    assertEquals(400, o.height());
    assertQuadrants(img, ImageCorpus.QUADRANTS, "orientation " + orientation);
    assertNoPrivateMetadata(out);
    // Not resized at all (smaller than the edge): still turned.
    Path same = dir.resolve("same.jpg");
    resizer.resizeFile(src, same, 4096);
    BufferedImage full = ImageIO.read(same.toFile());
    assertEquals(1200, full.getWidth());
    assertEquals(800, full.getHeight());
    assertQuadrants(full, ImageCorpus.QUADRANTS, "orientation " + orientation + ", full size");
  }

  private Color[] inks(java.awt.color.ICC_ColorSpace profile) {
    Color[] c = new Color[4];
    for (int q = 0; q < 4; q++) {
      c[q] = ImageCorpus.inkAsShown(ImageCorpus.INKS[q], profile);
    }
    return c;
  }

  @ParameterizedTest(name = "ycck={0}")
  @ValueSource(booleans = {false, true})
  void cmykAndYcckWithoutAProfileGoThroughTheStandardOneAndOnlyWarn(boolean ycck, @TempDir Path dir) throws Exception {
    Path src = dir.resolve("print.jpg");
    ImageCorpus.cmykJpeg(src, 800, 600, ycck, null);
    Path out = dir.resolve("out.jpg");
    resizer.resizeFile(src, out, 400);
    BufferedImage img = ImageIO.read(out.toFile());
    assertEquals(400, img.getWidth());
    assertEquals(300, img.getHeight());
    Color[] shown = inks(ImageCorpus.standardCmyk());
    assertQuadrants(img, shown, ycck ? "YCCK" : "CMYK");
    Color cyan = quadrantMean(img, 0);
    assertTrue(cyan.getGreen() < 215, "full cyan is a print cyan, not the naive formula's (0, 255, 255): " + rgb(cyan));
    assertTrue(warnings.stream().anyMatch(w -> w.contains("without an embedded ICC profile")), "said so: " + warnings);
  }

  @Test
  void cmykWithItsOwnProfileIsConvertedThroughIt(@TempDir Path dir) throws Exception {
    Path src = dir.resolve("print-icc.jpg");
    ImageCorpus.cmykJpeg(src, 800, 600, false, ImageCorpus.standardCmyk().getProfile());
    Path out = dir.resolve("out.jpg");
    resizer.resizeFile(src, out, 400);
    assertQuadrants(ImageIO.read(out.toFile()), inks(ImageCorpus.standardCmyk()), "CMYK with its profile");
    assertFalse(warnings.stream().anyMatch(w -> w.contains("standard")), "its own profile was used: " + warnings);
    try (ImageInputStream in = ImageIO.createImageInputStream(src.toFile())) {
      JpegMarkers m = JpegMarkers.read(in, warnings::add);
      assertArrayEquals(ImageCorpus.standardCmyk().getProfile().getData(), m.profile().getData(), "the profile read back");
      assertEquals(0, m.adobeTransform(), "Adobe CMYK");
    }
  }

  @Test
  void iccProfiledJpegsAndPngsComeOutInSrgb(@TempDir Path dir) throws Exception {
    Color[] shown = new Color[4];
    for (int q = 0; q < 4; q++) {
      shown[q] = ImageCorpus.adobeAsShown(ImageCorpus.QUADRANTS[q]);
    }
    assertTrue(Math.abs(shown[1].getGreen() - ImageCorpus.QUADRANTS[1].getGreen()) > TOLERANCE
        || Math.abs(shown[0].getRed() - ImageCorpus.QUADRANTS[0].getRed()) > TOLERANCE,
        "the test tells converted from unconverted");
    Path jpg = dir.resolve("adobe.jpg");
    ImageIO.write(ImageCorpus.inAdobeRgb(800, 600), "jpeg", jpg.toFile());
    assertTrue(new String(Files.readAllBytes(jpg), StandardCharsets.ISO_8859_1).contains("ICC_PROFILE"), "embedded");
    resizer.resizeFile(jpg, dir.resolve("adobe-out.jpg"), 400);
    assertQuadrants(ImageIO.read(dir.resolve("adobe-out.jpg").toFile()), shown, "Adobe RGB JPEG");
    Path png = dir.resolve("adobe.png");
    ImageCorpus.adobePng(png, 800, 600);
    resizer.resizeFile(png, dir.resolve("adobe-out.png"), 400);
    assertQuadrants(ImageIO.read(dir.resolve("adobe-out.png").toFile()), shown, "Adobe RGB PNG (iCCP)");
  }

  @Test
  void sixteenBitAndPalettePngsKeepTheirColours(@TempDir Path dir) throws Exception {
    Path deep = dir.resolve("deep.png");
    ImageCorpus.png16(deep, 800, 600);
    resizer.resizeFile(deep, dir.resolve("deep-out.png"), 400);
    BufferedImage d = ImageIO.read(dir.resolve("deep-out.png").toFile());
    assertEquals(400, d.getWidth());
    assertQuadrants(d, ImageCorpus.QUADRANTS, "16-bit PNG");
    Path pal = dir.resolve("palette.png");
    ImageCorpus.palettePng(pal, 800, 600);
    resizer.resizeFile(pal, dir.resolve("palette-out.png"), 400);
    assertQuadrants(ImageIO.read(dir.resolve("palette-out.png").toFile()), ImageCorpus.QUADRANTS, "palette PNG");
    resizer.resizeFile(pal, dir.resolve("palette-out.jpg"), 400);
    assertQuadrants(ImageIO.read(dir.resolve("palette-out.jpg").toFile()), ImageCorpus.QUADRANTS, "palette PNG as JPEG");
  }

  @Test
  void greyWithAlphaKeepsItsGreyAndAlphaOrSitsOnWhiteInAJpeg(@TempDir Path dir) throws Exception {
    Path src = dir.resolve("grey-alpha.png");
    ImageCorpus.greyAlphaPng(src, 800, 600, 90);
    resizer.resizeFile(src, dir.resolve("ga.png"), 400);
    BufferedImage png = ImageIO.read(dir.resolve("ga.png").toFile());
    assertTrue(png.getColorModel().hasAlpha(), "a PNG keeps its alpha");
    assertNear(new Color(90, 90, 90), quadrantMean(png, 0), "grey as stored (not brightened)");
    assertEquals(0, png.getRGB(350, 150) >>> 24, "the transparent half stays transparent");
    resizer.resizeFile(src, dir.resolve("ga.jpg"), 400);
    BufferedImage jpg = ImageIO.read(dir.resolve("ga.jpg").toFile());
    assertNear(new Color(90, 90, 90), quadrantMean(jpg, 0), "grey half");
    assertNear(Color.WHITE, quadrantMean(jpg, 1), "transparent half on white");
    Path rgba = dir.resolve("rgba.png");
    ImageCorpus.rgbaPng(rgba, 800, 600);
    resizer.resizeFile(rgba, dir.resolve("rgba.jpg"), 400);
    BufferedImage flat = ImageIO.read(dir.resolve("rgba.jpg").toFile());
    assertNear(ImageCorpus.QUADRANTS[0], quadrantMean(flat, 0), "opaque half");
    assertNear(Color.WHITE, quadrantMean(flat, 1), "transparent half on white, not black");
  }

  @Test
  void veryWideAndVeryTallImagesKeepTheirShape(@TempDir Path dir) throws Exception {
    Path wide = dir.resolve("wide.jpg");
    Files.write(wide, ImageCorpus.jpeg(ImageCorpus.shown(16000, 120)));
    Resizer.Output w = resizer.resizeFile(wide, dir.resolve("wide-out.jpg"), 2048);
    assertEquals(2048, w.width());
    assertEquals(15, w.height(), "120 * 2048 / 16000 = 15.4");
    assertQuadrants(ImageIO.read(dir.resolve("wide-out.jpg").toFile()), ImageCorpus.QUADRANTS, "panorama");
    Path tall = dir.resolve("tall.jpg");
    Files.write(tall, ImageCorpus.jpeg(ImageCorpus.shown(90, 16000)));
    Resizer.Output t = resizer.resizeFile(tall, dir.resolve("tall-out.jpg"), 320);
    assertEquals(2, t.width(), "90 * 320 / 16000 = 1.8");
    assertEquals(320, t.height());
    Path phoneTall = dir.resolve("tall-phone.jpg");
    ImageCorpus.phoneJpeg(phoneTall, 200, 12000, 6);
    Resizer.Output p = resizer.resizeFile(phoneTall, dir.resolve("tall-phone-out.jpg"), 2048);
    assertEquals(34, p.width(), "200 * 2048 / 12000 = 34.1");
    assertEquals(2048, p.height());
    assertQuadrants(ImageIO.read(dir.resolve("tall-phone-out.jpg").toFile()), ImageCorpus.QUADRANTS, "tall, turned");
  }

  @Test
  void strayBytesBetweenMarkersAreOnlyAWarning(@TempDir Path dir) throws Exception {
    byte[] jpeg = ImageCorpus.jpeg(ImageCorpus.shown(800, 600));
    int sof = 2;
    while (!((jpeg[sof] & 0xff) == 0xFF && (jpeg[sof + 1] & 0xff) == 0xC0)) {
      sof++;
    }
    byte[] padded = new byte[jpeg.length + 3]; // three stray bytes before the frame header, as some cameras write
    System.arraycopy(jpeg, 0, padded, 0, sof);
    System.arraycopy(jpeg, sof, padded, sof + 3, jpeg.length - sof);
    Path src = dir.resolve("stray.jpg");
    Files.write(src, padded);
    resizer.resizeFile(src, dir.resolve("out.jpg"), 400);
    assertQuadrants(ImageIO.read(dir.resolve("out.jpg").toFile()), ImageCorpus.QUADRANTS, "stray bytes");
    assertTrue(warnings.stream().anyMatch(w -> w.contains("extraneous")), "the warning is passed on: " + warnings);
  }
}
