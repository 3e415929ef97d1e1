package helperlab.cage.worker;

import java.awt.image.BufferedImage;
import org.libjpegturbo.turbojpeg.TJ;
import org.libjpegturbo.turbojpeg.TJDecompressor;
import org.libjpegturbo.turbojpeg.TJScalingFactor;

/**
 * Decodes a JPEG with libjpeg-turbo (Debian's libturbojpeg-java and its JNI library), scaled in the DCT domain to the
 * smallest of 1/8, 1/4, 3/8, 1/2 or 1 that still covers the target edge, then left to {@link Shrink} for the exact
 * size. The JDK's decoder (libjpeg 6b) decodes every block at full size and only then drops rows and columns, so at
 * 320 px most of a worker's CPU was decoding pixels it threw away. 5/8-7/8 are left out: libjpeg-turbo has no SIMD
 * for them, and they cost more than a full decode.
 *
 * <p>Takes only the usual case, an 8-bit YCbCr or grey JPEG that decodes without a single warning; anything else
 * (CMYK, YCCK, RGB, a warning, an error, a header it cannot read) gives null and the JDK's path decides, with its
 * own words for what is wrong. When the library is not installed the worker uses the JDK's path for every file: a
 * server without the packages works as before, only slower ({@link #status} says which).
 */
final class JpegScaledDecoder {
  /** What to install on Debian for this decoder: the jar, and the unversioned .so name its loader looks for. */
  static final String PACKAGES = "libturbojpeg-java libturbojpeg0-dev";

  /** Null when the library loaded, else why not. */
  private static final String UNAVAILABLE = probe();

  private JpegScaledDecoder() {}

  /** A decoded JPEG: the pixels (8-bit BGR or grey, scaled) and the size the file declares. */
  record Scaled(BufferedImage image, int width, int height) {}

  static boolean available() {
    return UNAVAILABLE == null;
  }

  /** Which decoder the worker uses for JPEGs, in words for a log line. */
  static String status() {
    return available() ? "libjpeg-turbo (scaled decoding)"
        : "the JDK's (libjpeg-turbo unavailable: " + UNAVAILABLE + "; apt-get install " + PACKAGES + ")";
  }

  private static String probe() {
    try {
      Turbo.load();
      return null;
    } catch (LinkageError e) { // the jar missing (NoClassDefFoundError) or the JNI library (UnsatisfiedLinkError)
      return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
  }

  /**
   * {@code jpeg} decoded at a scale that covers {@code longEdge}, or null for the JDK's path to decode (see the class
   * comment; also over {@code maxPixels}, which that path refuses in its own words, and when the library is absent).
   */
  static Scaled decode(byte[] jpeg, int longEdge, long maxPixels) {
    return available() ? Turbo.decode(jpeg, longEdge, maxPixels) : null;
  }

  /** The numerator n of the n/8 scale to decode {@code longest} at, for an output whose long edge is {@code longEdge}. */
  static int eighths(int longest, int longEdge) {
    for (int n : new int[] {1, 2, 3, 4}) {
      if (scaled(longest, n) >= longEdge) {
        return n;
      }
    }
    return 8;
  }

  /** libjpeg's scaled size: rounded up. */
  static int scaled(int size, int eighths) {
    return (size * eighths + 7) / 8;
  }

  /** Every reference to the library, in a class of its own: loaded only once {@link #probe} has tried it. */
  private static final class Turbo {
    private Turbo() {}

    static void load() {
      TJScalingFactor[] factors = TJ.getScalingFactors(); // loads the JNI library
      if (factors.length == 0) {
        throw new UnsatisfiedLinkError("libturbojpeg offers no scaling factors");
      }
    }

    static Scaled decode(byte[] jpeg, int longEdge, long maxPixels) {
      TJDecompressor d = null;
      try {
        d = new TJDecompressor(jpeg);
        int cs = d.getColorspace();
        int w = d.getWidth();
        int h = d.getHeight();
        if ((cs != TJ.CS_YCbCr && cs != TJ.CS_GRAY) || (long) w * h > maxPixels) {
          return null;
        }
        int n = eighths(Math.max(w, h), longEdge);
        BufferedImage out = new BufferedImage(scaled(w, n), scaled(h, n),
            cs == TJ.CS_GRAY ? BufferedImage.TYPE_BYTE_GRAY : BufferedImage.TYPE_3BYTE_BGR);
        d.decompress(out, 0); // throws on a warning too (libjpeg-turbo 2.x): then the JDK's path says what it was
        return new Scaled(out, w, h);
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
