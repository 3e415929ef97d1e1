package helperlab.cage.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ShrinkTest {
  private static BufferedImage noise(int w, int h, int type, long seed) {
    BufferedImage img = new BufferedImage(w, h, type);
    SplittableRandom r = new SplittableRandom(seed);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        img.setRGB(x, y, r.nextInt(1 << 24));
      }
    }
    return img;
  }

  private static double[] mean(BufferedImage img) {
    double[] m = new double[3];
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        int p = img.getRGB(x, y);
        m[0] += p >> 16 & 0xff;
        m[1] += p >> 8 & 0xff;
        m[2] += p & 0xff;
      }
    }
    for (int i = 0; i < 3; i++) {
      m[i] /= (double) img.getWidth() * img.getHeight();
    }
    return m;
  }

  @Test
  void eachOutputPixelIsTheMeanOfTheAreaItCovers() {
    // 6 x 3 to 4 x 2: every output covers 1.5 x 1.5 source pixels, edge ones half counted
    BufferedImage src = new BufferedImage(6, 3, BufferedImage.TYPE_BYTE_GRAY);
    int[] v = {0, 60, 120, 180, 240, 90, 30, 90, 150, 210, 30, 60, 255, 0, 255, 0, 255, 0};
    src.getRaster().setSamples(0, 0, 6, 3, 0, v);
    BufferedImage out = Shrink.to(src, 4, 2);
    // output (0,0): rows 0 (weight 1) and 1 (0.5), columns 0 (1) and 1 (0.5), over 2.25
    double expected = (0 + 0.5 * 60 + 0.5 * 30 + 0.25 * 90) / 2.25;
    assertEquals(Math.round(expected), out.getRaster().getSample(0, 0, 0));
    // output (1,1): rows 1 (0.5) and 2 (1), columns 1 (0.5) and 2 (1)
    expected = (0.25 * 90 + 0.5 * 150 + 0.5 * 0 + 255) / 2.25;
    assertEquals(Math.round(expected), out.getRaster().getSample(1, 1, 0));
    assertEquals(BufferedImage.TYPE_BYTE_GRAY, out.getType(), "grey stays grey");
  }

  @Test
  void aFlatColourStaysExactlyThatColourAtAnyScale() {
    for (int[] size : new int[][] {{1000, 750, 333, 250}, {777, 301, 776, 300}, {640, 480, 1, 1}, {50, 50, 50, 50}}) {
      BufferedImage src = new BufferedImage(size[0], size[1], BufferedImage.TYPE_3BYTE_BGR);
      java.awt.Graphics2D g = src.createGraphics();
      g.setColor(new java.awt.Color(201, 17, 99));
      g.fillRect(0, 0, size[0], size[1]);
      g.dispose();
      BufferedImage out = Shrink.to(src, size[2], size[3]);
      assertEquals(size[2], out.getWidth());
      assertEquals(size[3], out.getHeight());
      for (int y = 0; y < out.getHeight(); y++) {
        for (int x = 0; x < out.getWidth(); x++) {
          assertEquals(0xc91163, out.getRGB(x, y) & 0xffffff, "at " + x + "," + y + " of " + java.util.Arrays.toString(size));
        }
      }
    }
  }

  @Test
  void fineDetailAveragesToGreyInsteadOfAliasing() {
    // one-pixel stripes shrunk by an odd factor: point sampling would give solid black or white bands
    BufferedImage src = new BufferedImage(999, 999, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < 999; y++) {
      for (int x = 0; x < 999; x++) {
        src.setRGB(x, y, x % 2 == 0 ? 0xffffff : 0);
      }
    }
    BufferedImage out = Shrink.to(src, 111, 111);
    for (int x = 0; x < 111; x++) {
      int grey = out.getRGB(x, 50) & 0xff;
      assertTrue(Math.abs(grey - 128) <= 15, "column " + x + ": " + grey);
    }
  }

  @Test
  void theSameWhateverTheLayoutAndTheMeanColourIsKept() {
    BufferedImage ints = noise(1637, 911, BufferedImage.TYPE_INT_RGB, 3);
    BufferedImage bytes = new BufferedImage(1637, 911, BufferedImage.TYPE_3BYTE_BGR);
    bytes.createGraphics().drawImage(ints, 0, 0, null);
    BufferedImage a = Shrink.to(ints, 320, 178);
    BufferedImage b = Shrink.to(bytes, 320, 178);
    for (int y = 0; y < 178; y++) {
      for (int x = 0; x < 320; x++) {
        assertEquals(a.getRGB(x, y), b.getRGB(x, y));
      }
    }
    double[] before = mean(ints);
    double[] after = mean(a);
    for (int i = 0; i < 3; i++) {
      assertEquals(before[i], after[i], 0.5, "band " + i);
    }
    BufferedImage sub = bytes.getSubimage(100, 50, 800, 600); // a raster that starts inside its buffer
    BufferedImage c = Shrink.to(sub, 400, 300);
    assertEquals(mean(sub)[1], mean(c)[1], 0.5);
  }

  @Test
  void takesOnlyOpaqueLayoutsItKnows() {
    assertTrue(Shrink.supports(new BufferedImage(4, 4, BufferedImage.TYPE_3BYTE_BGR)));
    assertTrue(Shrink.supports(new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB)));
    assertTrue(Shrink.supports(new BufferedImage(4, 4, BufferedImage.TYPE_BYTE_GRAY)));
    assertFalse(Shrink.supports(new BufferedImage(4, 4, BufferedImage.TYPE_INT_ARGB)));
    assertFalse(Shrink.supports(new BufferedImage(4, 4, BufferedImage.TYPE_4BYTE_ABGR)));
    assertFalse(Shrink.supports(new BufferedImage(4, 4, BufferedImage.TYPE_USHORT_GRAY)));
  }
}
