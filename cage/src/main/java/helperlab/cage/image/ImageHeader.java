package helperlab.cage.image;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * What an image file declares about itself, read from its header without decoding its pixels: the
 * format (JPEG or PNG, by magic bytes), its dimensions, and whether it ends the way a whole file
 * ends. This is where a decompression bomb is refused, before anything allocates its pixels.
 */
public record ImageHeader(String format, int width, int height, long bytes) {
  /** The most pixels an image may declare; the lab's images go up to 70 MP. */
  public static final long DEFAULT_MAX_PIXELS = 100_000_000L;

  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  private static final byte[] PNG_IEND = {'I', 'E', 'N', 'D', (byte) 0xae, 0x42, 0x60, (byte) 0x82};
  /** JPEG writers may pad after the end-of-image marker; look for it this far from the end. */
  private static final int JPEG_TAIL = 4096;

  /** The file cannot be an input image; the message says why in words a client can act on. */
  public static final class BadImageException extends Exception {
    public BadImageException(String message) {
      super(message);
    }
  }

  public double megapixels() {
    return (double) width * height / 1e6;
  }

  public static ImageHeader read(Path file, long maxPixels) throws BadImageException {
    long size;
    try {
      if (!Files.isRegularFile(file)) {
        throw new BadImageException(Files.exists(file) ? "not a regular file" : "no such file");
      }
      size = Files.size(file);
    } catch (NoSuchFileException e) {
      throw new BadImageException("no such file");
    } catch (IOException e) {
      throw new BadImageException("cannot read: " + e.getMessage());
    }
    if (size == 0) {
      throw new BadImageException("empty file (0 bytes)");
    }
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
      byte[] head = new byte[8];
      int n = raf.read(head);
      String format = formatOf(head, n);
      if (format == null) {
        throw new BadImageException("not a JPEG or PNG image");
      }
      int[] dims = dimensions(file, format);
      long pixels = (long) dims[0] * dims[1];
      if (pixels > maxPixels) {
        throw new BadImageException(String.format(Locale.ROOT,
            "declares %d x %d pixels (%.0f MP), over the limit of %.0f MP: refused before decoding",
            dims[0], dims[1], pixels / 1e6, maxPixels / 1e6));
      }
      checkEnd(raf, size, format);
      return new ImageHeader(format, dims[0], dims[1], size);
    } catch (IOException e) {
      throw new BadImageException("cannot read: " + e.getMessage());
    }
  }

  private static String formatOf(byte[] head, int n) {
    if (n >= 3 && (head[0] & 0xff) == 0xff && (head[1] & 0xff) == 0xd8 && (head[2] & 0xff) == 0xff) {
      return "jpeg";
    }
    if (n >= 8) {
      for (int i = 0; i < 8; i++) {
        if (head[i] != PNG_MAGIC[i]) {
          return null;
        }
      }
      return "png";
    }
    return null;
  }

  private static int[] dimensions(Path file, String format) throws BadImageException, IOException {
    try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
      Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName(format);
      if (!readers.hasNext()) {
        throw new IllegalStateException("no ImageIO reader for " + format);
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(in, true, true);
        int w = reader.getWidth(0);
        int h = reader.getHeight(0);
        if (w <= 0 || h <= 0) {
          throw new BadImageException("declares no pixels (" + w + " x " + h + ")");
        }
        return new int[] {w, h};
      } catch (IOException | RuntimeException e) {
        throw new BadImageException("unreadable " + format.toUpperCase(Locale.ROOT) + " header: " + e.getMessage());
      } finally {
        reader.dispose();
      }
    }
  }

  /** A file cut short (an interrupted upload) lacks its end marker: JPEG's EOI, PNG's IEND chunk. */
  private static void checkEnd(RandomAccessFile raf, long size, String format) throws IOException, BadImageException {
    if (format.equals("png")) {
      byte[] tail = new byte[PNG_IEND.length];
      if (size < 8 + tail.length) {
        throw new BadImageException("truncated PNG: too short");
      }
      raf.seek(size - tail.length);
      raf.readFully(tail);
      for (int i = 0; i < tail.length; i++) {
        if (tail[i] != PNG_IEND[i]) {
          throw new BadImageException("truncated PNG: no IEND chunk at the end");
        }
      }
      return;
    }
    int len = (int) Math.min(size, JPEG_TAIL);
    byte[] tail = new byte[len];
    raf.seek(size - len);
    raf.readFully(tail);
    for (int i = len - 2; i >= 0; i--) {
      if ((tail[i] & 0xff) == 0xff && (tail[i + 1] & 0xff) == 0xd9) {
        return;
      }
    }
    throw new BadImageException("truncated JPEG: no end-of-image marker");
  }
}
