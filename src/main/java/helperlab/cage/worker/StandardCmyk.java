package helperlab.cage.worker;

import java.awt.Transparency;
import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.awt.image.ColorConvertOp;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferByte;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The CMYK profile for CMYK (and YCCK) JPEGs that embed none: a standard one (CGATS TR 001, US web
 * coated), as print shops assume, rather than the naive formula that turns 100% cyan into a neon
 * (0, 255, 255). See ICC-PROFILES.md beside the profile for where it comes from.
 */
final class StandardCmyk {
  static final String NAME = "CGATS TR 001 (SWOP)";
  private static final String RESOURCE = "CGATS001Compat-v2-micro.icc";
  private static volatile ICC_ColorSpace space;

  private StandardCmyk() {}

  static ICC_ColorSpace colorSpace() {
    ICC_ColorSpace cs = space;
    if (cs == null) {
      try (InputStream in = StandardCmyk.class.getResourceAsStream(RESOURCE)) {
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
   * The sRGB picture of raw 8-bit CMYK samples (4 bands, as the decoder stores them); {@code inverted}
   * when they are stored as Adobe writes them (0 = full ink).
   */
  static BufferedImage toSrgb(WritableRaster cmyk, boolean inverted) {
    if (inverted) {
      byte[] data = ((DataBufferByte) cmyk.getDataBuffer()).getData();
      for (int i = 0; i < data.length; i++) {
        data[i] = (byte) ~data[i];
      }
    }
    ComponentColorModel cm = new ComponentColorModel(colorSpace(), false, false, Transparency.OPAQUE,
        DataBuffer.TYPE_BYTE);
    BufferedImage source = new BufferedImage(cm, cmyk, false, null);
    BufferedImage rgb = new BufferedImage(cmyk.getWidth(), cmyk.getHeight(), BufferedImage.TYPE_INT_RGB);
    new ColorConvertOp(null).filter(source, rgb);
    return rgb;
  }
}
