package helperlab.cage.ctl;

import helperlab.protocol.Wire;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** The answer lines of one ctl connection, each a protocol record on a line (false once the client is gone). */
final class CtlLines {
  private final OutputStream out;

  CtlLines(OutputStream out) {
    this.out = out;
  }

  boolean send(Object message) {
    try {
      out.write((Wire.line(message) + "\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
