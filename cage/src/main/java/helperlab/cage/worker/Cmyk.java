package helperlab.cage.worker;

import java.awt.Transparency;
import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.awt.image.ColorConvertOp;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferByte;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * CMYK (and YCCK) JPEGs to sRGB: through their own profile, or through a standard one (CGATS TR 001,
 * US web coated) when they embed none, as print shops assume, rather than the naive formula that
 * turns 100% cyan into a neon (0, 255, 255). See ICC-PROFILES.md beside the profile for its origin.
 */
final class Cmyk {
  static final String NAME = "CGATS TR 001 (SWOP)";
  private static final String RESOURCE = "CGATS001Compat-v2-micro.icc";
  private static volatile ICC_ColorSpace space;

  private Cmyk() {}

  static ICC_ColorSpace standard() {
    ICC_ColorSpace cs = space;
    if (cs == null) {
      try (InputStream in = Cmyk.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException("the standard CMYK profile " + RESOURCE + " is missing from the build");
        }
        cs = new ICC_ColorSpace(ICC_Profile.getInstance(in));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      space = cs;
    }
    return cs;
  }

  /**
   * The sRGB picture of a CMYK JPEG's samples as stored ({@code stored}: 4 bands, 8 bits) in
   * {@code profile}. {@code adobeTransform} is its APP14 marker's transform: -1 (no marker: plain
   * CMYK), 0 (Adobe CMYK, stored inverted) or 2 (Adobe YCCK: C, M, Y through the JPEG YCbCr
   * transform, then inverted like the rest).
   */
  static BufferedImage toSrgb(Raster stored, int adobeTransform, ICC_ColorSpace profile) {
    int w = stored.getWidth();
    int h = stored.getHeight();
    ComponentColorModel cm = new ComponentColorModel(profile, false, false, Transparency.OPAQUE, DataBuffer.TYPE_BYTE);
    WritableRaster ink = cm.createCompatibleWritableRaster(w, h);
    byte[] out = ((DataBufferByte) ink.getDataBuffer()).getData();
    int[] row = new int[w * 4];
    int i = 0;
    for (int y = 0; y < h; y++) {
      stored.getPixels(stored.getMinX(), stored.getMinY() + y, w, 1, row);
      for (int x = 0; x < w * 4; x += 4) {
        int c = row[x];
        int m = row[x + 1];
        int ye = row[x + 2];
        int k = row[x + 3];
        if (adobeTransform == 2) {
          double luma = c;
          double cb = m - 128.0;
          double cr = ye - 128.0;
          c = 255 - clamp(luma + 1.402 * cr);
          m = 255 - clamp(luma - 0.344136 * cb - 0.714136 * cr);
          ye = 255 - clamp(luma + 1.772 * cb);
        }
        if (adobeTransform >= 0) {
          c = 255 - c;
          m = 255 - m;
          ye = 255 - ye;
          k = 255 - k;
        }
        out[i++] = (byte) c;
        out[i++] = (byte) m;
        out[i++] = (byte) ye;
        out[i++] = (byte) k;
      }
    }
    BufferedImage rgb = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    new ColorConvertOp(null).filter(new BufferedImage(cm, ink, false, null), rgb);
    return rgb;
  }

  private static int clamp(double v) {
    return v <= 0 ? 0 : v >= 255 ? 255 : (int) Math.round(v);
  }
}
