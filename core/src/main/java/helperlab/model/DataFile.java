package helperlab.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Collectors;

/** Reads and writes the lab's JSON data files, turning every failure into a message that names the field. */
public final class DataFile {
  /** Shared, thread-safe once configured. */
  public static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private DataFile() {}

  /**
   * Reads a data file; a name ending in .gz is read through gzip. Every failure, from an empty or cut-off file to a
   * field of the wrong kind, is a {@link DataFileException} whose message names the file and, where known, the field.
   */
  public static <T> T read(Path file, Class<T> type) {
    try {
      if (Files.isDirectory(file)) {
        throw new DataFileException(file + ": is a folder, not a file");
      }
      if (Files.size(file) == 0) {
        throw new DataFileException(file + ": the file is empty (0 bytes)");
      }
    } catch (IOException e) {
      throw explain(file.toString(), e);
    }
    try (InputStream raw = Files.newInputStream(file);
        InputStream in = file.getFileName().toString().endsWith(".gz")
            ? new java.util.zip.GZIPInputStream(raw, 1 << 16) : raw) {
      return read(in, file.toString(), type);
    } catch (IOException e) {
      throw explain(file.toString(), e);
    }
  }

  public static <T> T read(InputStream in, String source, Class<T> type) {
    try {
      return JSON.readValue(in, type);
    } catch (IOException e) {
      throw explain(source, e);
    }
  }

  public static <T> T read(InputStream in, String source, TypeReference<T> type) {
    try {
      return JSON.readValue(in, type);
    } catch (IOException e) {
      throw explain(source, e);
    }
  }

  /** A data file shipped inside the jar, next to {@code anchor}'s class. */
  public static <T> T resource(Class<?> anchor, String name, Class<T> type) {
    try (InputStream in = anchor.getResourceAsStream(name)) {
      if (in == null) {
        throw new DataFileException(name + ": not found beside " + anchor.getName());
      }
      return read(in, name, type);
    } catch (IOException e) {
      throw new DataFileException(name + ": cannot read: " + e.getMessage());
    }
  }

  public static <T> T resource(Class<?> anchor, String name, TypeReference<T> type) {
    try (InputStream in = anchor.getResourceAsStream(name)) {
      if (in == null) {
        throw new DataFileException(name + ": not found beside " + anchor.getName());
      }
      return read(in, name, type);
    } catch (IOException e) {
      throw new DataFileException(name + ": cannot read: " + e.getMessage());
    }
  }

  public static <T> T parse(String json, String source, Class<T> type) {
    try {
      return JSON.readValue(json, type);
    } catch (IOException e) {
      throw explain(source, e);
    }
  }

  /** Writes through a temporary name and a rename; a name ending in .gz is gzipped. */
  public static void write(Path file, Object value) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    if (file.getFileName().toString().endsWith(".gz")) {
      try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(tmp))) {
        JSON.writer().writeValue(out, value);
      }
    } else {
      JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), value);
    }
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }

  public static String compact(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
    }
  }

  /** One message: the file, where in it (as a JSON path), and what is wrong, in plain words. */
  public static DataFileException explain(String source, Throwable e) {
    return ReadFailure.explain(source, e);
  }
}
