package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.EventType;
import helperlab.model.MetricsAccumulator;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory pressure on the cage: a process that is not the cage's (it asks the kernel never to pick it) takes most of
 * the cage's memory cgroup while a batch runs, so the kernel kills workers for memory they did not overuse. Those
 * deaths are the host's pressure, not the images': no strike, no dead letter, said in the log; once the pressure is
 * gone the batch completes, nothing lost, nothing done or published twice.
 */
@Tag("heavy") // a batch squeezed for memory, on purpose
class MemoryPressureTest {
  static final int IMAGES = 16;
  static final long HOG_MB = 1050;

  @Test
  void workersKilledForMemoryAnotherProcessHoldsEarnNoStrike(@TempDir Path data) throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")) || Files.isExecutable(Path.of("/bin/python3")),
        "python3 makes the memory hog");
    try (CageHarness cage = CageHarness.start(data, Map.of("cgroup", "auto", "memory", "1200m"));
        OutputWatch watch = new OutputWatch(data.resolve("outbox"))) {
      JsonNode status = cage.status();
      Assumptions.assumeTrue(status.get("capped").asBoolean(),
          "this machine does not let the cage make its memory cgroup: " + status.get("cage").asText());
      Path memoryDir = Path.of(status.get("cage").asText().replaceAll(".*memory \\d+ MiB \\(([^)]*)\\).*", "$1"));
      Process hog = new ProcessBuilder(Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "/bin/python3",
          "-c", "import os, sys\n"
              + "print(os.getpid(), flush=True)\n"
              + "sys.stdin.readline()\n"
              + "open('/proc/self/oom_score_adj', 'w').write('-900')\n"
              + "b = bytearray(" + HOG_MB + " << 20)\n"
              + "for i in range(0, len(b), 4096): b[i] = 1\n"
              + "print('ready', flush=True)\n"
              + "sys.stdin.readline()\n").redirectErrorStream(true).start();
      try {
        BufferedReader out = new BufferedReader(new InputStreamReader(hog.getInputStream(), StandardCharsets.UTF_8));
        OutputStream in = hog.getOutputStream();
        String pid = out.readLine().trim();
        Files.writeString(memoryDir.resolve("cgroup.procs"), pid); // into the cage's memory, as a neighbour would be
        in.write('\n');
        in.flush();
        assertEquals("ready", out.readLine(), "the hog holds its memory");

        List<String> names = LeaseAcrossRestartTest.copies(cage.inbox(), IMAGES);
        long batch = cage.submit("web", names, 1800.0);
        await("the kernel kills a worker for memory, or the batch gets through").atMost(Duration.ofSeconds(600))
            .until(() -> cage.log().contains("for memory, but")
                || cage.get("/batches/" + batch).body().get("done").asInt() >= IMAGES);
        hog.destroyForcibly(); // the pressure goes
        hog.waitFor();
        assertEquals("met", cage.awaitFinished(batch, Duration.ofSeconds(600)).get("state").asText());
        RunRecord record = cage.stopAndRecord();
        List<RunEvent> ooms = record.events().stream().filter(e -> e.type() == EventType.WORKER_KILLED
            && MetricsAccumulator.CAUSE_OOM.equals(e.note())).toList();
        System.out.printf("memory pressure: %d MiB held beside the workers in a 1200 MiB cage; %d workers killed for"
            + " memory, %d strikes, %d dead letters%n", HOG_MB, ooms.size(),
            cage.db.count("select coalesce(sum(strikes), 0) from images"), cage.db.count("select count(*) from dead_letters"));
        assertEquals(0, cage.db.count("select coalesce(sum(strikes), 0) from images"), "no strike for the host's pressure");
        FaultChecks.nothingLostNorTwice(cage.db, data.resolve("outbox"), IMAGES, watch);
        assertTrue(ooms.isEmpty() || cage.log().contains("the host's pressure, no strike"), cage.log());
      } finally {
        hog.destroyForcibly();
        hog.waitFor();
      }
    }
  }
}
