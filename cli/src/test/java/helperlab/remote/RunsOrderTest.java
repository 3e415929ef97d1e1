package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ctl}'s {@code runs} and {@code ctl records} list a real cage's runs newest first, as the help says. */
@Tag("slow") // a cage and two exhibits
class RunsOrderTest {
  @TempDir
  Path dir;

  @Test
  void runsComeNewestFirst() throws Exception {
    try (TestCage cage = TestCage.start(Files.createDirectories(dir.resolve("cage")))) {
      List<String> played = new ArrayList<>();
      for (int seed = 1; seed <= 2; seed++) {
        CliRun r = CliRun.run(dir, "{\"op\":\"exhibit\",\"policy\":\"pool-edf-10\",\"scenario\":\"calm\",\"seed\":" + seed
            + ",\"duration_s\":2,\"grace_s\":20,\"wait\":true}\n", "ctl", "--data", cage.data.toString());
        assertEquals(CtlExit.OK.code, r.code(), r.toString());
        played.add(DataFile.JSON.readTree(r.out()).get("run").asText());
      }
      CliRun r = CliRun.run(dir, "{\"op\":\"runs\"}\n", "ctl", "--data", cage.data.toString());
      assertEquals(CtlExit.OK.code, r.code(), r.toString());
      JsonNode runs = DataFile.JSON.readTree(r.out()).get("runs");
      List<String> ids = new ArrayList<>();
      Instant before = Instant.MAX;
      for (JsonNode run : runs) {
        Instant started = Instant.parse(run.get("started_at").asText());
        assertTrue(!started.isAfter(before), "newest first: " + runs);
        before = started;
        ids.add(run.get("id").asText());
      }
      assertTrue(ids.indexOf(played.get(1)) < ids.indexOf(played.get(0)), "the later exhibit first: " + ids);

      CliRun listed = CliRun.run(dir, "", "ctl", "--data", cage.data.toString(), "records");
      assertEquals(CtlExit.OK.code, listed.code(), listed.toString());
      List<String> lines = List.of(listed.out().strip().split("\n"));
      assertEquals(ids, lines.stream().map(l -> l.split("\\s+")[0]).toList(), "ctl records in the same order");
    }
  }
}
