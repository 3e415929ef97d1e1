package helperlab.cage;

import helperlab.cage.image.SampleLibrary;
import helperlab.cage.image.Jpeg;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;

/**
 * Real images for the cage's tests, made reproducibly and shared by all tests in target/: a small
 * sample library, a heavy photo, and the bad inputs the intake must refuse (or, where only decoding
 * can tell, the workers must die on).
 */
public final class TestImages {
  static final Path ROOT = Path.of("target", "cage-test-images").toAbsolutePath();

  private TestImages() {}

  /** Six photo-like JPEGs from 0.3 to 3 MP. */
  public static synchronized SampleLibrary library() throws IOException {
    Path dir = ROOT.resolve("library");
    if (!Files.isRegularFile(dir.resolve(SampleLibrary.MANIFEST))) {
      SampleLibrary.generate(dir, 6, 0.3, 3, 42);
    }
    return SampleLibrary.open(dir);
  }

  /** A photo-like JPEG of about {@code mp} megapixels (cached). */
  public static synchronized Path photo(double mp) throws IOException {
    return cachedPhoto(String.format(java.util.Locale.ROOT, "photo-%.1fmp.jpg", mp), mp, (image, to) -> {
      try (OutputStream out = Files.newOutputStream(to)) {
        Jpeg.write(image, out, 0.85f);
      }
    });
  }

  /**
   * A progressive photo-like JPEG of about {@code mp} megapixels (cached): a decoder must hold all of its coefficients
   * (two bytes per sample) before it can give a single row, whatever scale it decodes at, so its memory follows the
   * megapixels, for libjpeg-turbo's scaled decoding as for the JDK's.
   */
  public static synchronized Path progressivePhoto(double mp) throws IOException {
    return cachedPhoto(String.format(java.util.Locale.ROOT, "photo-%.1fmp-progressive.jpg", mp), mp, (image, to) -> {
      javax.imageio.ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
      try (javax.imageio.stream.ImageOutputStream out = ImageIO.createImageOutputStream(to.toFile())) {
        writer.setOutput(out);
        javax.imageio.ImageWriteParam param = writer.getDefaultWriteParam();
        param.setProgressiveMode(javax.imageio.ImageWriteParam.MODE_DEFAULT);
        writer.write(null, new javax.imageio.IIOImage(image, null, null), param);
      } finally {
        writer.dispose();
      }
    });
  }

  /** How a cached photo is written. */
  private interface PhotoWriter {
    void write(BufferedImage image, Path to) throws IOException;
  }

  /** {@code name} under the cache, made once: a photo of about {@code mp} megapixels (4:3), written through a temp file. */
  private static Path cachedPhoto(String name, double mp, PhotoWriter writer) throws IOException {
    Path file = ROOT.resolve(name);
    if (!Files.exists(file)) {
      Files.createDirectories(ROOT);
      int w = (int) Math.round(Math.sqrt(mp * 1e6 * 4 / 3));
      int h = (int) Math.round(mp * 1e6 / w);
      Path tmp = ROOT.resolve(name + ".tmp");
      writer.write(SampleLibrary.photo(w, h, new SplittableRandom((long) (mp * 1000))), tmp);
      Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
    return file;
  }

  /** A photo-like PNG (with alpha) of w x h. */
  public static void png(Path file, int w, int h) throws IOException {
    BufferedImage rgb = SampleLibrary.photo(w, h, new SplittableRandom(w * 31L + h));
    BufferedImage argb = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
    argb.getGraphics().drawImage(rgb, 0, 0, null);
    ImageIO.write(argb, "png", file.toFile());
  }

  public static Path copyInto(Path inbox, Path source, String name) throws IOException {
    Files.createDirectories(inbox);
    Path target = inbox.resolve(name);
    Files.copy(source, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return target;
  }

  /**
   * A PNG whose header, dimensions and end are all in order but whose pixel data is garbage: the
   * door lets it in, a worker dies decoding it.
   */
  public static void poisonPng(Path file) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ImageIO.write(SampleLibrary.photo(640, 480, new SplittableRandom(5)), "png", bytes);
    byte[] png = bytes.toByteArray();
    int idat = indexOf(png, new byte[] {'I', 'D', 'A', 'T'});
    int length = ByteBuffer.wrap(png, idat - 4, 4).getInt();
    SplittableRandom r = new SplittableRandom(9);
    for (int i = idat + 4 + 16; i < idat + 4 + Math.min(length, 4096); i++) {
      png[i] = (byte) r.nextInt(256); // keeps the zlib header, scrambles the deflate stream
    }
    Files.write(file, png);
  }

  /** A valid JPEG cut to its first part (an interrupted upload). */
  public static void truncatedJpeg(Path file) throws IOException {
    byte[] full = Files.readAllBytes(photo(0.5));
    byte[] cut = java.util.Arrays.copyOf(full, full.length * 6 / 10);
    Files.write(file, cut);
  }

  /** A tiny PNG that declares 100,000 x 100,000 pixels. */
  public static void bombPng(Path file) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
    ByteBuffer ihdr = ByteBuffer.allocate(13);
    ihdr.putInt(100_000).putInt(100_000).put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 0);
    chunk(out, "IHDR", ihdr.array());
    chunk(out, "IDAT", new byte[] {0x78, (byte) 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01});
    chunk(out, "IEND", new byte[0]);
    Files.write(file, out.toByteArray());
  }

  private static void chunk(ByteArrayOutputStream out, String type, byte[] data) throws IOException {
    out.write(ByteBuffer.allocate(4).putInt(data.length).array());
    byte[] t = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    out.write(t);
    out.write(data);
    CRC32 crc = new CRC32();
    crc.update(t);
    crc.update(data);
    out.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
  }

  private static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new IllegalArgumentException("not found");
  }
}
