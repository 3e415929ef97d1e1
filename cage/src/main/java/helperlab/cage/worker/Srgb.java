package helperlab.cage.worker;

import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.awt.image.ColorConvertOp;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferInt;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;

/**
 * Decoded pictures as 8-bit sRGB, the way a colour-managed viewer shows them: 16-bit samples
 * rounded to 8, palettes expanded, grey (with or without alpha) taken as stored (viewers show grey
 * samples as sRGB grey), and an embedded ICC profile converted from. The decoders' usual images
 * (JPEG's 3-byte BGR or grey, PNG's 8-bit RGB/RGBA/grey) pass through untouched.
 */
final class Srgb {
  private Srgb() {}

  /** {@code profile}: the picture's own ICC profile when the decoder left it unapplied (a PNG's iCCP), else null. */
  static BufferedImage of(BufferedImage img, ICC_Profile profile) {
    BufferedImage eight = standard(img) ? img : expand(img);
    if (profile != null && profile.getColorSpaceType() == ColorSpace.TYPE_RGB && !isSrgb(profile)) {
      return convert(eight, new ICC_ColorSpace(profile));
    }
    ColorSpace cs = img.getColorModel().getColorSpace();
    if (profile == null && cs instanceof ICC_ColorSpace && cs.getType() == ColorSpace.TYPE_RGB && !cs.isCS_sRGB()) {
      return convert(eight, cs); // a decoder that returned pixels in their own profile
    }
    return eight;
  }

  private static boolean isSrgb(ICC_Profile p) {
    return new ICC_ColorSpace(p).isCS_sRGB();
  }

  private static boolean standard(BufferedImage img) {
    return switch (img.getType()) {
      case BufferedImage.TYPE_3BYTE_BGR, BufferedImage.TYPE_4BYTE_ABGR, BufferedImage.TYPE_INT_RGB,
          BufferedImage.TYPE_INT_ARGB, BufferedImage.TYPE_INT_BGR, BufferedImage.TYPE_BYTE_GRAY ->
          img.getColorModel().getColorSpace().isCS_sRGB() || img.getType() == BufferedImage.TYPE_BYTE_GRAY;
      default -> false;
    };
  }

  /** 8-bit samples as stored, no colour management: ARGB when there is alpha, else RGB (grey stays grey). */
  private static BufferedImage expand(BufferedImage img) {
    int w = img.getWidth();
    int h = img.getHeight();
    ColorModel cm = img.getColorModel();
    boolean alpha = cm.hasAlpha();
    if (cm instanceof IndexColorModel) {
      BufferedImage out = new BufferedImage(w, h, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
      int[] row = new int[w];
      for (int y = 0; y < h; y++) {
        img.getRGB(0, y, w, 1, row, 0, w); // palette entries are sRGB already
        out.setRGB(0, y, w, 1, row, 0, w);
      }
      return out;
    }
    Raster r = img.getRaster();
    int bands = r.getNumBands();
    boolean grey = cm.getColorSpace().getType() == ColorSpace.TYPE_GRAY;
    int colourBands = grey ? 1 : 3;
    if (bands < colourBands || cm.getColorSpace().getType() != ColorSpace.TYPE_GRAY
        && cm.getColorSpace().getType() != ColorSpace.TYPE_RGB) {
      // anything else the decoder may hand over: let Java2D convert it
      BufferedImage out = new BufferedImage(w, h, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
      out.createGraphics().drawImage(img, 0, 0, null);
      return out;
    }
    int[] max = new int[bands];
    for (int b = 0; b < bands; b++) {
      max[b] = (1 << r.getSampleModel().getSampleSize(b)) - 1;
    }
    if (grey && !alpha) {
      BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
      WritableRaster o = out.getRaster();
      int[] row = new int[w];
      for (int y = 0; y < h; y++) {
        r.getSamples(0, y, w, 1, 0, row);
        for (int x = 0; x < w; x++) {
          row[x] = to8(row[x], max[0]);
        }
        o.setSamples(0, y, w, 1, 0, row);
      }
      return out;
    }
    BufferedImage out = new BufferedImage(w, h, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
    int[] argb = ((DataBufferInt) out.getRaster().getDataBuffer()).getData(); // written directly: no per-pixel colour model
    int[] px = new int[bands * w];
    int alphaBand = alpha ? bands - 1 : -1;
    for (int y = 0; y < h; y++) {
      r.getPixels(r.getMinX(), r.getMinY() + y, w, 1, px);
      int row = y * w;
      for (int x = 0; x < w; x++) {
        int i = x * bands;
        int red = to8(px[i], max[0]);
        int green = grey ? red : to8(px[i + 1], max[1]);
        int blue = grey ? red : to8(px[i + 2], max[2]);
        int a = alpha ? to8(px[i + alphaBand], max[alphaBand]) : 255;
        argb[row + x] = a << 24 | red << 16 | green << 8 | blue;
      }
    }
    return out;
  }

  private static int to8(int v, int max) {
    return max == 255 ? v : (int) ((v * 255L + max / 2) / max);
  }

  /** The same 8-bit samples read in {@code from}, converted to sRGB (alpha kept). */
  private static BufferedImage convert(BufferedImage eight, ColorSpace from) {
    BufferedImage rgb = eight.getType() == BufferedImage.TYPE_BYTE_GRAY ? expandGrey(eight) : eight;
    boolean alpha = rgb.getColorModel().hasAlpha();
    int w = rgb.getWidth();
    int h = rgb.getHeight();
    ComponentColorModel cm = new ComponentColorModel(from, alpha, false,
        alpha ? Transparency.TRANSLUCENT : Transparency.OPAQUE, DataBuffer.TYPE_BYTE);
    WritableRaster raster = cm.createCompatibleWritableRaster(w, h);
    int[] row = new int[w];
    byte[] samples = new byte[w * (alpha ? 4 : 3)];
    for (int y = 0; y < h; y++) {
      rgb.getRGB(0, y, w, 1, row, 0, w); // the stored samples (sRGB-tagged, so no conversion happens here)
      for (int x = 0, i = 0; x < w; x++) {
        int p = row[x];
        samples[i++] = (byte) (p >> 16);
        samples[i++] = (byte) (p >> 8);
        samples[i++] = (byte) p;
        if (alpha) {
          samples[i++] = (byte) (p >>> 24);
        }
      }
      raster.setDataElements(0, y, w, 1, samples);
    }
    BufferedImage tagged = new BufferedImage(cm, raster, false, null);
    BufferedImage out = new BufferedImage(w, h, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
    new ColorConvertOp(null).filter(tagged, out);
    return out;
  }

  private static BufferedImage expandGrey(BufferedImage grey) {
    BufferedImage out = new BufferedImage(grey.getWidth(), grey.getHeight(), BufferedImage.TYPE_INT_RGB);
    int[] row = new int[grey.getWidth()];
    for (int y = 0; y < grey.getHeight(); y++) {
      grey.getRaster().getSamples(0, y, grey.getWidth(), 1, 0, row);
      for (int x = 0; x < row.length; x++) {
        row[x] = row[x] << 16 | row[x] << 8 | row[x];
      }
      out.setRGB(0, y, grey.getWidth(), 1, row, 0, grey.getWidth());
    }
    return out;
  }
}
