package helperlab.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * What a run record says it is, read from the first few hundred bytes of its file (the kind comes before the tasks
 * and events), so a long list of runs is badged from the records themselves without reading them whole.
 */
public final class RecordHead {
  private RecordHead() {}

  /** The record's {@code kind} ({@code real}, {@code sim}, {@code replay}); empty when the file is not a record. */
  public static Optional<String> kind(Path file) {
    try (InputStream raw = Files.newInputStream(file);
        InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw, 4096) : raw;
        JsonParser p = DataFile.JSON.getFactory().createParser(in)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return Optional.empty();
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (name.equals("kind")) {
          return value == JsonToken.VALUE_STRING ? Optional.of(p.getText()) : Optional.empty();
        }
        if (name.equals("tasks") || name.equals("events")) {
          return Optional.empty(); // a record names its kind before these
        }
        p.skipChildren();
      }
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Past this many bytes a gzipped record is not inflated to check its end (listing stays quick); taken as whole. */
  static final long INFLATE_LIMIT = 8L << 20;

  /**
   * Whether the file ends as a record does (its last character the closing brace), so a file cut short (a copy
   * that stopped, a disk that filled) is badged broken when listed, not by its head as "real" until opened. A
   * gzipped file is inflated to its end for this, up to {@link #INFLATE_LIMIT}; a larger one is taken as whole.
   */
  public static boolean whole(Path file) {
    try {
      if (!file.getFileName().toString().endsWith(".gz")) {
        try (java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(file)) {
          long size = ch.size();
          java.nio.ByteBuffer tail = java.nio.ByteBuffer.allocate((int) Math.min(size, 64));
          ch.position(size - tail.capacity());
          while (tail.hasRemaining() && ch.read(tail) > 0) {
            // read the tail whole
          }
          return endsWithBrace(tail.array(), tail.position());
        }
      }
      if (Files.size(file) > INFLATE_LIMIT) {
        return true;
      }
      try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 8192)) {
        byte[] buf = new byte[8192];
        byte[] last = new byte[64];
        int kept = 0;
        for (int n; (n = in.read(buf)) > 0; ) {
          if (n >= last.length) {
            System.arraycopy(buf, n - last.length, last, 0, last.length);
            kept = last.length;
          } else {
            int keep = Math.min(kept, last.length - n);
            System.arraycopy(last, kept - keep, last, 0, keep);
            System.arraycopy(buf, 0, last, keep, n);
            kept = keep + n;
          }
        }
        return endsWithBrace(last, kept);
      }
    } catch (IOException | RuntimeException e) {
      return false; // cut inside the compressed stream, or unreadable: opening it says which
    }
  }

  private static boolean endsWithBrace(byte[] b, int length) {
    for (int i = length - 1; i >= 0; i--) {
      if (!Character.isWhitespace(b[i])) {
        return b[i] == '}';
      }
    }
    return false;
  }
}
