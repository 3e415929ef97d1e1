package helperlab.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other end of a stream: a cage whose control socket goes while ctl follows one of its runs (the cage
 * killed: a cage that stops in order ends its runs, and the follow gets the end line) closes the follow before
 * the run's end, and ctl (the one {@code ctl --ssh} runs on the server) says so in an answer line and exits 3,
 * never 0 as if the run had finished.
 */
@Tag("slow") // a cage and a ctl process
class CageClosedFollowTest {
  @TempDir
  Path dir;

  @Test
  void aFollowTheCageClosesBeforeTheRunsEndIsAnErrorWithTheResumePoint() throws Exception {
    try (TestCage cage = TestCage.start(Files.createDirectories(dir.resolve("cage")))) {
      String run = DataFile.JSON.readTree(CliRun.run(dir, "{\"op\":\"exhibit\",\"policy\":\"pool-edf-10\","
          + "\"scenario\":\"calm\",\"seed\":4,\"duration_s\":600}\n", "ctl", "--data", cage.data.toString()).out())
          .get("run").asText();
      try (FollowProcess f = FollowProcess.start(dir, "{\"op\":\"follow\",\"run\":\"" + run + "\"}\n",
          List.of("ctl", "--data", cage.data.toString()))) {
        await("entries streaming").atMost(Duration.ofMinutes(2)).until(() -> f.entries() >= 3);
        cage.closeControl();
        assertEquals(CtlExit.UNREACHABLE.code, f.exit(), f.toString());
        JsonNode last = DataFile.JSON.readTree(f.lines.get(f.lines.size() - 1));
        assertFalse(last.path("ok").asBoolean(true), "the last line is an error answer: " + last);
        List<String> ids = f.ids();
        assertFalse(f.lines.stream().anyMatch(l -> l.contains("\"type\":\"end\"")), "the run had not ended");
        String error = last.path("error").asText();
        assertTrue(error.startsWith("the cage on " + cage.data.toAbsolutePath() + " closed the follow of run " + run
            + " before the run's end"), error);
        assertTrue(error.endsWith("follow again with {\"op\":\"follow\",\"from\":\"" + ids.get(ids.size() - 1)
            + "\",\"run\":\"" + run + "\"} when it is back"), error);
      }
    }
  }
}
