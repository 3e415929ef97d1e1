package helperlab.cage.ctl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.DataFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** The answer lines of one ctl connection (false once the client is gone), and the line a failure is answered with. */
final class CtlLines {
  private final OutputStream out;

  CtlLines(OutputStream out) {
    this.out = out;
  }

  boolean send(JsonNode node) {
    try {
      out.write((node.toString() + "\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** A failed request's answer: {@code ok} false and what is wrong, in words. */
  static ObjectNode error(String message) {
    ObjectNode o = DataFile.JSON.createObjectNode();
    o.put("ok", false);
    o.put("error", message);
    return o;
  }
}
