package helperlab.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * How the protocol's records go on the wire and come off it: plain Jackson, the records saying their own names, order
 * and what they leave out, one message a line. Both sides use it, so the cage writes what the lab reads.
 */
public final class Wire {
  /** Shared, thread-safe; no setting of its own (the records carry theirs). */
  public static final ObjectMapper JSON = new ObjectMapper();

  private Wire() {}

  /** One message as its line (without the newline). */
  public static String line(Object message) {
    try {
      return JSON.writeValueAsString(message);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + message.getClass().getSimpleName() + " as JSON", e);
    }
  }

  /** A message as a tree (to be put inside another that owns its own fields). */
  public static JsonNode tree(Object message) {
    return JSON.valueToTree(message);
  }

  /** A line read as a message of {@code kind}; one that does not fit is refused in words, naming what was wrong. */
  public static <T> T read(String line, Class<T> kind) {
    try {
      return JSON.readValue(line, kind);
    } catch (JsonProcessingException e) {
      throw unreadable(kind, e);
    }
  }

  /** As {@link #read(String, Class)}, from a line already parsed. */
  public static <T> T read(JsonNode line, Class<T> kind) {
    try {
      return JSON.treeToValue(line, kind);
    } catch (JsonProcessingException e) {
      throw unreadable(kind, e);
    }
  }

  private static IllegalArgumentException unreadable(Class<?> kind, JsonProcessingException e) {
    return new IllegalArgumentException("a line does not read as " + kind.getSimpleName() + ": "
        + e.getOriginalMessage(), e);
  }
}
