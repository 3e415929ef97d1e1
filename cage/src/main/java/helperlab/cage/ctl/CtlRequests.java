package helperlab.cage.ctl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import helperlab.model.DataFile;
import helperlab.model.DataFileException;
import helperlab.protocol.Wire;
import helperlab.protocol.ctl.CtlRequest;
import helperlab.protocol.events.EndLine;
import helperlab.protocol.events.EventLine;
import helperlab.protocol.events.FollowLine;
import helperlab.protocol.events.SampleLine;
import helperlab.workload.Trigger;

/**
 * A ctl request read through the protocol's records, with a plain-words error when it does not fit (no op, an unknown
 * op, a field of the wrong kind); and a stream entry as the follow line that carries it.
 */
final class CtlRequests {
  /** Strict about kinds: a number where a name is due is refused, not taken as its digits. */
  private static final ObjectMapper STRICT = JsonMapper.builder().disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
      .withCoercionConfig(LogicalType.Textual, c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
      .build();

  private CtlRequests() {}

  static CtlRequest read(JsonNode tree) {
    String shape = "a request is a JSON object with an op, e.g. {\"op\":\"status\"}; ops: "
        + String.join(", ", CtlRequest.OPS);
    if (tree == null || !tree.isObject()) {
      throw new IllegalArgumentException(shape);
    }
    try {
      return STRICT.treeToValue(tree, CtlRequest.class);
    } catch (InvalidTypeIdException e) {
      if (e.getTypeId() == null) {
        throw new IllegalArgumentException(shape);
      }
      throw new IllegalArgumentException("unknown op '" + e.getTypeId() + "'; known: "
          + String.join(", ", CtlRequest.OPS));
    } catch (MismatchedInputException e) {
      String field = e.getPath().isEmpty() ? "op" : e.getPath().get(e.getPath().size() - 1).getFieldName();
      throw new IllegalArgumentException(field + " must be " + kind(e.getTargetType()));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("the request does not read: " + e.getOriginalMessage());
    }
  }

  private static String kind(Class<?> type) {
    if (type == String.class) {
      return "a string";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    return type != null && Number.class.isAssignableFrom(type) ? "a number" : "of another kind";
  }

  /** An exhibit's {@code trigger} (the simulator's trigger JSON), or null when it has none. */
  static Trigger trigger(JsonNode n) {
    if (n == null || n.isNull()) {
      return null;
    }
    if (!n.isObject()) {
      throw new IllegalArgumentException("trigger must be an object like "
          + "{\"kind\":\"spike\",\"at_s\":40,\"duration_s\":30,\"size\":1}");
    }
    try {
      return DataFile.parse(n.toString(), "trigger", Trigger.class);
    } catch (DataFileException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
  }

  /** A stream entry as a follow line: its payload read as the record its type names, or passed on raw if it does not read. */
  static FollowLine followLine(String run, String id, String type, String json) {
    try {
      if (SampleLine.TYPE.equals(type)) {
        return FollowLine.sample(run, id, Wire.JSON.readValue(json, SampleLine.class));
      }
      if (EndLine.TYPE.equals(type)) {
        return FollowLine.end(run, id, Wire.JSON.readValue(json, EndLine.class));
      }
      EventLine e = Wire.JSON.readValue(json, EventLine.class);
      return new FollowLine(true, run, id, type, null, e, null, null);
    } catch (JsonProcessingException e) {
      return FollowLine.raw(run, id, type, json);
    }
  }
}
