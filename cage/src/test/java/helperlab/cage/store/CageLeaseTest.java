package helperlab.cage.store;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.TestDatabase;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The identity's lease as a fence: a cage whose identity was taken over (its epoch moved on) has every write refused
 * by the database itself, says so in its lease, and a keeper that finds its session dead takes the lock back only
 * while the epoch is still its own. A starting cage is refused while the recorded holder lives, lock or no lock.
 */
class CageLeaseTest {
  private static void sql(TestDatabase db, String statement) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      s.execute(statement);
    }
  }

  /** Ends the lease's session as a database restart would (the advisory lock goes with it). */
  private static void endLeaseSession(TestDatabase db, String id) throws Exception {
    sql(db, "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'helper-lab cage " + id
        + " (lease)'");
  }

  @Test
  void aTakenOverIdentityHasEveryWriteRefusedByTheDatabase() throws Exception {
    try (TestDatabase db = TestDatabase.create(); CageStore a = CageStore.open(db.url(), "fence-a")) {
      long epoch = a.lease().epoch();
      assertEquals(LeaseStatus.State.HELD, a.lease().state());
      sql(db, "update cage_leases set epoch = epoch + 1 where cage_id = 'fence-a'"); // what a cage taking it over does
      Checkpoint cp = new Checkpoint();
      cp.runStarted(new CageStore.RunRow("r1", "live", "box", "live", 0, "edf-fit", null, "running", Instant.now(), null,
          null, null));
      Fenced f = assertThrows(Fenced.class, () -> a.apply(cp));
      assertTrue(f.getMessage().contains("another cage took identity 'fence-a'"), f.getMessage());
      assertTrue(f.getMessage().contains("this cage's " + epoch), f.getMessage());
      assertEquals(LeaseStatus.State.LOST, a.lease().state());
      assertThrows(Fenced.class, () -> a.createRun(new CageStore.RunRow("r2", "live", "box", "live", 0, "edf-fit", null,
          "running", Instant.now(), null, null, null)));
      assertEquals(0, db.count("select count(*) from runs"), "nothing of the stale writer's reached the table");
    }
  }

  @Test
  void aDeadSessionIsTakenBackWhileTheEpochIsItsOwnAndLostOnceItMovedOn() throws Exception {
    try (TestDatabase db = TestDatabase.create(); CageStore a = CageStore.open(db.url(), "keeper-a")) {
      endLeaseSession(db, "keeper-a");
      await("the keeper takes the lock back").atMost(Duration.ofSeconds(30))
          .until(() -> db.count("select count(*) from pg_stat_activity where application_name ="
              + " 'helper-lab cage keeper-a (lease)'") == 1 && a.lease().state() == LeaseStatus.State.HELD);
      a.createRun(new CageStore.RunRow("r1", "live", "box", "live", 0, "edf-fit", null, "running", Instant.now(), null,
          null, null));
      assertEquals(1, db.count("select count(*) from runs"), "writes go on after the lock is taken back");

      // the session dies again, and meanwhile another cage took the identity (its epoch is newer)
      sql(db, "update cage_leases set epoch = epoch + 1 where cage_id = 'keeper-a'");
      endLeaseSession(db, "keeper-a");
      await("the keeper finds the identity lost").atMost(Duration.ofSeconds(30))
          .until(() -> a.lease().state() == LeaseStatus.State.LOST);
      assertTrue(a.lease().why().contains("another cage took identity 'keeper-a'"), a.lease().why());
      assertEquals(0, db.count("select count(*) from pg_stat_activity where application_name ="
          + " 'helper-lab cage keeper-a (lease)'"), "a lost lease lets go of the lock");
    }
  }

  @Test
  void aStartingCageIsRefusedWhileTheHolderLivesEvenWithTheLockFree() throws Exception {
    try (TestDatabase db = TestDatabase.create(); CageStore a = CageStore.open(db.url(), "live-a")) {
      endLeaseSession(db, "live-a"); // the lock is free for a moment, as after a database restart
      CageLease.Taken t = assertThrows(CageLease.Taken.class, () -> CageStore.open(db.url(), "live-a").close());
      assertTrue(t.getMessage().startsWith("another cage with identity 'live-a' is running"), t.getMessage());
      assertEquals(1, db.count("select epoch from cage_leases where cage_id = 'live-a'"), "the refused one moved nothing");
      await("the holder keeps its lease").atMost(Duration.ofSeconds(30))
          .until(() -> a.lease().state() == LeaseStatus.State.HELD && db.count("select count(*) from pg_stat_activity"
              + " where application_name = 'helper-lab cage live-a (lease)'") == 1);
    }
    try (TestDatabase db = TestDatabase.create()) {
      CageStore first = CageStore.open(db.url(), "gone-a");
      first.close(); // stopped: a successor takes the identity at the next epoch
      try (CageStore next = CageStore.open(db.url(), "gone-a")) {
        assertEquals(2, next.lease().epoch());
      }
    }
  }

  @Test
  void aHolderIsAliveOnlyWhileItsProcessRunsAsTheSameProcess() {
    LeaseHolder me = LeaseHolder.here();
    assertFalse(me.knownAlive(), "a token this process does not hold");
    me.holding(true);
    try {
      assertTrue(me.knownAlive());
      assertFalse(new LeaseHolder(me.host(), me.pid(), me.started(), "other").knownAlive(), "another store's token");
      assertFalse(new LeaseHolder("elsewhere/boot", me.pid(), me.started(), me.token()).knownAlive(),
          "another host cannot be looked at: fenced, not trusted");
      long parent = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L);
      assertFalse(new LeaseHolder(me.host(), parent, "1970-01-01T00:00:00Z", "t").knownAlive(),
          "a live pid that is another process than the holder (its start differs)");
    } finally {
      me.holding(false);
    }
  }
}
