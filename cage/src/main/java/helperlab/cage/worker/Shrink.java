package helperlab.cage.worker;

import java.awt.image.BufferedImage;
import java.awt.image.ComponentSampleModel;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.Raster;
import java.awt.image.SinglePixelPackedSampleModel;
import java.util.Arrays;

/**
 * Shrinks an opaque 8-bit picture by area averaging: each output pixel is the mean of the source
 * area it covers, edge pixels weighted by the part inside, rows and columns apart (separable), in one
 * pass over the source. It cannot alias the way point sampling does, and it reads each source sample
 * once where a general resampler (Java2D's drawImage, through Thumbnailator) converts the whole
 * source to another layout and scales it in several halving steps: at 2048 px that was most of the
 * worker's CPU for a photo of 4.7 MP and up.
 *
 * <p>Takes the decoders' usual opaque layouts (3 interleaved bytes in any band order, one grey byte,
 * 0x00RRGGBB ints) and gives {@code TYPE_3BYTE_BGR}, what the JPEG writer takes fastest (grey stays {@code TYPE_BYTE_GRAY}); anything else
 * (alpha, other layouts) is not taken: {@link #supports} says which.
 */
final class Shrink {
  /** Fixed-point weights: each output's weights sum to exactly this. */
  private static final int ONE_BITS = 14;
  private static final int ONE = 1 << ONE_BITS;
  /** Bits dropped after the pass across, so that the pass down sums in ints: 255 x ONE x ONE >> DROP < 2^31. */
  private static final int DROP = 6;

  private Shrink() {}

  /** True when {@link #to} takes this picture. */
  static boolean supports(BufferedImage img) {
    return layout(img) != null;
  }

  /** {@code img} shrunk to {@code tw x th}, which must be no larger than it on either axis. */
  static BufferedImage to(BufferedImage img, int tw, int th) {
    Layout l = layout(img);
    if (l == null) {
      throw new IllegalArgumentException("not a layout Shrink takes: " + img);
    }
    int sw = img.getWidth();
    int sh = img.getHeight();
    if (tw > sw || th > sh || tw < 1 || th < 1) {
      throw new IllegalArgumentException(sw + " x " + sh + " cannot shrink to " + tw + " x " + th);
    }
    Weights cols = Weights.of(sw, tw);
    Weights rows = Weights.of(sh, th);
    int ch = l.grey ? 1 : 3;
    BufferedImage out = new BufferedImage(tw, th, l.grey ? BufferedImage.TYPE_BYTE_GRAY : BufferedImage.TYPE_3BYTE_BGR);
    byte[] pixels = ((DataBufferByte) out.getRaster().getDataBuffer()).getData(); // B, G, R (or grey), no padding
    int[] across = new int[tw * ch]; // one source row shrunk across, R, G, B, scaled by ONE >> DROP
    int[] acc = new int[tw * ch]; // the output row being summed, scaled by ONE * ONE >> DROP
    int[] next = new int[tw * ch]; // the next output row's share of a source row on the boundary
    int oy = 0;
    for (int y = 0; y < sh && oy < th; y++) {
      l.shrinkRow(y, cols, across);
      addWeighted(acc, across, rows.weightOf(oy, y));
      if (y == rows.last(oy)) {
        int shared = oy + 1 < th ? rows.weightOf(oy + 1, y) : 0; // a row on the boundary counts in both
        if (shared > 0) {
          addWeighted(next, across, shared);
        }
        emit(acc, pixels, oy * tw * ch, ch);
        int[] t = acc;
        acc = next;
        next = t;
        Arrays.fill(next, 0);
        oy++;
      }
    }
    return out;
  }

  private static void addWeighted(int[] acc, int[] across, int w) {
    if (w != 0) {
      for (int i = 0; i < acc.length; i++) {
        acc[i] += across[i] * w;
      }
    }
  }

  private static void emit(int[] acc, byte[] pixels, int at, int ch) {
    final int shift = 2 * ONE_BITS - DROP;
    final int half = 1 << (shift - 1);
    if (ch == 1) {
      for (int x = 0; x < acc.length; x++) {
        pixels[at + x] = (byte) clamp((acc[x] + half) >> shift);
      }
    } else {
      for (int q = 0; q < acc.length; q += 3) { // acc holds R, G, B; the picture B, G, R
        pixels[at + q] = (byte) clamp((acc[q + 2] + half) >> shift);
        pixels[at + q + 1] = (byte) clamp((acc[q + 1] + half) >> shift);
        pixels[at + q + 2] = (byte) clamp((acc[q] + half) >> shift);
      }
    }
  }

  private static int clamp(int v) {
    return v < 0 ? 0 : v > 255 ? 255 : v;
  }

  /**
   * For each output index along one axis: the first source index it covers and the weights of the
   * source indices from there (the covered fraction over the scale, summing to {@link #ONE}).
   */
  private record Weights(int[] first, int[] offset, int[] weight) {
    static Weights of(int src, int dst) {
      double scale = (double) src / dst;
      int[] first = new int[dst];
      int[] offset = new int[dst + 1];
      int[] weight = new int[src + 2 * dst + 2]; // a source index lies in at most two outputs
      int n = 0;
      for (int o = 0; o < dst; o++) {
        double a = o * scale;
        double b = Math.min(src, (o + 1) * scale);
        int i0 = (int) Math.floor(a);
        int i1 = Math.min(src, (int) Math.ceil(b));
        first[o] = i0;
        offset[o] = n;
        int sum = 0;
        int biggest = n;
        for (int i = i0; i < i1; i++) {
          double covered = Math.min(b, i + 1) - Math.max(a, i);
          int w = (int) Math.round(covered / scale * ONE);
          weight[n] = w;
          sum += w;
          if (w > weight[biggest]) {
            biggest = n;
          }
          n++;
        }
        weight[biggest] += ONE - sum; // rounding must not brighten or darken
      }
      offset[dst] = n;
      return new Weights(first, offset, weight);
    }

    /** The last source index output {@code o} covers. */
    int last(int o) {
      return first[o] + (offset[o + 1] - offset[o]) - 1;
    }

    /** Source index {@code i}'s weight in output {@code o} (0 when it covers none of it). */
    int weightOf(int o, int i) {
      int k = i - first[o];
      return k < 0 || k >= offset[o + 1] - offset[o] ? 0 : weight[offset[o] + k];
    }
  }

  /** Where a picture's samples are, for the layouts taken; null for any other. */
  private static Layout layout(BufferedImage img) {
    if (img.getColorModel().hasAlpha()) {
      return null;
    }
    Raster r = img.getRaster();
    boolean grey = img.getType() == BufferedImage.TYPE_BYTE_GRAY;
    if (!grey && !img.getColorModel().getColorSpace().isCS_sRGB()) {
      return null;
    }
    int x0 = -r.getSampleModelTranslateX();
    int y0 = -r.getSampleModelTranslateY();
    if (r.getDataBuffer() instanceof DataBufferByte bytes && bytes.getNumBanks() == 1
        && r.getSampleModel() instanceof ComponentSampleModel m && m.getNumBands() == (grey ? 1 : 3)
        && (grey || img.getType() == BufferedImage.TYPE_3BYTE_BGR || img.getType() == BufferedImage.TYPE_CUSTOM)
        && m.getDataType() == java.awt.image.DataBuffer.TYPE_BYTE) {
      int[] bandOffsets = m.getBandOffsets();
      for (int b = 0; b < bandOffsets.length; b++) {
        if (m.getSampleSize(b) != 8 || m.getBankIndices()[b] != 0) {
          return null;
        }
      }
      return new Layout(grey, bytes.getData(), null, bytes.getOffset(), m.getScanlineStride(), m.getPixelStride(),
          bandOffsets, x0, y0, img.getWidth());
    }
    if (!grey && img.getType() == BufferedImage.TYPE_INT_RGB && r.getDataBuffer() instanceof DataBufferInt ints
        && ints.getNumBanks() == 1 && r.getSampleModel() instanceof SinglePixelPackedSampleModel m) {
      return new Layout(false, null, ints.getData(), ints.getOffset(), m.getScanlineStride(), 1, null, x0, y0,
          img.getWidth());
    }
    return null;
  }

  /** A picture's samples, shrunk across a row at a time. */
  private record Layout(boolean grey, byte[] bytes, int[] ints, int offset, int scanline, int pixelStride,
      int[] bandOffsets, int x0, int y0, int width) {
    /** Source row {@code y} shrunk across into {@code across}: R, G, B (or grey) per output, scaled by ONE >> DROP. */
    void shrinkRow(int y, Weights cols, int[] across) {
      int base = offset + (y0 + y) * scanline + x0 * pixelStride;
      int[] first = cols.first;
      int[] from = cols.offset;
      int[] weight = cols.weight;
      int half = 1 << (DROP - 1);
      for (int o = 0, n = first.length; o < n; o++) {
        int r = 0;
        int g = 0;
        int b = 0;
        int end = from[o + 1];
        if (ints != null) {
          for (int k = from[o], p = base + first[o]; k < end; k++, p++) {
            int w = weight[k];
            int px = ints[p];
            r += (px >> 16 & 0xff) * w;
            g += (px >> 8 & 0xff) * w;
            b += (px & 0xff) * w;
          }
        } else if (grey) {
          int off = bandOffsets[0];
          for (int k = from[o], p = base + first[o] * pixelStride; k < end; k++, p += pixelStride) {
            r += (bytes[p + off] & 0xff) * weight[k];
          }
          across[o] = (r + half) >> DROP;
          continue;
        } else {
          int ro = bandOffsets[0];
          int go = bandOffsets[1];
          int bo = bandOffsets[2];
          for (int k = from[o], p = base + first[o] * pixelStride; k < end; k++, p += pixelStride) {
            int w = weight[k];
            r += (bytes[p + ro] & 0xff) * w;
            g += (bytes[p + go] & 0xff) * w;
            b += (bytes[p + bo] & 0xff) * w;
          }
        }
        int q = o * 3;
        across[q] = (r + half) >> DROP;
        across[q + 1] = (g + half) >> DROP;
        across[q + 2] = (b + half) >> DROP;
      }
    }
  }
}
