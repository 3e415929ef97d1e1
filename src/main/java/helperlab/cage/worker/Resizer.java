package helperlab.cage.worker;

import helperlab.cage.image.Jpeg;
import helperlab.cage.image.SampleLibrary;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import javax.imageio.IIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import net.coobird.thumbnailator.Thumbnails;

/**
 * Resizes one image to fit a long edge (never enlarging it) and publishes it atomically: written
 * to a temporary name, flushed to disk, renamed into place, then the directory flushed, so a
 * reader never sees half an image and a published image is never written again.
 */
public final class Resizer {
  /** JPEG quality of outputs. */
  static final float QUALITY = 0.85f;

  private final long maxPixels;

  public Resizer(long maxPixels) {
    this.maxPixels = maxPixels;
  }

  /** What was published. */
  public record Output(int width, int height, boolean alreadyPublished) {}

  public Output resizeFile(Path source, Path target, int longEdge) throws IOException {
    if (Files.exists(target)) {
      return new Output(0, 0, true); // published before (by a worker whose supervisor died): never twice
    }
    BufferedImage image;
    String format;
    try (ImageInputStream in = ImageIO.createImageInputStream(source.toFile())) {
      if (in == null) {
        throw new IOException("cannot open " + source);
      }
      Decoded d = decode(in, longEdge);
      image = d.image;
      format = d.format;
    }
    Files.createDirectories(target.getParent());
    Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
    int[] size;
    try (FileOutputStream out = new FileOutputStream(tmp.toFile())) {
      size = encode(image, format, longEdge, out);
      out.getFD().sync();
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
    try (FileChannel dir = FileChannel.open(target.getParent(), StandardOpenOption.READ)) {
      dir.force(true);
    }
    return new Output(size[0], size[1], false);
  }

  /** The same work on bytes in memory: the warm-up path, so a fresh worker's first image runs at full speed. */
  public int[] resizeBytes(InputStream source, int longEdge, OutputStream out) throws IOException {
    try (ImageInputStream in = ImageIO.createImageInputStream(source)) {
      Decoded d = decode(in, longEdge);
      return encode(d.image, d.format, longEdge, out);
    }
  }

  private record Decoded(BufferedImage image, String format) {}

  private Decoded decode(ImageInputStream in, int longEdge) throws IOException {
    Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
    if (!readers.hasNext()) {
      throw new IIOException("not an image ImageIO can read");
    }
    ImageReader reader = readers.next();
    try {
      reader.setInput(in, true, true);
      String format = reader.getFormatName().toLowerCase(java.util.Locale.ROOT);
      format = format.startsWith("jp") ? "jpeg" : format.startsWith("png") ? "png" : format;
      int w = reader.getWidth(0);
      int h = reader.getHeight(0);
      if ((long) w * h > maxPixels) {
        throw new IIOException("declares " + w + " x " + h + " pixels, over the limit: refused before decoding");
      }
      // A corrupt or cut-short stream only warns in some decoders; a grey half-image is not a result.
      StringBuilder warnings = new StringBuilder();
      reader.addIIOReadWarningListener((source, warning) -> warnings.append(warnings.length() > 0 ? "; " : "")
          .append(warning));
      ImageReadParam param = reader.getDefaultReadParam();
      // Decode at most twice the target size: the memory of a 70 MP image is never needed for a thumbnail.
      int step = Math.max(1, Math.max(w, h) / (2 * longEdge));
      if (step > 1) {
        param.setSourceSubsampling(step, step, 0, 0);
      }
      BufferedImage image = reader.read(0, param);
      if (warnings.length() > 0) {
        throw new IIOException("corrupt image: " + warnings);
      }
      return new Decoded(image, format);
    } finally {
      reader.dispose();
    }
  }

  private static int[] encode(BufferedImage image, String format, int longEdge, OutputStream out) throws IOException {
    int w = image.getWidth();
    int h = image.getHeight();
    int longest = Math.max(w, h);
    BufferedImage result;
    if (longest <= longEdge) {
      result = image;
    } else {
      double scale = (double) longEdge / longest;
      int tw = Math.max(1, (int) Math.round(w * scale));
      int th = Math.max(1, (int) Math.round(h * scale));
      if (Math.max(tw, th) != longEdge) { // rounding must not miss the preset's edge
        if (tw >= th) {
          tw = longEdge;
        } else {
          th = longEdge;
        }
      }
      Thumbnails.Builder<BufferedImage> b = Thumbnails.of(image).forceSize(tw, th);
      if (format.equals("jpeg")) {
        b.imageType(image.getColorModel().getNumComponents() == 1 ? BufferedImage.TYPE_BYTE_GRAY
            : BufferedImage.TYPE_INT_RGB);
      }
      result = b.asBufferedImage();
    }
    if (format.equals("jpeg")) {
      Jpeg.write(result, out, QUALITY);
    } else if (!ImageIO.write(result, "png", out)) {
      throw new IIOException("no PNG writer");
    }
    return new int[] {result.getWidth(), result.getHeight()};
  }

  /** A small photo-like JPEG made in memory, for warming up. */
  static byte[] warmupJpeg() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Jpeg.write(SampleLibrary.photo(1200, 900, new java.util.SplittableRandom(7)), out, 0.9f);
    return out.toByteArray();
  }
}
