package helperlab.cage.worker;

import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

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

  /** The library, loaded; null when it is not. */
  private static final ScaledJpegLibrary LIBRARY;
  /** Null when the library loaded, else why not. */
  private static final String UNAVAILABLE;

  static {
    ScaledJpegLibrary found = null;
    String whyNot;
    try {
      found = ServiceLoader.load(ScaledJpegLibrary.class).findFirst().orElse(null);
      if (found == null) {
        whyNot = "not in this build: it was built where libturbojpeg-java was not installed";
      } else {
        found.load();
        whyNot = null;
      }
    } catch (LinkageError | ServiceConfigurationError e) { // the jar missing (NoClassDefFoundError) or the JNI library
      found = null;
      whyNot = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
    LIBRARY = found;
    UNAVAILABLE = whyNot;
  }

  private JpegScaledDecoder() {}

  static boolean available() {
    return UNAVAILABLE == null;
  }

  /** Which decoder the worker uses for JPEGs, in words for a log line. */
  static String status() {
    return available() ? "libjpeg-turbo (scaled decoding)"
        : "the JDK's (libjpeg-turbo unavailable: " + UNAVAILABLE + "; apt-get install " + PACKAGES + ")";
  }

  /**
   * {@code jpeg} decoded at a scale that covers {@code longEdge}, or null for the JDK's path to decode (see the class
   * comment; also over {@code maxPixels}, which that path refuses in its own words, and when the library is absent).
   */
  static ScaledJpegLibrary.Decoded decode(byte[] jpeg, int longEdge, long maxPixels) {
    return available() ? LIBRARY.decode(jpeg, longEdge, maxPixels) : null;
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
}
