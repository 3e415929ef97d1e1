package helperlab.cage.worker;

import helperlab.cage.image.Jpeg;
import helperlab.cage.image.SampleLibrary;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.function.Consumer;
import javax.imageio.IIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import net.coobird.thumbnailator.Thumbnails;

/**
 * Resizes one image to fit a long edge (never enlarging it), as a viewer shows it: EXIF orientation
 * applied, colours in sRGB, alpha on white when the output is a JPEG, and nothing of the source's
 * metadata (location, camera, dates) carried over. Publishes it atomically: written to a temporary
 * name, flushed to disk, renamed into place, then the directory flushed, so a reader never sees half
 * an image and a published image is never written again.
 */
public final class Resizer {
  /** JPEG quality of outputs. */
  static final float QUALITY = 0.85f;

  private final long maxPixels;
  private final Consumer<String> warnings;
  private final boolean scaledJpeg;

  /** A resizer whose decoder warnings go nowhere. */
  public Resizer(long maxPixels) {
    this(maxPixels, w -> { });
  }

  /** {@code warnings}: what the decoders noticed and got past (logged by the worker, never fatal). */
  public Resizer(long maxPixels, Consumer<String> warnings) {
    this(maxPixels, warnings, true);
  }

  /** {@code scaledJpeg} false: JPEGs through the JDK's decoder even when libjpeg-turbo is there (to compare the two). */
  Resizer(long maxPixels, Consumer<String> warnings, boolean scaledJpeg) {
    this.maxPixels = maxPixels;
    this.warnings = warnings;
    this.scaledJpeg = scaledJpeg;
  }

  /** Which decoder takes JPEGs, in words for a log line. */
  public static String jpegDecoder() {
    return JpegScaledDecoder.status();
  }

  /** What was published. */
  public record Output(int width, int height, boolean alreadyPublished) {}

  /** Resizes {@code source} into {@code target}, whose extension (.jpg, .jpeg or .png) says the output's format. */
  public Output resizeFile(Path source, Path target, int longEdge) throws IOException {
    if (Files.exists(target)) {
      return new Output(0, 0, true); // published before (by a worker whose supervisor died): never twice
    }
    JpegPassThrough.Stripped same = formatOf(target, "").equals("jpeg") ? unchanged(source, longEdge) : null;
    if (same != null) {
      boolean published = publish(target, out -> out.write(same.bytes()));
      return new Output(same.width(), same.height(), !published);
    }
    Decoder.Decoded d;
    try (ImageInputStream in = ImageIO.createImageInputStream(source.toFile())) {
      if (in == null) {
        throw new IOException("cannot open " + source);
      }
      d = Decoder.read(in, longEdge, maxPixels, warnings, scaledJpeg);
    }
    String format = formatOf(target, d.format());
    int[] size = new int[2];
    boolean published = publish(target, out -> System.arraycopy(encode(d, format, longEdge, out), 0, size, 0, 2));
    return new Output(size[0], size[1], !published);
  }

  /** Writes what goes into a published file. */
  interface Body {
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Writes {@code body} to a temporary name, flushes it to disk, puts it in place, flushes the directory; false (and
   * nothing written) when {@code target} exists already. In place by a hard link, which the kernel refuses when the
   * name exists (a rename would replace it): an output that exists is never written again, whoever tries, even a
   * worker of another cage racing this one; the temporary name is then unlinked.
   */
  static boolean publish(Path target, Body body) throws IOException {
    try {
      return putInPlace(target, body);
    } catch (WriteFailed e) {
      throw e;
    } catch (IOException e) {
      throw new WriteFailed(target, e);
    }
  }

  /**
   * A failure while writing an output (its directory, its temporary file, the link, the directory's flush), as
   * opposed to reading the source: where a host's I/O error ({@link HostFault}) counts as the host's.
   */
  public static final class WriteFailed extends IOException {
    WriteFailed(Path target, IOException cause) {
      super(cause.getMessage(), cause);
    }
  }

  private static boolean putInPlace(Path target, Body body) throws IOException {
    Files.createDirectories(target.getParent());
    Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
    try (FileOutputStream out = new FileOutputStream(tmp.toFile())) {
      body.writeTo(out);
      out.getFD().sync();
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    try {
      Files.createLink(target, tmp);
    } catch (FileAlreadyExistsException e) {
      Files.deleteIfExists(tmp);
      return false;
    } catch (UnsupportedOperationException | FileSystemException e) {
      if (e instanceof FileSystemException f && !f.getMessage().contains("Operation not permitted")) {
        Files.deleteIfExists(tmp);
        throw f;
      }
      // a file system without hard links: a move that refuses an existing name (checked, then renamed)
      try {
        Files.move(tmp, target);
      } catch (FileAlreadyExistsException exists) {
        Files.deleteIfExists(tmp);
        return false;
      }
    }
    Files.deleteIfExists(tmp);
    try (FileChannel dir = FileChannel.open(target.getParent(), StandardOpenOption.READ)) {
      dir.force(true);
    }
    return true;
  }

  /**
   * A JPEG source that needs no resize, turn or colour conversion, without its metadata (see
   * {@link JpegPassThrough}); null when it needs work, or when its header cannot be read here (the
   * decoding path then says why).
   */
  private JpegPassThrough.Stripped unchanged(Path source, int longEdge) throws IOException {
    byte[] head;
    try (InputStream in = Files.newInputStream(source)) {
      head = in.readNBytes(64 * 1024);
    } catch (IOException e) {
      return null; // the decoding path says what is wrong with it
    }
    if (head.length < 4 || (head[0] & 0xff) != 0xff || (head[1] & 0xff) != 0xd8) {
      return null; // not a JPEG
    }
    int[] size = JpegPassThrough.frameSize(head);
    if (size != null && Math.max(size[0], size[1]) > longEdge) {
      return null; // to be resized: not read whole here
    }
    return JpegPassThrough.strip(Files.readAllBytes(source), longEdge, maxPixels);
  }


  /** The same work on bytes in memory (output in the source's format): the warm-up path. */
  public int[] resizeBytes(InputStream source, int longEdge, OutputStream out) throws IOException {
    try (ImageInputStream in = new MemoryCacheImageInputStream(source)) {
      Decoder.Decoded d = Decoder.read(in, longEdge, maxPixels, warnings, scaledJpeg);
      return encode(d, d.format(), longEdge, out);
    }
  }

  private static String formatOf(Path target, String sourceFormat) {
    String name = target.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".png")) {
      return "png";
    }
    if (name.endsWith(".jpg") || name.endsWith(".jpeg")) {
      return "jpeg";
    }
    return sourceFormat;
  }

  /** The output's size as shown: the declared size fitted to the long edge (from the declared size, not the subsampled one). */
  static int[] fitted(int w, int h, int longEdge) {
    int longest = Math.max(w, h);
    if (longest <= longEdge) {
      return new int[] {w, h};
    }
    double scale = (double) longEdge / longest;
    int tw = Math.max(1, (int) Math.round(w * scale));
    int th = Math.max(1, (int) Math.round(h * scale));
    if (w >= h) {
      tw = longEdge; // rounding must not miss the preset's edge
    } else {
      th = longEdge;
    }
    return new int[] {tw, th};
  }

  private static int[] encode(Decoder.Decoded d, String format, int longEdge, OutputStream out) throws IOException {
    BufferedImage image = d.image();
    if (format.equals("jpeg") && image.getColorModel().hasAlpha()) {
      image = onWhite(image);
    }
    int[] shown = fitted(d.shownWidth(), d.shownHeight(), longEdge);
    boolean swap = Orientation.swapsAxes(d.orientation());
    int tw = swap ? shown[1] : shown[0]; // resized as stored, turned afterwards (fewer pixels to turn)
    int th = swap ? shown[0] : shown[1];
    BufferedImage result = image;
    if ((image.getWidth() != tw || image.getHeight() != th) && image.getWidth() >= tw && image.getHeight() >= th
        && Shrink.supports(image)) {
      result = Shrink.to(image, tw, th); // the usual case: an opaque photo made smaller
    } else if (image.getWidth() != tw || image.getHeight() != th) {
      Thumbnails.Builder<BufferedImage> b = Thumbnails.of(image).forceSize(tw, th);
      b.imageType(image.getType() == BufferedImage.TYPE_BYTE_GRAY ? BufferedImage.TYPE_BYTE_GRAY
          : image.getColorModel().hasAlpha() ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
      result = b.asBufferedImage();
    }
    result = Orientation.apply(result, d.orientation());
    if (format.equals("jpeg")) {
      Jpeg.write(result, out, QUALITY);
    } else {
      try (ImageOutputStream ios = new MemoryCacheImageOutputStream(out)) { // not ImageIO's temporary file
        if (!ImageIO.write(result, "png", ios)) {
          throw new IIOException("no PNG writer");
        }
      }
    }
    return new int[] {result.getWidth(), result.getHeight()};
  }

  /** A JPEG has no alpha: transparent parts are shown on white, as a page behind them would be. */
  private static BufferedImage onWhite(BufferedImage argb) {
    BufferedImage rgb = new BufferedImage(argb.getWidth(), argb.getHeight(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = rgb.createGraphics();
    try {
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, rgb.getWidth(), rgb.getHeight());
      g.drawImage(argb, 0, 0, null);
    } finally {
      g.dispose();
    }
    return rgb;
  }

  /** A small photo-like JPEG made in memory, for warming up. */
  static byte[] warmupJpeg() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Jpeg.write(SampleLibrary.photo(1200, 900, new java.util.SplittableRandom(7)), out, 0.9f);
    return out.toByteArray();
  }
}
