package helperlab.cage.worker;

import java.awt.color.ColorSpace;
import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Iterator;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import javax.imageio.IIOException;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;

/**
 * Decodes a source picture for resizing: dimensions first (a decompression bomb is refused before
 * any pixel is allocated), then at most about twice the target size, converted to 8-bit sRGB (see
 * {@link Srgb}; CMYK without a profile through {@link Cmyk}). The EXIF orientation is read
 * but not applied: turning the small result is cheaper than turning the decoded one. A usual JPEG
 * goes to libjpeg-turbo first, where it is installed ({@link JpegScaledDecoder}: decoded at the scale
 * the target needs); whatever it does not take comes here to the JDK's readers.
 *
 * <p>Decoder warnings are passed on, not fatal, except those that say pixels are missing (a corrupt
 * or cut-short stream decodes to a grey half-picture, which is not a result); stray bytes between
 * markers, which many cameras write, are only a warning.
 */
final class Decoder {
  /** libjpeg's words for pixels it could not decode ("N extraneous bytes before marker" loses none: it only warns). */
  private static final Pattern DATA_LOST = Pattern.compile(
      "(?i)premature end|truncated|missing eoi|huffman|invalid sos|bogus|corrupt jpeg data(?!: \\d+ extraneous bytes)");

  private Decoder() {}

  /** A decoded source: {@code width x height} as declared and stored (before orientation). */
  record Decoded(BufferedImage image, String format, int width, int height, int orientation) {
    /** The declared size as a viewer shows it. */
    int shownWidth() {
      return Orientation.swapsAxes(orientation) ? height : width;
    }

    int shownHeight() {
      return Orientation.swapsAxes(orientation) ? width : height;
    }
  }

  /** With {@code scaledJpeg}, JPEGs go to {@link JpegScaledDecoder} first (when it takes them). */
  static Decoded read(ImageInputStream in, int longEdge, long maxPixels, Consumer<String> warnings, boolean scaledJpeg)
      throws IOException {
    Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
    if (!readers.hasNext()) {
      throw new IIOException("not an image ImageIO can read");
    }
    ImageReader reader = readers.next();
    try {
      String format = reader.getFormatName().toLowerCase(Locale.ROOT);
      format = format.startsWith("jp") ? "jpeg" : format.startsWith("png") ? "png" : format;
      JpegMarkers markers = format.equals("jpeg") ? JpegMarkers.read(in, warnings) : JpegMarkers.NONE;
      if (scaledJpeg && format.equals("jpeg") && JpegScaledDecoder.available() && rgbProfileOrNone(markers)) {
        long start = in.getStreamPosition();
        ScaledJpegLibrary.Decoded s = JpegScaledDecoder.decode(readAll(in), longEdge, maxPixels);
        if (s != null && (s.image().getType() != BufferedImage.TYPE_BYTE_GRAY || !markers.iccProfile())) {
          // colours in the file's own RGB profile, if it has one, converted as the JDK's path does
          return new Decoded(Srgb.of(s.image(), markers.profile()), format, s.width(), s.height(), markers.orientation());
        }
        in.seek(start); // the JDK's decoder decides (and says what is wrong, if anything is)
      }
      reader.setInput(in, true, format.equals("jpeg")); // a PNG's metadata holds its ICC profile
      int w = reader.getWidth(0);
      int h = reader.getHeight(0);
      if ((long) w * h > maxPixels) {
        throw new IIOException("declares " + w + " x " + h + " pixels, over the limit: refused before decoding");
      }
      StringBuilder lost = new StringBuilder();
      reader.addIIOReadWarningListener((source, warning) -> {
        if (DATA_LOST.matcher(warning).find()) {
          lost.append(lost.length() > 0 ? "; " : "").append(warning);
        } else {
          warnings.accept(warning);
        }
      });
      ImageReadParam param = reader.getDefaultReadParam();
      int step = Math.max(1, Math.max(w, h) / (2 * longEdge));
      if (step > 1) {
        param.setSourceSubsampling(step, step, 0, 0);
      }
      BufferedImage image;
      ImageTypeSpecifier raw = format.equals("jpeg") ? reader.getRawImageType(0) : null;
      if (raw != null && raw.getNumBands() == 4 && raw.getColorModel().getColorSpace().getType() == ColorSpace.TYPE_CMYK) {
        // CMYK or YCCK: the decoder's CMYK samples, converted here through their own profile, or the
        // standard one when they have none (or one that is not a CMYK profile).
        ICC_Profile own = markers.profile();
        ICC_ColorSpace profile;
        if (own != null && own.getColorSpaceType() == ColorSpace.TYPE_CMYK) {
          profile = new ICC_ColorSpace(own);
        } else {
          warnings.accept("CMYK JPEG without " + (markers.iccProfile() ? "a usable" : "an embedded")
              + " ICC profile: converted with the standard " + Cmyk.NAME + " profile");
          profile = Cmyk.standard();
        }
        java.awt.image.Raster stored = reader.readRaster(0, param); // the samples as stored, unconverted
        checkWhole(lost);
        image = Cmyk.toSrgb(stored, markers.adobeTransform(), profile);
      } else {
        image = reader.read(0, param);
        checkWhole(lost);
        image = Srgb.of(image, format.equals("png") ? pngProfile(reader, warnings) : null);
      }
      return new Decoded(image, format, w, h, markers.orientation());
    } finally {
      reader.dispose();
    }
  }

  /**
   * No ICC profile, or a readable RGB one: what {@link Srgb#of} converts from as the JDK's path does. Other
   * profiles (grey, CMYK, unreadable) are left to that path, which has its own rules for them.
   */
  private static boolean rgbProfileOrNone(JpegMarkers m) {
    return !m.iccProfile() || (m.profile() != null && m.profile().getColorSpaceType() == ColorSpace.TYPE_RGB);
  }

  /** The rest of the stream, from where it stands. */
  private static byte[] readAll(ImageInputStream in) throws IOException {
    long length = in.length() < 0 ? -1 : in.length() - in.getStreamPosition(); // unknown for a stream in memory
    if (length >= 0 && length < Integer.MAX_VALUE - 8) {
      byte[] all = new byte[(int) length];
      in.readFully(all);
      return all;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
    byte[] buf = new byte[1 << 16];
    for (int n; (n = in.read(buf)) > 0; ) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  private static void checkWhole(StringBuilder lost) throws IIOException {
    if (lost.length() > 0) {
      throw new IIOException("corrupt image: " + lost);
    }
  }

  /** A PNG's iCCP profile, or null (none, or one that cannot be read: then its samples are taken as sRGB). */
  private static ICC_Profile pngProfile(ImageReader reader, Consumer<String> warnings) {
    try {
      IIOMetadataNode root = (IIOMetadataNode) reader.getImageMetadata(0).getAsTree("javax_imageio_png_1.0");
      if (root.getElementsByTagName("iCCP").getLength() == 0) {
        return null;
      }
      byte[] stored = (byte[]) ((IIOMetadataNode) root.getElementsByTagName("iCCP").item(0)).getUserObject();
      return ICC_Profile.getInstance(inflate(stored));
    } catch (IOException | RuntimeException | DataFormatException e) {
      warnings.accept("unusable iCCP colour profile (" + e.getMessage() + "): colours taken as sRGB");
      return null;
    }
  }

  private static byte[] inflate(byte[] deflated) throws DataFormatException {
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(deflated);
      ByteArrayOutputStream out = new ByteArrayOutputStream(deflated.length * 3);
      byte[] buf = new byte[8192];
      while (!inflater.finished()) {
        int n = inflater.inflate(buf);
        if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          throw new DataFormatException("the profile's deflate stream ends early");
        }
        out.write(buf, 0, n);
      }
      return out.toByteArray();
    } finally {
      inflater.end();
    }
  }
}
