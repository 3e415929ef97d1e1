package helperlab.cage.worker;

import java.awt.image.BufferedImage;

/**
 * libjpeg-turbo's scaled decoding, present where the build had Debian's libturbojpeg-java to compile against (the
 * cage module's {@code turbojpeg} profile, on by itself where the jar is installed): found through
 * {@link java.util.ServiceLoader}, so a build on a machine without it (a Mac, Windows) still compiles, and its
 * workers decode every JPEG with the JDK.
 */
public interface ScaledJpegLibrary {
  /** A decoded JPEG: the pixels (8-bit BGR or grey, scaled) and the size the file declares. */
  record Decoded(BufferedImage image, int width, int height) {}

  /** Loads the native library: a {@link LinkageError} when the jar or its JNI library is missing at run time. */
  void load();

  /** {@code jpeg} decoded at a scale that covers {@code longEdge}, or null for the JDK's path (see {@link JpegScaledDecoder}). */
  Decoded decode(byte[] jpeg, int longEdge, long maxPixels);
}
