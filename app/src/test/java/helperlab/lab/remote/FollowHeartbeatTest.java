package helperlab.lab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import helperlab.remote.LineChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A followed stream with nothing new (here: followed from an id past its end, as a viewer of a quiet
 * run) still says the link is alive: the cage's ctl sends a heartbeat line, with no id, so a viewer
 * does not take a quiet run for a stalled link. Through the real ctl of a real cage.
 */
class FollowHeartbeatTest {
  @TempDir Path dir;

  @Test
  void aQuietFollowGetsHeartbeatsWithoutIds() throws Exception {
    try (TestCage cage = TestCage.start(Files.createDirectory(dir.resolve("cage")));
        LineChannel ch = cage.localTransport().open()) {
      ch.send("{\"op\":\"follow\",\"from\":\"99999999999999-0\"}");
      for (int i = 0; i < 2; i++) {
        JsonNode line = DataFile.JSON.readTree(ch.receive(60_000));
        assertTrue(line.path("ok").asBoolean(), line.toString());
        assertEquals("heartbeat", line.path("type").asText(), line.toString());
        assertFalse(line.has("id"), "a heartbeat is no entry of the stream: " + line);
      }
    }
  }
}
