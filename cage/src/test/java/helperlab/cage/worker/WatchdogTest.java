package helperlab.cage.worker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.cage.supervisor.CageHarness;
import helperlab.model.EventType;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watchdog on real workers: a worker that stops sending heartbeats is killed and its image
 * retried; a worker over its memory limit is killed; a heavy image that is merely slow is not taken
 * for a hung one (the seed's flat timeout did that). Its rules are also checked on their own.
 */
@Tag("slow") // real workers stopped and starved, a minute of them
public class WatchdogTest {
  /** A photo heavy enough to take seconds at the archive size. */
  public static Path heavy() throws Exception {
    return TestImages.photo(45);
  }

  private static List<RunEvent> of(RunRecord r, EventType type) {
    return r.events().stream().filter(e -> e.type() == type).toList();
  }

  /** The pid of the worker that has an image in hand, once one has. */
  private static long busyWorker(CageHarness cage) {
    return await("a worker starts the image").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
        .until(() -> {
          for (JsonNode w : cage.status().get("workers")) {
            if (w.get("image").asInt() >= 0) {
              return w.get("pid").asLong();
            }
          }
          return -1L;
        }, p -> p > 0);
  }

  private static void signal(String sig, long pid) throws Exception {
    new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).start().waitFor();
  }

  @Test
  void aWorkerStoppedPastTheHeartbeatLimitIsPausedNotHung(@TempDir Path data) throws Exception {
    // SIGSTOP holds the whole JVM, as a host that deschedules it (or a GC pause) does: no heartbeat for
    // longer than the limit, yet nothing is wrong with the worker or its image.
    try (CageHarness cage = CageHarness.start(data, Map.of("policy", "pool-edf-1", "heartbeat_timeout_s", 2.0))) {
      TestImages.copyInto(cage.inbox(), heavy(), "heavy.jpg");
      long batch = cage.submit("archive", List.of("heavy.jpg"), 300.0);
      long pid = busyWorker(cage);
      signal("STOP", pid);
      try {
        await("the watchdog sees it silent past the limit and stopped").atMost(Duration.ofSeconds(60))
            .until(() -> cage.log().contains("(pid " + pid + ") no heartbeat for")
                && cage.log().contains("stopped from outside"));
      } finally {
        signal("CONT", pid);
      }
      JsonNode b = cage.awaitFinished(batch, Duration.ofSeconds(120));
      assertEquals("done", b.get("images").get(0).get("state").asText());
      assertEquals(0, b.get("images").get(0).get("strikes").asInt(), "a paused worker is no strike on its image");
      RunRecord r = cage.stopAndRecord();
      assertTrue(of(r, EventType.WORKER_KILLED).isEmpty(), "nobody was killed: " + of(r, EventType.WORKER_KILLED));
      assertEquals(1, r.metrics().imagesDone());
      helperlab.model.Interference host = helperlab.model.Interference.of(r);
      assertTrue(host != null && host.hostTookShare() > 0 && host.cpuGotS() < host.cpuWantedS(),
          "the seconds it was held count as CPU the cage wanted and did not get: " + r.interference());
    }
  }

  @Test
  void aWorkerHeldToAFewPercentOfACoreLosesNothing(@TempDir Path data) throws Exception {
    // 2% of a core, granted as 20 ms in each whole second: the JVM is throttled for 980 ms at a time,
    // so its heartbeats (a second apart) come when the next second's grant begins, up to two apart.
    try (TestCgroup starved = TestCgroup.make("cpu")) {
      assumeTrue(starved != null, "no writable cgroup v1 cpu controller here");
      starved.write("cpu.cfs_period_us", "1000000");
      starved.write("cpu.cfs_quota_us", "20000");
      try (CageHarness cage = CageHarness.start(data, Map.of("policy", "pool-edf-1", "heartbeat_timeout_s", 1.2))) {
        TestImages.copyInto(cage.inbox(), TestImages.photo(8), "photo.jpg");
        long batch = cage.submit("web", List.of("photo.jpg"), 900.0);
        long pid = busyWorker(cage);
        starved.add(pid);
        JsonNode b = cage.awaitFinished(batch, Duration.ofSeconds(300));
        JsonNode im = b.get("images").get(0);
        assertEquals("done", im.get("state").asText(), b.toString());
        assertEquals(0, im.get("strikes").asInt(), "a starved worker is no strike on its image: " + b);
        RunRecord r = cage.stopAndRecord();
        assertTrue(of(r, EventType.WORKER_KILLED).isEmpty(), "nobody was killed: " + of(r, EventType.WORKER_KILLED)
            + "\n" + cage.log());
        String stat = Files.readString(starved.dir.resolve("cpu.stat"));
        assertTrue(!stat.contains("nr_throttled 0\n"), "the worker was really held back: " + stat);
        System.out.println("starved worker: " + stat.replace('\n', ' ') + "; silent and let live: "
            + cage.log().lines().filter(l -> l.contains("(pid " + pid + ") no heartbeat")).count() + " time(s)");
      }
    }
  }

  @Test
  void aHungWorkerIsKilledAndItsImageRetried(@TempDir Path data) throws Exception {
    // The freezer holds every thread asleep in the kernel: no heartbeat, no CPU, nothing runnable, not
    // stopped by a signal. That is a hung worker, and the image in hand takes the strike.
    try (TestCgroup freezer = TestCgroup.make("freezer");
        CageHarness cage = CageHarness.start(data, Map.of("policy", "pool-edf-1", "heartbeat_timeout_s", 2.0))) {
      assumeTrue(freezer != null, "no writable cgroup v1 freezer here");
      TestImages.copyInto(cage.inbox(), heavy(), "heavy.jpg");
      long batch = cage.submit("archive", List.of("heavy.jpg"), 300.0);
      long pid = busyWorker(cage);
      freezer.add(pid);
      freezer.write("freezer.state", "FROZEN");
      await("the watchdog kills the hung worker").atMost(Duration.ofSeconds(60))
          .until(() -> cage.log().contains("(pid " + pid + "): heartbeat"));
      freezer.write("freezer.state", "THAWED"); // a frozen process takes its SIGKILL only when thawed
      JsonNode b = cage.awaitFinished(batch, Duration.ofSeconds(120));
      assertEquals("done", b.get("images").get(0).get("state").asText());
      assertEquals(1, b.get("images").get(0).get("strikes").asInt(), "the hung attempt counted against the image");
      RunRecord r = cage.stopAndRecord();
      List<RunEvent> killed = of(r, EventType.WORKER_KILLED);
      assertEquals(1, killed.size(), killed.toString());
      assertEquals(Watchdog.HEARTBEAT, killed.get(0).note());
      assertEquals(1, r.metrics().imagesDone(), "retried on a fresh worker and done");
      await("the hung worker is gone").atMost(Duration.ofSeconds(10))
          .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
    }
  }

  @Test
  void aHeavyImageThatIsMerelySlowIsNotKilledAsHung(@TempDir Path data) throws Exception {
    // Tight limits: 5 x the prediction. A 0.3 MP image may spend about 0.5 CPU-s; a 70 MP one (520 ms
    // predicted, the seed curve's ceiling) 2.6. The 70 MP image, its worker's first (JIT included), takes about
    // 1 s of a quiet core here and 2 to 5 s of wall on a busy host; on a busy host the wall rule waits for CPU.
    // (At 12 x, the limit a small image had, 1.2 s, outgrew the faster resizer's heavy image.)
    Watchdog dog = new Watchdog(60, 3, 0, 5, 0);
    double smallLimit = dog.overrunLimitS(helperlab.model.Calibration.seed().cost().seconds(0.3), 1);
    try (CageHarness cage = CageHarness.start(data, Map.of("policy", "pool-edf-1", "overrun_factor", 5,
        "overrun_grace_s", 0))) {
      TestImages.copyInto(cage.inbox(), TestImages.photo(70), "heavy.jpg");
      long batch = cage.submit("archive", List.of("heavy.jpg"), 300.0);
      JsonNode b = cage.awaitFinished(batch, Duration.ofSeconds(90));
      assertEquals("met", b.get("state").asText());
      RunRecord r = cage.stopAndRecord();
      assertTrue(of(r, EventType.WORKER_KILLED).isEmpty(), "nobody was killed: " + of(r, EventType.WORKER_KILLED));
      RunEvent started = of(r, EventType.IMAGE_STARTED).get(0);
      RunEvent done = of(r, EventType.IMAGE_DONE).get(0);
      double wall = done.t() - started.t();
      assertTrue(wall > smallLimit, "the heavy image ran " + wall + " s, longer than a small image may ("
          + smallLimit + " s): a flat timeout set for small images would have killed it");
    }
  }

  @Test
  void aWorkerOverItsMemoryLimitIsKilled(@TempDir Path data) throws Exception {
    // A ready worker holds about 100 MiB resident and a 45 MP image adds 200-370 MiB, depending on the machine
    // (lab-runs' calibrations): 200 MiB is well clear of both; 300 let the heavy image through on a lean VM.
    try (CageHarness cage = CageHarness.start(data, Map.of("policy", "pool-edf-1", "worker_memory_limit_mb", 200))) {
      TestImages.copyInto(cage.inbox(), heavy(), "heavy.jpg");
      CageHarness.copyLibraryInto(cage.inbox());
      String small = TestImages.library().samples().get(0).file();
      long batch = cage.submit("archive", List.of("heavy.jpg", small), 300.0);
      JsonNode b = cage.awaitFinished(batch, Duration.ofSeconds(120));
      assertEquals("dead", b.get("images").get(0).get("state").asText(), "over the limit on every attempt: " + b);
      assertEquals("done", b.get("images").get(1).get("state").asText());
      RunRecord r = cage.stopAndRecord();
      List<RunEvent> killed = of(r, EventType.WORKER_KILLED);
      assertEquals(3, killed.size(), killed.toString());
      assertTrue(killed.stream().allMatch(e -> Watchdog.MEMORY.equals(e.note())), killed.toString());
      assertTrue(Files.exists(data.resolve("deadletters")));
    }
  }

  @Test
  void theRulesOnTheirOwn() {
    Watchdog dog = new Watchdog(30, 3, 500L << 20, 10, 2);
    WorkerProcess w = new WorkerProcess(0, 0, 0, -1, 0);
    w.started(-1, 0);
    assertNull(dog.verdict(w, 29, 0, 1));
    assertEquals(Watchdog.SPAWN_TIMEOUT, dog.verdict(w, 31, 0, 1));
    w.hello(1);
    w.heartbeat(10, 0);
    assertNull(dog.verdict(w, 12.9, 0, 1));
    assertEquals(Watchdog.HEARTBEAT, dog.verdict(w, 13.1, 0, 1));
    w.heartbeat(13, 0);
    w.residentRead(600L << 20);
    assertEquals(Watchdog.MEMORY, dog.verdict(w, 13.5, 0, 1));
    w.residentRead(100L << 20);
    w.give(7);
    w.startFirst(10); // image 7 from 10 s on, its CPU counted from the 0 CPU-s it has told
    // 0.5 s predicted: 2 + 10 x 0.5 = 7 s alone; 12 s when twice as many workers as cores share the CPUs.
    w.heartbeat(16.8, 0);
    assertNull(dog.verdict(w, 16.9, 0.5, 1));
    assertEquals(Watchdog.OVERRUN, dog.verdict(w, 17.1, 0.5, 1));
    assertNull(dog.verdict(w, 17.1, 0.5, 2));
    assertEquals(Watchdog.OVERRUN, dog.verdict(w, 17.1, 0.1, 2), "a light image that long is hung");
    // Progressing, however slowly (another process holds the CPUs): not hung, until it spends the limit in CPU.
    w.heartbeat(39.9, 2);
    assertNull(dog.verdict(w, 40, 0.5, 1), "2 CPU-s in 30 s: starved, not stuck");
    w.heartbeat(39.9, 7.1);
    assertEquals(Watchdog.OVERRUN, dog.verdict(w, 40, 0.5, 1), "7.1 CPU-s on a 0.5 s image: a runaway");
  }
}
