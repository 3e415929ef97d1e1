package helperlab.cage.worker;

import java.awt.image.BufferedImage;
import org.libjpegturbo.turbojpeg.TJ;
import org.libjpegturbo.turbojpeg.TJDecompressor;
import org.libjpegturbo.turbojpeg.TJScalingFactor;

/**
 * libjpeg-turbo through Debian's libturbojpeg-java: compiled only where that jar is installed (the cage module's
 * {@code turbojpeg} profile) and found by {@link JpegScaledDecoder} through its service file.
 */
public final class TurboJpegLibrary implements ScaledJpegLibrary {
  @Override
  public void load() {
    Turbo.load();
  }

  @Override
  public ScaledJpegLibrary.Decoded decode(byte[] jpeg, int longEdge, long maxPixels) {
    return Turbo.decode(jpeg, longEdge, maxPixels);
  }

  /** Every reference to the library, in a class of its own: resolved at {@link #load}, so a missing jar fails there. */
  private static final class Turbo {
    private Turbo() {}

    static void load() {
      TJScalingFactor[] factors = TJ.getScalingFactors(); // loads the JNI library
      if (factors.length == 0) {
        throw new UnsatisfiedLinkError("libturbojpeg offers no scaling factors");
      }
    }

    static ScaledJpegLibrary.Decoded decode(byte[] jpeg, int longEdge, long maxPixels) {
      TJDecompressor d = null;
      try {
        d = new TJDecompressor(jpeg);
        int cs = d.getColorspace();
        int w = d.getWidth();
        int h = d.getHeight();
        if ((cs != TJ.CS_YCbCr && cs != TJ.CS_GRAY) || (long) w * h > maxPixels) {
          return null;
        }
        int n = JpegScaledDecoder.eighths(Math.max(w, h), longEdge);
        BufferedImage out = new BufferedImage(JpegScaledDecoder.scaled(w, n), JpegScaledDecoder.scaled(h, n),
            cs == TJ.CS_GRAY ? BufferedImage.TYPE_BYTE_GRAY : BufferedImage.TYPE_3BYTE_BGR);
        d.decompress(out, 0); // throws on a warning too (libjpeg-turbo 2.x): then the JDK's path says what it was
        return new ScaledJpegLibrary.Decoded(out, w, h);
      } catch (Exception e) { // TJException: not named, so that this class links without the library's exception
        return null;
      } finally {
        if (d != null) {
          try {
            d.close();
          } catch (Exception e) {
            // the handle is freed or was never made: nothing to do
          }
        }
      }
    }
  }
}
