package helperlab.protocol.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.protocol.Wire;
import org.junit.jupiter.api.Test;

/**
 * Each kind of stream line writes, reads back equal, and writes the bytes the cage wrote by hand before the records
 * (the event's fields in {@code RunEvent}'s order, its note left out when none; the heartbeat's own order).
 */
class EventLinesTest {
  private static <T> T roundTrip(T message, String bytes) {
    String line = Wire.line(message);
    assertEquals(bytes, line);
    @SuppressWarnings("unchecked")
    T back = (T) Wire.read(line, message.getClass());
    assertEquals(message, back);
    return back;
  }

  @Test
  void anEventWithAndWithoutItsNote() {
    roundTrip(new EventLine(1.25, "image_done", 3, 7, 1234, 0.5, null),
        "{\"t\":1.25,\"type\":\"image_done\",\"worker\":3,\"task\":7,\"image\":1234,\"value\":0.5}");
    roundTrip(new EventLine(0, "worker_killed", 0, -1, -1, 1e-7, "failed: \"bad\" \\ data\n"),
        "{\"t\":0.0,\"type\":\"worker_killed\",\"worker\":0,\"task\":-1,\"image\":-1,\"value\":1.0E-7,"
            + "\"note\":\"failed: \\\"bad\\\" \\\\ data\\n\"}");
  }

  @Test
  void aSample() {
    roundTrip(new SampleLine(2.5, 2, 1, 4, 128.0, 0.25, 1.5, 0.0, 2, 3, 1, 0),
        "{\"t\":2.5,\"workers\":2,\"busy\":1,\"queue\":4,\"memory_mb\":128.0,\"cpu_useful_s\":0.25,"
            + "\"cpu_spawn_s\":1.5,\"cpu_killed_s\":0.0,\"spawns\":2,\"met\":3,\"late\":1,\"refused\":0}");
  }

  @Test
  void anEndAndAnInterruptedOne() {
    var metrics = Wire.JSON.createObjectNode().put("met", 3).put("met_share", 0.75);
    roundTrip(new EndLine("r1", null, metrics), "{\"run\":\"r1\",\"metrics\":{\"met\":3,\"met_share\":0.75}}");
    // as StartupTakeBack wrote it by hand
    roundTrip(new EndLine("r1", true, metrics),
        "{\"run\":\"r1\",\"interrupted\":true,\"metrics\":{\"met\":3,\"met_share\":0.75}}");
  }

  @Test
  void followLinesOfEachKind() {
    EventLine e = new EventLine(1.0, "submitted", -1, 0, -1, -1.0, null);
    roundTrip(FollowLine.event("r", "1-0", e), "{\"ok\":true,\"run\":\"r\",\"id\":\"1-0\",\"type\":\"submitted\","
        + "\"event\":{\"t\":1.0,\"type\":\"submitted\",\"worker\":-1,\"task\":0,\"image\":-1,\"value\":-1.0}}");
    SampleLine s = new SampleLine(1.0, 1, 0, 0, 0.0, 0.0, 0.0, 0.0, 1, 0, 0, 0);
    assertEquals(s, roundTrip(FollowLine.sample("r", "2-0", s), "{\"ok\":true,\"run\":\"r\",\"id\":\"2-0\","
        + "\"type\":\"sample\",\"sample\":" + Wire.line(s) + "}").sample());
    FollowLine end = roundTrip(FollowLine.end("r", "3-0", new EndLine("r", null, Wire.JSON.createObjectNode())),
        "{\"ok\":true,\"run\":\"r\",\"id\":\"3-0\",\"type\":\"end\",\"end\":{\"run\":\"r\",\"metrics\":{}}}");
    assertTrue(end.isEnd());
    roundTrip(FollowLine.raw("r", "4-0", "odd", "not json"),
        "{\"ok\":true,\"run\":\"r\",\"id\":\"4-0\",\"type\":\"odd\",\"raw\":\"not json\"}");
  }

  @Test
  void aHeartbeatKeepsItsOrderAndReadsAsAFollowLineWithoutAnId() {
    String line = Wire.line(FollowLine.Heartbeat.of("r"));
    assertEquals("{\"ok\":true,\"type\":\"heartbeat\",\"run\":\"r\"}", line);
    assertEquals(FollowLine.Heartbeat.of("r"), Wire.read(line, FollowLine.Heartbeat.class));
    FollowLine read = Wire.read(line, FollowLine.class);
    assertTrue(read.isHeartbeat());
    assertNull(read.id());
    assertEquals("r", read.run());
  }
}
