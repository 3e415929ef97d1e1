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
}
