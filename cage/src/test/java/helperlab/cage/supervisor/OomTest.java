package helperlab.cage.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.model.EventType;
import helperlab.model.MetricsAccumulator;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory pressure in the capped cage: its workers run in a memory cgroup of their own, so when an
 * image needs more than the cage has, the kernel's OOM killer takes the worker, never the
 * supervisor, which records the kill as "oom" and serves on. Runs for real where this process may
 * make a memory cgroup (cgroup v1 or v2); skipped, with the cage's own reason, where it may not.
 */
class OomTest {
  @Test
  void theKernelKillsAWorkerNeverTheSupervisor(@TempDir Path data) throws Exception {
    try (CageHarness cage = CageHarness.start(data, Map.of("cgroup", "auto", "memory", "300m", "policy", "pool-edf-1",
        "worker_memory_limit_mb", 8000))) {
      JsonNode status = cage.status();
      Assumptions.assumeTrue(status.get("capped").asBoolean(),
          "this machine does not let the cage make its memory cgroup: " + status.get("cage").asText());
      assertEquals(1, status.get("budget").get("workers").asInt(), "300 MiB holds less than one 460 MiB worker: the floor");
      // 90 MP, progressive: its coefficients alone are 270 MB before a row is decoded, at any scale, so past 300 MiB
      // with the JVM whatever the resize path saves (a baseline JPEG is now decoded scaled, in a tenth of that)
      TestImages.copyInto(cage.inbox(), TestImages.progressivePhoto(90), "heavy.jpg");
      CageHarness.copyLibraryInto(cage.inbox());
      String small = TestImages.library().samples().get(1).file();
      long batch = cage.submit("archive", List.of(small, "heavy.jpg", small), 600.0);
      JsonNode b = cage.awaitFinished(batch, Duration.ofSeconds(120));
      assertEquals("dead", b.get("images").get(1).get("state").asText(), "the heavy image never fits in 300 MiB: " + b);
      assertEquals("done", b.get("images").get(0).get("state").asText());
      assertEquals("done", b.get("images").get(2).get("state").asText());
      JsonNode after = cage.status();
      assertTrue(after.get("ok").asBoolean(), "the supervisor is alive and answering");
      assertTrue(Files.readString(Path.of("/proc/self/oom_score_adj")).trim().startsWith("-")
          || Files.readString(Path.of("/proc/self/oom_score_adj")).trim().equals("0"), "the supervisor does not volunteer");
      RunRecord r = cage.stopAndRecord();
      List<RunEvent> killed = r.events().stream().filter(e -> e.type() == EventType.WORKER_KILLED).toList();
      assertEquals(3, killed.size(), killed.toString());
      assertTrue(killed.stream().allMatch(e -> MetricsAccumulator.CAUSE_OOM.equals(e.note())),
          "each one killed by the kernel for memory: " + killed);
      assertEquals(3, r.metrics().oomKills());
      assertFalse(Files.exists(Path.of(status.get("cage").asText().replaceAll(".*memory \\d+ MiB \\((.*)\\).*", "$1"))),
          "the cage's cgroup is removed when it stops");
    }
  }
}
