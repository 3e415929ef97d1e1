package helperlab.cage.worker;

import com.twelvemonkeys.imageio.metadata.Directory;
import com.twelvemonkeys.imageio.metadata.Entry;
import com.twelvemonkeys.imageio.metadata.jpeg.JPEG;
import com.twelvemonkeys.imageio.metadata.jpeg.JPEGSegment;
import com.twelvemonkeys.imageio.metadata.jpeg.JPEGSegmentUtil;
import com.twelvemonkeys.imageio.metadata.tiff.TIFF;
import com.twelvemonkeys.imageio.metadata.tiff.TIFFReader;
import java.awt.color.ICC_Profile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javax.imageio.ImageIO;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * What a JPEG's markers say about how to show it, read before its pixels: the EXIF orientation
 * (1-8; 1 when there is none or it cannot be read), whether it embeds an ICC profile (and the
 * profile, null when it cannot be read), and the transform of Adobe's APP14 marker (-1 without one;
 * see {@link Cmyk#toSrgb}).
 */
record JpegMarkers(int orientation, boolean iccProfile, ICC_Profile profile, int adobeTransform) {
  static final JpegMarkers NONE = new JpegMarkers(1, false, null, -1);

  private static final Map<Integer, List<String>> WANTED = Map.of(
      JPEG.APP1, List.of("Exif"), JPEG.APP2, List.of("ICC_PROFILE"), JPEG.APP14, List.of("Adobe"));

  /** Reads the markers from where {@code in} stands and puts it back there. A bad EXIF block is only a warning. */
  static JpegMarkers read(ImageInputStream in, Consumer<String> warnings) throws IOException {
    in.mark();
    List<JPEGSegment> segments;
    try {
      segments = JPEGSegmentUtil.readSegments(in, WANTED);
    } catch (IOException | RuntimeException e) {
      warnings.accept("cannot read the JPEG markers (" + e.getMessage() + "): shown as stored");
      return NONE;
    } finally {
      in.reset();
    }
    int orientation = 1;
    int adobe = -1;
    List<JPEGSegment> icc = new ArrayList<>();
    for (JPEGSegment s : segments) {
      if (s.marker() == JPEG.APP2) {
        icc.add(s);
      } else if (s.marker() == JPEG.APP14) {
        adobe = adobeTransform(s);
      } else if (s.marker() == JPEG.APP1 && orientation == 1) {
        orientation = orientation(s, warnings);
      }
    }
    return new JpegMarkers(orientation, !icc.isEmpty(), icc.isEmpty() ? null : profile(icc, warnings), adobe);
  }

  /** "Adobe", version (2 bytes), flags (2 + 2), then the transform. */
  private static int adobeTransform(JPEGSegment adobe) {
    try (InputStream data = adobe.segmentData()) {
      byte[] b = data.readNBytes(12);
      return b.length == 12 ? b[11] & 0xff : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  /** The profile from its APP2 chunks (each: sequence number, count, bytes), in sequence order. */
  private static ICC_Profile profile(List<JPEGSegment> chunks, Consumer<String> warnings) {
    try {
      byte[][] parts = new byte[chunks.size()][];
      for (JPEGSegment s : chunks) {
        try (InputStream data = s.data()) {
          int seq = data.read();
          data.read(); // the count
          if (seq < 1 || seq > parts.length || parts[seq - 1] != null) {
            throw new IOException("ICC chunk " + seq + " of " + parts.length + " is out of order");
          }
          parts[seq - 1] = data.readAllBytes();
        }
      }
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      for (byte[] p : parts) {
        all.write(p);
      }
      return ICC_Profile.getInstance(all.toByteArray());
    } catch (IOException | RuntimeException e) {
      warnings.accept("unreadable embedded ICC profile (" + e.getMessage() + ")");
      return null;
    }
  }

  private static int orientation(JPEGSegment exif, Consumer<String> warnings) {
    try (InputStream data = exif.data()) {
      data.read(); // the pad byte after "Exif\0"
      try (ImageInputStream tiff = new MemoryCacheImageInputStream(data)) { // not ImageIO's temporary file
        Directory ifd = new TIFFReader().read(tiff);
        Entry e = ifd.getEntryById(TIFF.TAG_ORIENTATION);
        if (e == null) {
          return 1;
        }
        int o = ((Number) e.getValue()).intValue();
        if (o < 1 || o > 8) {
          warnings.accept("EXIF orientation " + o + " is not one of 1-8: shown as stored");
          return 1;
        }
        return o;
      }
    } catch (IOException | RuntimeException e) {
      warnings.accept("unreadable EXIF block (" + e.getMessage() + "): shown as stored");
      return 1;
    }
  }
}
