package helperlab.cage.ctl;

import com.fasterxml.jackson.databind.JsonNode;

/** A ctl request's fields read with their defaults, and a plain-words error when one has the wrong type. */
final class CtlRequest {
  private CtlRequest() {}

  static String text(JsonNode req, String field, String dflt) {
    JsonNode n = req.get(field);
    if (n == null || n.isNull()) {
      return dflt;
    }
    if (!n.isTextual()) {
      throw new IllegalArgumentException(field + " must be a string");
    }
    return n.asText();
  }

  /** The request's {@code trigger} (the simulator's trigger JSON), or null when it has none. */
  static helperlab.workload.Trigger trigger(JsonNode req) {
    JsonNode n = req.get("trigger");
    if (n == null || n.isNull()) {
      return null;
    }
    if (!n.isObject()) {
      throw new IllegalArgumentException("trigger must be an object like "
          + "{\"kind\":\"spike\",\"at_s\":40,\"duration_s\":30,\"size\":1}");
    }
    try {
      return helperlab.model.DataFile.parse(n.toString(), "trigger", helperlab.workload.Trigger.class);
    } catch (helperlab.model.DataFileException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
  }

  static double number(JsonNode req, String field, double dflt) {
    JsonNode n = req.get(field);
    if (n == null || n.isNull()) {
      return dflt;
    }
    if (!n.isNumber()) {
      throw new IllegalArgumentException(field + " must be a number");
    }
    return n.asDouble();
  }
}
