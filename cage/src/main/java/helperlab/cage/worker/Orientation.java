package helperlab.cage.worker;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;

/**
 * EXIF orientation: how the stored pixels must be turned to show the picture the way the camera
 * was held. 1 is as stored; 2-4 mirror or turn half way; 5-8 also swap width and height.
 */
final class Orientation {
  private Orientation() {}

  /** True when the picture shown is the stored one turned on its side. */
  static boolean swapsAxes(int orientation) {
    return orientation >= 5 && orientation <= 8;
  }

  /** The picture as a viewer shows it (a new image, or {@code stored} itself for orientation 1). */
  static BufferedImage apply(BufferedImage stored, int orientation) {
    if (orientation <= 1 || orientation > 8) {
      return stored;
    }
    int w = stored.getWidth();
    int h = stored.getHeight();
    boolean swap = swapsAxes(orientation);
    int ow = swap ? h : w;
    int oh = swap ? w : h;
    WritableRaster out = stored.getRaster().createCompatibleWritableRaster(ow, oh);
    Raster in = stored.getRaster();
    int[] fromPacked = packed(in, w);
    int[] toPacked = packed(out, ow);
    int n = in.getNumDataElements();
    byte[] fromBytes = interleaved(in, w);
    byte[] toBytes = interleaved(out, ow);
    Object px = null;
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        int tx;
        int ty;
        switch (orientation) {
          case 2 -> { tx = w - 1 - x; ty = y; }          // mirrored left-right
          case 3 -> { tx = w - 1 - x; ty = h - 1 - y; }  // turned half way
          case 4 -> { tx = x; ty = h - 1 - y; }          // mirrored top-bottom
          case 5 -> { tx = y; ty = x; }                  // transposed
          case 6 -> { tx = h - 1 - y; ty = x; }          // turned a quarter clockwise
          case 7 -> { tx = h - 1 - y; ty = w - 1 - x; }  // transverse
          default -> { tx = y; ty = w - 1 - x; }         // 8: turned a quarter anticlockwise
        }
        if (fromPacked != null && toPacked != null) {
          toPacked[ty * ow + tx] = fromPacked[y * w + x];
        } else if (fromBytes != null && toBytes != null) {
          for (int k = 0, f = (y * w + x) * n, t = (ty * ow + tx) * n; k < n; k++) {
            toBytes[t + k] = fromBytes[f + k];
          }
        } else {
          px = in.getDataElements(x, y, px);
          out.setDataElements(tx, ty, px);
        }
      }
    }
    return new BufferedImage(stored.getColorModel(), out, stored.isAlphaPremultiplied(), null);
  }

  /** The samples of a raster of interleaved bytes with no padding (what shrinking makes), else null. */
  private static byte[] interleaved(Raster r, int width) {
    if (r.getDataBuffer() instanceof java.awt.image.DataBufferByte d && d.getNumBanks() == 1 && d.getOffset() == 0
        && r.getSampleModelTranslateX() == 0 && r.getSampleModelTranslateY() == 0
        && r.getSampleModel() instanceof java.awt.image.PixelInterleavedSampleModel m
        && m.getPixelStride() == r.getNumDataElements() && m.getScanlineStride() == width * m.getPixelStride()) {
      return d.getData();
    }
    return null;
  }

  /** The pixels of a one-int-per-pixel raster with no padding (what resizing makes), else null. */
  private static int[] packed(Raster r, int width) {
    if (r.getDataBuffer() instanceof DataBufferInt d && d.getNumBanks() == 1 && r.getNumDataElements() == 1
        && r.getSampleModelTranslateX() == 0 && r.getSampleModelTranslateY() == 0
        && r.getSampleModel() instanceof java.awt.image.SinglePixelPackedSampleModel m && m.getScanlineStride() == width) {
      return d.getData();
    }
    return null;
  }
}
