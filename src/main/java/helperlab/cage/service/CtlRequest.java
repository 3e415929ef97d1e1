package helperlab.cage.service;

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
