package helperlab.cage.run;


import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.TestDatabase;
import helperlab.cage.TestRedis;
import helperlab.cage.events.EventStream;
import helperlab.cage.store.CageStore;
import helperlab.cage.worker.ProcStat;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cage's front counted from the kernel's figures of real processes: this JVM, a PostgreSQL backend, the
 * Redis server; a process that only wears a front's pid is not counted.
 */
class FrontCpuTest {
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  @Test
  void thisProcessCountsAsTheFront() {
    long self = ProcessHandle.current().pid();
    FrontCpu front = new FrontCpu(self, List::of, () -> 0);
    assertEquals(0, front.spentSinceLastRound(), "the first round only takes note");
    double from = ProcStat.cpuSecondsOf(self, null);
    double now = from;
    while (now < from + 0.2) { // reading /proc is the work: the kernel's own count says when enough was spent
      now = ProcStat.cpuSecondsOf(self, null);
    }
    assertTrue(front.spentSinceLastRound() >= 0.2 - 1e-9);
  }

  @Test
  void aDatabaseBackendCountsAndTheStoreNotesItsOwn() throws Exception {
    try (TestDatabase db = TestDatabase.create(); CageStore store = CageStore.open(db.url());
        Connection c = db.connect(); Statement s = c.createStatement()) {
      assertTrue(store.ping());
      assertFalse(store.backendPids().isEmpty(), "the connection the ping borrowed has a backend");
      for (long pid : store.backendPids()) {
        assertFalse(Double.isNaN(ProcStat.cpuSecondsOf(pid, "postgres")), "backend " + pid + " is a postgres process");
      }
      long backend;
      try (ResultSet rs = s.executeQuery("select pg_backend_pid()")) {
        rs.next();
        backend = rs.getLong(1);
      }
      FrontCpu front = new FrontCpu(0, () -> List.of(backend), () -> 0);
      front.spentSinceLastRound();
      double from = ProcStat.cpuSecondsOf(backend, "postgres");
      while (ProcStat.cpuSecondsOf(backend, "postgres") < from + 0.1) {
        s.executeQuery("select count(*) from generate_series(1, 2000000)").close();
      }
      assertTrue(front.spentSinceLastRound() >= 0.1 - 1e-9);
    }
  }

  @Test
  void aProcessThatIsNotWhatItsPidWasIsNotCounted() throws Exception {
    Process spinner = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    try {
      FrontCpu front = new FrontCpu(0, () -> List.of(spinner.pid()), () -> spinner.pid());
      front.spentSinceLastRound();
      double from = ProcStat.cpuSecondsOf(spinner.pid(), null);
      await("the spinner spending CPU").atMost(PATIENCE)
          .until(() -> ProcStat.cpuSecondsOf(spinner.pid(), null) >= from + 0.1);
      assertEquals(0, front.spentSinceLastRound(), "a shell is neither postgres nor redis-server");
    } finally {
      spinner.destroyForcibly().waitFor();
    }
  }

  @Test
  void theRedisServerSaysWhichProcessItIs() throws Exception {
    try (TestRedis redis = new TestRedis(); EventStream stream = new EventStream(redis.url, redis.prefix)) {
      await("the event stream connected").atMost(PATIENCE).until(() -> stream.serverPid() > 0);
      assertFalse(Double.isNaN(ProcStat.cpuSecondsOf(stream.serverPid(), "redis-server")),
          "process " + stream.serverPid() + " is this host's redis-server");
    }
  }

  @Test
  void onlyAnAddressOfThisMachineIsThisHost() {
    assertTrue(ThisHost.runs("jdbc:postgresql://127.0.0.1:5432/helperlab?user=postgres"));
    assertTrue(ThisHost.runs("redis://user:secret@localhost:6379/0"));
    assertTrue(ThisHost.runs("jdbc:postgresql://[::1]:5432/db"));
    assertTrue(ThisHost.runs("jdbc:postgresql:helperlab"), "no host: the driver's localhost");
    assertFalse(ThisHost.runs("jdbc:postgresql://192.0.2.7:5432/helperlab"), "an address from the documentation range");
    assertFalse(ThisHost.runs("redis://192.0.2.7:6379"));
  }
}
