package helperlab.cage.ctl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.protocol.Wire;
import helperlab.protocol.ctl.CtlRequest;
import helperlab.protocol.events.FollowLine;
import org.junit.jupiter.api.Test;

/** A request that does not fit the protocol's records is refused in words; a stream entry becomes its follow line. */
class CtlRequestsTest {
  private static String refusal(String line) throws Exception {
    return assertThrows(IllegalArgumentException.class, () -> CtlRequests.read(Wire.JSON.readTree(line))).getMessage();
  }

  @Test
  void badRequestsAreRefusedInWords() throws Exception {
    assertTrue(refusal("[1]").startsWith("a request is a JSON object with an op"), refusal("[1]"));
    assertTrue(refusal("{\"hello\":1}").startsWith("a request is a JSON object with an op"));
    assertTrue(refusal("{\"op\":\"dance\"}").startsWith("unknown op 'dance'; known: status, set-policy"));
    assertEquals("policy must be a string", refusal("{\"op\":\"set-policy\",\"policy\":5}"));
    assertEquals("seed must be a number", refusal("{\"op\":\"exhibit\",\"policy\":\"box\",\"seed\":\"x\"}"));
    assertEquals("wait must be true or false", refusal("{\"op\":\"exhibit\",\"policy\":\"box\",\"wait\":\"yes\"}"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> CtlRequests.trigger(Wire.JSON.readTree("\"now\"")))
        .getMessage().startsWith("trigger must be an object"));
  }

  @Test
  void aGoodRequestReadsAsItsOpsRecord() throws Exception {
    CtlRequest r = CtlRequests.read(Wire.JSON.readTree("{\"op\":\"exhibit\",\"policy\":\"box\",\"duration_s\":8}"));
    assertEquals(8.0, assertInstanceOf(CtlRequest.Exhibit.class, r).durationS());
  }

  @Test
  void aStreamEntryBecomesItsFollowLineAndOneThatDoesNotReadGoesRaw() {
    String sample = "{\"t\":1.0,\"workers\":1,\"busy\":0,\"queue\":0,\"memory_mb\":0.0,\"cpu_useful_s\":0.0,"
        + "\"cpu_spawn_s\":0.0,\"cpu_killed_s\":0.0,\"spawns\":1,\"met\":0,\"late\":0,\"refused\":0}";
    FollowLine s = CtlRequests.followLine("r", "2-0", "sample", sample);
    assertEquals("{\"ok\":true,\"run\":\"r\",\"id\":\"2-0\",\"type\":\"sample\",\"sample\":" + sample + "}",
        Wire.line(s));
    FollowLine raw = CtlRequests.followLine("r", "3-0", "image_done", "{broken");
    assertEquals("{broken", raw.raw());
  }
}
