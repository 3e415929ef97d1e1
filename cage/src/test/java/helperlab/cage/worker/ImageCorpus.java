package helperlab.cage.worker;

import com.twelvemonkeys.imageio.color.ColorSpaces;
import java.awt.Color;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Deflater;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * Images as phones, cameras and print shops make them, generated here (nothing binary is committed):
 * the picture a viewer shows is four flat quadrants of known colour, so an output's orientation and
 * colours can be checked by the mean colour of each quadrant.
 */
final class ImageCorpus {
  /** The shown picture's quadrants: top-left, top-right, bottom-left, bottom-right. */
  static final Color[] QUADRANTS = {new Color(220, 30, 30), new Color(30, 170, 60), new Color(40, 60, 200),
      new Color(240, 220, 40)};
  /** Words that must not survive into an output: they sit in the source's EXIF beside its GPS position. */
  static final String PRIVATE_MARK = "Jane Example, 51.5007N 0.1246W";

  private ImageCorpus() {}

  /** The picture as a viewer shows it: w x h, four quadrants. */
  static BufferedImage shown(int w, int h) {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        img.setRGB(x, y, QUADRANTS[(y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)].getRGB());
      }
    }
    return img;
  }

  /**
   * The pixels a camera stores for {@code shown} when it writes EXIF orientation {@code o}, from the
   * EXIF table "row 0 is the shown picture's ..., column 0 is its ...".
   */
  static BufferedImage stored(BufferedImage shown, int o) {
    int w = shown.getWidth();
    int h = shown.getHeight();
    boolean swap = o >= 5;
    int sw = swap ? h : w;
    int sh = swap ? w : h;
    BufferedImage img = new BufferedImage(sw, sh, BufferedImage.TYPE_INT_RGB);
    for (int sy = 0; sy < sh; sy++) {
      for (int sx = 0; sx < sw; sx++) {
        int x;
        int y;
        switch (o) {
          case 1 -> { x = sx; y = sy; }                    // row 0 top, column 0 left
          case 2 -> { x = w - 1 - sx; y = sy; }            // top, right
          case 3 -> { x = w - 1 - sx; y = h - 1 - sy; }    // bottom, right
          case 4 -> { x = sx; y = h - 1 - sy; }            // bottom, left
          case 5 -> { x = sy; y = sx; }                    // left, top
          case 6 -> { x = w - 1 - sy; y = sx; }            // right, top
          case 7 -> { x = w - 1 - sy; y = h - 1 - sx; }    // right, bottom
          default -> { x = sy; y = h - 1 - sx; }           // 8: left, bottom
        }
        img.setRGB(sx, sy, shown.getRGB(x, y));
      }
    }
    return img;
  }

  static byte[] jpeg(BufferedImage img) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    helperlab.cage.image.Jpeg.write(img, out, 0.92f);
    return out.toByteArray();
  }

  /** A phone's photo: stored turned, EXIF orientation {@code o}, a GPS position and the owner's name. */
  static void phoneJpeg(Path file, int w, int h, int o) throws IOException {
    Files.write(file, withSegment(jpeg(stored(shown(w, h), o)), 0xE1, exif(o)));
  }

  /** A JPEG with {@code segment} (marker 0xFFxx, payload) put right after its start marker. */
  static byte[] withSegment(byte[] jpeg, int marker, byte[] payload) {
    ByteBuffer b = ByteBuffer.allocate(jpeg.length + 4 + payload.length);
    b.put(jpeg, 0, 2).put((byte) 0xFF).put((byte) marker).putShort((short) (payload.length + 2)).put(payload);
    b.put(jpeg, 2, jpeg.length - 2);
    return b.array();
  }

  /** An EXIF APP1 payload (big-endian TIFF): Orientation, Artist, and a GPS IFD with a latitude. */
  static byte[] exif(int orientation) {
    byte[] artist = (PRIVATE_MARK + "\0").getBytes(StandardCharsets.US_ASCII);
    ByteBuffer t = ByteBuffer.allocate(512);
    t.put("Exif\0\0".getBytes(StandardCharsets.US_ASCII));
    t.put(new byte[] {'M', 'M', 0, 42}).putInt(8);
    int ifd0 = 8;
    int ifd0Size = 2 + 3 * 12 + 4;
    int artistAt = ifd0 + ifd0Size;
    int gpsAt = artistAt + artist.length + (artist.length % 2);
    int gpsSize = 2 + 3 * 12 + 4;
    int latAt = gpsAt + gpsSize;
    t.putShort((short) 3);
    t.putShort((short) 0x0112).putShort((short) 3).putInt(1).putShort((short) orientation).putShort((short) 0);
    t.putShort((short) 0x013B).putShort((short) 2).putInt(artist.length).putInt(artistAt);
    t.putShort((short) 0x8825).putShort((short) 4).putInt(1).putInt(gpsAt);
    t.putInt(0);
    t.put(artist);
    if (artist.length % 2 == 1) {
      t.put((byte) 0);
    }
    t.putShort((short) 3);
    t.putShort((short) 0x0000).putShort((short) 1).putInt(4).put(new byte[] {2, 3, 0, 0});
    t.putShort((short) 0x0001).putShort((short) 2).putInt(2).put(new byte[] {'N', 0, 0, 0});
    t.putShort((short) 0x0002).putShort((short) 5).putInt(3).putInt(latAt);
    t.putInt(0);
    t.putInt(51).putInt(1).putInt(30).putInt(1).putInt(243).putInt(100);
    byte[] out = new byte[t.position()];
    t.flip();
    t.get(out);
    return out;
  }

  // ---- CMYK and YCCK -------------------------------------------------------------------------

  /** Ink (C, M, Y, K, 0-255) per quadrant of the CMYK pictures: cyan, magenta, paper white, black. */
  static final int[][] INKS = {{255, 0, 0, 0}, {0, 255, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 255}};

  /** What a colour-managed viewer shows for {@code ink} through {@code profile} (the profile's own rendering intent). */
  static Color inkAsShown(int[] ink, ICC_ColorSpace profile) {
    ComponentColorModel cm = new ComponentColorModel(profile, false, false, Transparency.OPAQUE, DataBuffer.TYPE_BYTE);
    WritableRaster r = cm.createCompatibleWritableRaster(1, 1);
    r.setPixel(0, 0, ink);
    BufferedImage rgb = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
    new java.awt.image.ColorConvertOp(null).filter(new BufferedImage(cm, r, false, null), rgb);
    return new Color(rgb.getRGB(0, 0));
  }

  static ICC_ColorSpace standardCmyk() {
    return Cmyk.standard();
  }

  /**
   * A print shop's CMYK JPEG as Photoshop writes it (Adobe APP14, samples inverted): {@code ycck}
   * stores it as YCCK; {@code profile}, when not null, is embedded as APP2 ICC_PROFILE.
   */
  static void cmykJpeg(Path file, int w, int h, boolean ycck, ICC_Profile profile) throws IOException {
    WritableRaster r = Raster.createInterleavedRaster(DataBuffer.TYPE_BYTE, w, h, 4, null);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        int[] ink = INKS[(y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)];
        int[] px;
        if (ycck) {
          // Adobe's YCCK: C, M, Y taken as R, G, B through the JPEG YCbCr transform; K stored inverted.
          double c = ink[0];
          double m = ink[1];
          double yl = ink[2];
          px = new int[] {clamp(0.299 * c + 0.587 * m + 0.114 * yl), clamp(128 - 0.168736 * c - 0.331264 * m + 0.5 * yl),
              clamp(128 + 0.5 * c - 0.418688 * m - 0.081312 * yl), 255 - ink[3]};
        } else {
          px = new int[] {255 - ink[0], 255 - ink[1], 255 - ink[2], 255 - ink[3]};
        }
        r.setPixel(x, y, px);
      }
    }
    ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
      writer.setOutput(out);
      ImageWriteParam p = writer.getDefaultWriteParam();
      p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
      p.setCompressionQuality(0.95f);
      ComponentColorModel cm = new ComponentColorModel(ColorSpaces.getColorSpace(ColorSpaces.CS_GENERIC_CMYK), false,
          false, Transparency.OPAQUE, DataBuffer.TYPE_BYTE);
      IIOMetadata md = writer.getDefaultImageMetadata(new ImageTypeSpecifier(cm, cm.createCompatibleSampleModel(1, 1)), p);
      String f = "javax_imageio_jpeg_image_1.0";
      IIOMetadataNode root = (IIOMetadataNode) md.getAsTree(f);
      IIOMetadataNode adobe = (IIOMetadataNode) root.getElementsByTagName("app14Adobe").item(0);
      if (adobe == null) {
        adobe = new IIOMetadataNode("app14Adobe");
        root.getElementsByTagName("markerSequence").item(0).appendChild(adobe);
      }
      adobe.setAttribute("transform", ycck ? "2" : "0");
      md.setFromTree(f, root);
      writer.write(null, new IIOImage(r, null, md), p);
    } finally {
      writer.dispose();
    }
    byte[] jpeg = bytes.toByteArray();
    if (profile != null) {
      byte[] data = profile.getData();
      ByteBuffer icc = ByteBuffer.allocate(14 + data.length);
      icc.put("ICC_PROFILE\0".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put((byte) 1).put(data);
      jpeg = withSegment(jpeg, 0xE2, icc.array());
    }
    Files.write(file, jpeg);
  }

  private static int clamp(double v) {
    return (int) Math.max(0, Math.min(255, Math.round(v)));
  }

  // ---- profiles, PNG kinds -------------------------------------------------------------------

  static ICC_ColorSpace adobeRgb() {
    return (ICC_ColorSpace) ColorSpaces.getColorSpace(ColorSpaces.CS_ADOBE_RGB_1998);
  }

  /** The quadrants' colours taken as Adobe RGB samples, as a colour-managed viewer shows them in sRGB. */
  static Color adobeAsShown(Color stored) {
    float[] rgb = adobeRgb().toRGB(stored.getRGBColorComponents(null));
    return new Color(rgb[0], rgb[1], rgb[2]);
  }

  /** The quadrant picture with its samples tagged Adobe RGB (the JPEG writer embeds the profile). */
  static BufferedImage inAdobeRgb(int w, int h) {
    ComponentColorModel cm = new ComponentColorModel(adobeRgb(), false, false, Transparency.OPAQUE, DataBuffer.TYPE_BYTE);
    WritableRaster r = cm.createCompatibleWritableRaster(w, h);
    BufferedImage plain = shown(w, h);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        Color c = new Color(plain.getRGB(x, y));
        r.setPixel(x, y, new int[] {c.getRed(), c.getGreen(), c.getBlue()});
      }
    }
    return new BufferedImage(cm, r, false, null);
  }

  /** A PNG of the quadrants whose samples are Adobe RGB, said by an iCCP chunk. */
  static void adobePng(Path file, int w, int h) throws IOException {
    BufferedImage img = shown(w, h);
    ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
    try (ImageOutputStream out = ImageIO.createImageOutputStream(Files.newOutputStream(file))) {
      writer.setOutput(out);
      ImageWriteParam p = writer.getDefaultWriteParam();
      IIOMetadata md = writer.getDefaultImageMetadata(new ImageTypeSpecifier(img), p);
      IIOMetadataNode root = (IIOMetadataNode) md.getAsTree("javax_imageio_png_1.0");
      IIOMetadataNode iccp = new IIOMetadataNode("iCCP");
      iccp.setAttribute("profileName", "Adobe RGB");
      iccp.setAttribute("compressionMethod", "deflate");
      iccp.setUserObject(deflate(adobeRgb().getProfile().getData()));
      root.appendChild(iccp);
      md.setFromTree("javax_imageio_png_1.0", root);
      writer.write(null, new IIOImage(img, null, md), p);
    } finally {
      writer.dispose();
    }
  }

  private static byte[] deflate(byte[] data) {
    Deflater d = new Deflater();
    d.setInput(data);
    d.finish();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    while (!d.finished()) {
      out.write(buf, 0, d.deflate(buf));
    }
    d.end();
    return out.toByteArray();
  }

  /** 16 bits a sample, RGB: the quadrants' 8-bit values times 257. */
  static void png16(Path file, int w, int h) throws IOException {
    ComponentColorModel cm = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_sRGB), false, false,
        Transparency.OPAQUE, DataBuffer.TYPE_USHORT);
    WritableRaster r = cm.createCompatibleWritableRaster(w, h);
    BufferedImage plain = shown(w, h);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        Color c = new Color(plain.getRGB(x, y));
        r.setPixel(x, y, new int[] {c.getRed() * 257, c.getGreen() * 257, c.getBlue() * 257});
      }
    }
    ImageIO.write(new BufferedImage(cm, r, false, null), "png", file.toFile());
  }

  /** A palette PNG of the quadrants (four entries). */
  static void palettePng(Path file, int w, int h) throws IOException {
    byte[] red = new byte[4];
    byte[] green = new byte[4];
    byte[] blue = new byte[4];
    for (int i = 0; i < 4; i++) {
      red[i] = (byte) QUADRANTS[i].getRed();
      green[i] = (byte) QUADRANTS[i].getGreen();
      blue[i] = (byte) QUADRANTS[i].getBlue();
    }
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_INDEXED, new IndexColorModel(2, 4, red, green, blue));
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        img.getRaster().setSample(x, y, 0, (y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1));
      }
    }
    ImageIO.write(img, "png", file.toFile());
  }

  /** Grey {@code grey} with alpha: the left half opaque, the right half fully transparent. */
  static void greyAlphaPng(Path file, int w, int h, int grey) throws IOException {
    ComponentColorModel cm = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_GRAY), true, false,
        Transparency.TRANSLUCENT, DataBuffer.TYPE_BYTE);
    WritableRaster r = cm.createCompatibleWritableRaster(w, h);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        r.setPixel(x, y, new int[] {grey, x < w / 2 ? 255 : 0});
      }
    }
    ImageIO.write(new BufferedImage(cm, r, false, null), "png", file.toFile());
  }

  /** The quadrants as RGBA, the right half transparent. */
  static void rgbaPng(Path file, int w, int h) throws IOException {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
    BufferedImage plain = shown(w, h);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        img.setRGB(x, y, x < w / 2 ? plain.getRGB(x, y) | 0xFF000000 : plain.getRGB(x, y) & 0x00FFFFFF);
      }
    }
    ImageIO.write(img, "png", file.toFile());
  }
}
