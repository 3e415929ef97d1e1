package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.cage.worker.WatchdogTest;
import helperlab.model.EventType;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No litter, no haunting: a worker killed mid-write leaves no temp file once it is known dead (not at
 * the next start), and an input taken away after admission fails its image at once with a plain reason:
 * no worker lost, no strike, no breaker; a batch whose every input is gone ends as such.
 */
class NoLitterTest {
  private static List<RunEvent> of(RunRecord r, EventType type) {
    return r.events().stream().filter(e -> e.type() == type).toList();
  }

  private static long busyWorker(CageHarness cage) {
    return await("a worker starts an image").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(10))
        .until(() -> {
          for (JsonNode w : cage.status().get("workers")) {
            if (w.get("image").asInt() >= 0) {
              return w.get("pid").asLong();
            }
          }
          return -1L;
        }, p -> p > 0);
  }

  private static List<Path> temps(Path outbox) throws Exception {
    try (Stream<Path> s = Files.walk(outbox)) {
      return s.filter(p -> p.getFileName().toString().contains(".tmp-")).toList();
    }
  }

  @Test
  void aWorkerKilledMidWriteLeavesNoTempFileAndItsImageNoStrike(@TempDir Path data) throws Exception {
    try (CageHarness cage = CageHarness.start(data, Map.of("policy", "pool-edf-1", "max_processes", 1))) {
      TestImages.copyInto(cage.inbox(), WatchdogTest.heavy(), "heavy.jpg");
      // The first batch of a fresh database is batch 1: its outbox is watched before the worker writes.
      Path outDir = Files.createDirectories(data.resolve("outbox").resolve("1"));
      try (WatchService watch = outDir.getFileSystem().newWatchService()) {
        outDir.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
        long batch = cage.submit("archive", List.of("heavy.jpg"), 600.0);
        assertEquals(1, batch);
        long pid = busyWorker(cage);
        boolean caught = false;
        while (!caught) { // the worker's temp file appears: kill it from outside, mid-write
          WatchKey key = watch.poll(120, TimeUnit.SECONDS);
          assertTrue(key != null, "the worker never began writing");
          for (WatchEvent<?> e : key.pollEvents()) {
            if (e.context().toString().contains(".tmp-" + pid)) {
              ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
              caught = true;
            }
          }
          key.reset();
        }
      }
      long batch = 1;
      JsonNode b = cage.awaitFinished(batch, Duration.ofSeconds(180));
      assertEquals("done", b.get("images").get(0).get("state").asText(), b.toString());
      assertEquals(0, b.get("images").get(0).get("strikes").asInt(), "a kill from outside is no strike: " + b);
      assertEquals(List.of(), temps(data.resolve("outbox")), "the dead worker's temp file is gone while the cage runs");
      RunRecord r = cage.stopAndRecord();
      assertEquals(1, of(r, EventType.WORKER_KILLED).size(), of(r, EventType.WORKER_KILLED).toString());
    }
  }

  @Test
  void inputsTakenAwayFailTheirImagesAtOnceWithoutLosingAWorker(@TempDir Path data) throws Exception {
    try (CageHarness cage = CageHarness.start(data, Map.of("policy", "pool-edf-1", "max_processes", 1))) {
      CageHarness.copyLibraryInto(cage.inbox());
      List<String> s = TestImages.library().samples().stream().limit(5).map(x -> x.file()).toList();
      long first = cage.submit("web", List.of(s.get(4)), 900.0);
      long pid = busyWorker(cage);
      new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor(); // hold the one worker a moment
      long allGone;
      long oneGone;
      try {
        allGone = cage.submit("web", s.subList(0, 3), 900.0);
        oneGone = cage.submit("web", List.of(s.get(3), s.get(4)), 900.0);
        for (String name : s.subList(0, 4)) {
          Files.delete(cage.inbox().resolve(name));
        }
      } finally {
        new ProcessBuilder("kill", "-CONT", Long.toString(pid)).start().waitFor();
      }
      assertEquals("met", cage.awaitFinished(first, Duration.ofSeconds(120)).get("state").asText());
      JsonNode all = cage.awaitFinished(allGone, Duration.ofSeconds(120));
      assertEquals("inputs_gone", all.get("state").asText(), all.toString());
      for (JsonNode im : all.get("images")) {
        assertEquals("dead", im.get("state").asText(), all.toString());
        assertEquals(0, im.get("strikes").asInt(), all.toString());
      }
      JsonNode one = cage.awaitFinished(oneGone, Duration.ofSeconds(120));
      assertEquals("dead", one.get("images").get(0).get("state").asText(), one.toString());
      assertEquals("done", one.get("images").get(1).get("state").asText(), one.toString());
      String log = cage.log();
      assertTrue(log.contains("input gone: " + s.get(0)), log);
      assertTrue(!log.contains(cage.inbox().toAbsolutePath().toString()), "reasons name paths relative to the inbox:\n" + log);
      assertTrue(!log.contains("restart breaker open"), log);
      RunRecord r = cage.stopAndRecord();
      assertEquals(List.of(), of(r, EventType.WORKER_KILLED), "no worker was lost");
      assertEquals(1, cage.db.count("select count(*) from batches where state = 'inputs_gone'"));
      assertEquals(4, cage.db.count("select count(*) from images where state = 'dead' and strikes = 0"));
    }
  }
}
