package helperlab.cage.worker;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * A JPEG that needs nothing changed to be shown as the resizer would show it — no resize, no turn, no
 * colour conversion — published as its own compressed data with every metadata segment left out (as
 * {@code jpegtran -copy none} does), instead of decoded and encoded again: decoding and re-encoding
 * one megapixel costs this JVM's codec about 17 ms of CPU, more than four times what vips spends, and
 * would only lose quality. Kept: the frame, tables, scans and restart intervals, a JFIF header without
 * its thumbnail, and Adobe's APP14 (its transform says how decoders read the colours). Left out: EXIF,
 * XMP, ICC, Photoshop and every other APPn, comments, and anything after the end marker.
 *
 * <p>What needs work, or is not whole (no end marker, a marker this parser does not know, 12-bit
 * samples, CMYK), is not passed through: the resizer decodes it as before and says what is wrong.
 */
final class JpegPassThrough {
  private JpegPassThrough() {}

  /** A JPEG without its metadata, and its size. */
  record Stripped(byte[] bytes, int width, int height) {}

  /** The JPEG without its metadata, or null when it needs more than that (or cannot be judged here). */
  static Stripped strip(byte[] jpeg, int longEdge, long maxPixels) throws IOException {
    if (jpeg.length < 4 || (jpeg[0] & 0xff) != 0xff || (jpeg[1] & 0xff) != 0xd8) {
      return null;
    }
    JpegMarkers markers;
    List<String> warned = new ArrayList<>();
    try (MemoryCacheImageInputStream in = new MemoryCacheImageInputStream(new java.io.ByteArrayInputStream(jpeg))) {
      markers = JpegMarkers.read(in, warned::add);
    }
    if (!warned.isEmpty() || markers.orientation() != 1 || markers.iccProfile()) {
      return null; // a turn, a colour conversion (the decoding path converts every embedded profile), a warning to say
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(jpeg.length);
    out.write(0xff);
    out.write(0xd8);
    boolean frame = false;
    int width = 0;
    int height = 0;
    int p = 2;
    while (true) {
      if (p + 1 >= jpeg.length || (jpeg[p] & 0xff) != 0xff) {
        return null; // ends without EOI, or bytes where a marker should be
      }
      while (p + 2 < jpeg.length && (jpeg[p + 1] & 0xff) == 0xff) {
        p++; // fill bytes before a marker
      }
      int marker = jpeg[p + 1] & 0xff;
      if (marker == 0xd9) { // EOI: whatever follows it (a phone's trailer, a video) is left out
        out.write(0xff);
        out.write(0xd9);
        return frame ? new Stripped(out.toByteArray(), width, height) : null;
      }
      if (p + 3 >= jpeg.length) {
        return null;
      }
      int len = (jpeg[p + 2] & 0xff) << 8 | jpeg[p + 3] & 0xff;
      int end = p + 2 + len;
      if (len < 2 || end > jpeg.length) {
        return null;
      }
      if (isFrame(marker)) {
        if (frame || !wholeFrame(jpeg, p + 4, len - 2, longEdge, maxPixels)) {
          return null;
        }
        frame = true;
        height = (jpeg[p + 5] & 0xff) << 8 | jpeg[p + 6] & 0xff;
        width = (jpeg[p + 7] & 0xff) << 8 | jpeg[p + 8] & 0xff;
        out.write(jpeg, p, end - p);
      } else if (marker == 0xc4 || marker == 0xdb || marker == 0xdd || marker == 0xcc) { // DHT, DQT, DRI, DAC
        out.write(jpeg, p, end - p);
      } else if (marker == 0xe0) {
        writeJfif(jpeg, p + 4, len - 2, out);
      } else if (marker == 0xee && len >= 14 && ascii(jpeg, p + 4, "Adobe")) {
        out.write(0xff); // APP14 with only the 12 bytes that say the transform (it may carry more)
        out.write(0xee);
        out.write(0);
        out.write(14);
        out.write(jpeg, p + 4, 12);
      } else if (marker >= 0xe1 && marker <= 0xef || marker == 0xfe) {
        // metadata: left out
      } else if (marker == 0xda) { // SOS: its header, then the entropy-coded data up to the next marker
        if (!frame) {
          return null;
        }
        int q = end;
        while (q + 1 < jpeg.length) {
          if ((jpeg[q] & 0xff) == 0xff) {
            int next = jpeg[q + 1] & 0xff;
            if (next != 0x00 && (next < 0xd0 || next > 0xd7) && next != 0xff) {
              break; // a marker: not stuffing, not a restart
            }
          }
          q++;
        }
        if (q + 1 >= jpeg.length) {
          return null; // cut short inside a scan
        }
        out.write(jpeg, p, q - p);
        p = q;
        continue;
      } else {
        return null; // DNL, DHP, EXP, JPG extensions: leave those to the decoder
      }
      p = end;
    }
  }

  /**
   * The declared width and height from the frame header in the first bytes of a JPEG, or null when they
   * do not reach it (or it is not a JPEG): so a file that needs a resize is not read whole here.
   */
  static int[] frameSize(byte[] head) {
    if (head.length < 4 || (head[0] & 0xff) != 0xff || (head[1] & 0xff) != 0xd8) {
      return null;
    }
    int p = 2;
    while (p + 8 < head.length && (head[p] & 0xff) == 0xff) {
      int marker = head[p + 1] & 0xff;
      if (marker == 0xff) {
        p++;
        continue;
      }
      if (isFrame(marker)) {
        return new int[] {(head[p + 7] & 0xff) << 8 | head[p + 8] & 0xff, (head[p + 5] & 0xff) << 8 | head[p + 6] & 0xff};
      }
      if (marker == 0xda || marker == 0xd9) {
        return null;
      }
      p += 2 + ((head[p + 2] & 0xff) << 8 | head[p + 3] & 0xff);
    }
    return null;
  }

  /** SOF0-3, 5-7, 9-11, 13-15 (C4 is DHT, C8 JPG, CC DAC). */
  private static boolean isFrame(int m) {
    return m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc;
  }

  /** 8-bit samples, grey or three components, a declared size within the limits that needs no resize. */
  private static boolean wholeFrame(byte[] b, int at, int len, int longEdge, long maxPixels) {
    if (len < 6) {
      return false;
    }
    int precision = b[at] & 0xff;
    int h = (b[at + 1] & 0xff) << 8 | b[at + 2] & 0xff;
    int w = (b[at + 3] & 0xff) << 8 | b[at + 4] & 0xff;
    int components = b[at + 5] & 0xff;
    return precision == 8 && h > 0 && w > 0 && (components == 1 || components == 3)
        && (long) w * h <= maxPixels && Math.max(w, h) <= longEdge;
  }

  /** A JFIF APP0 kept without its thumbnail; any other APP0 (JFXX thumbnails and the like) left out. */
  private static void writeJfif(byte[] b, int at, int len, ByteArrayOutputStream out) {
    if (len < 14 || !ascii(b, at, "JFIF") || b[at + 4] != 0) {
      return;
    }
    out.write(0xff);
    out.write(0xe0);
    out.write(0);
    out.write(16); // length: 2 + "JFIF\0" + version (2) + units + densities (4) + thumbnail 0 x 0
    out.write(b, at, 12); // "JFIF\0", version, units, x and y density
    out.write(0);
    out.write(0);
  }

  private static boolean ascii(byte[] b, int at, String s) {
    if (at + s.length() > b.length) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (b[at + i] != s.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
