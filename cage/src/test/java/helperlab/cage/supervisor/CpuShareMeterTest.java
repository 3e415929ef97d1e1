package helperlab.cage.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.run.CpuShareMeter;
import helperlab.cage.worker.HostCpuTime;
import helperlab.cage.worker.HostLoad;
import org.junit.jupiter.api.Test;

/**
 * The share admission plans on as a run goes: the busy workers' CPU over the last window, a stand-in
 * before they have wanted enough, never below the floor. Rounds are fed by hand (the cage feeds them
 * from /proc at each watchdog round).
 */
class CpuShareMeterTest {
  private static final HostLoad QUIET = new HostLoad(1, 2); // only the reader runnable

  /** A round's CPU with the cage's front not measured (as when the host's CPU is not known either). */
  private static CpuShareMeter.Spent spent(double busyWorkersS, double otherWorkersS) {
    return new CpuShareMeter.Spent(busyWorkersS, otherWorkersS, Double.NaN, 0);
  }

  /** {@code rounds} rounds of 0.5 s with {@code busy} workers getting {@code share} of a core each. */
  private static double feed(CpuShareMeter m, double from, int rounds, int busy, double share, HostLoad host) {
    double t = from;
    for (int i = 0; i < rounds; i++) {
      t += 0.5;
      m.observe(t, busy, 2, spent(busy * 0.5 * share, 0), null, host);
    }
    return t;
  }

  @Test
  void nothingSaidBeforeAnyRoundAndThePreviousRunStandsIn() {
    CpuShareMeter m = new CpuShareMeter();
    assertNull(m.share(null));
    CpuShareMeter.Share s = m.share(0.4);
    assertEquals(0.4, s.value(), 1e-9);
    assertFalse(s.measured());
    assertEquals("the previous run got 40% of the CPU it wanted; not measured on this run's workers yet", s.words());
  }

  @Test
  void theBusyWorkersShareOverTheWindowOnceTheyWantedEnough() {
    CpuShareMeter m = new CpuShareMeter();
    m.observe(0, 0, 2, spent(0, 0), null, QUIET);
    double t = feed(m, 0, 1, 2, 0.3, QUIET); // 1 CPU-s wanted: too little to judge by
    assertFalse(m.share(null).measured());
    feed(m, t, 3, 2, 0.3, QUIET);
    CpuShareMeter.Share s = m.share(0.9);
    assertTrue(s.measured(), s.words());
    assertEquals(0.3, s.value(), 1e-9, "the previous run's share no longer counts once this run's is measured");
    assertTrue(s.words().startsWith("this run's busy workers got 30% of the CPU they wanted over the last 2 s"), s.words());
  }

  @Test
  void oneBadRoundMovesTheShareLittleAndOldRoundsLeaveTheWindow() {
    CpuShareMeter m = new CpuShareMeter();
    m.observe(0, 0, 2, spent(0, 0), null, QUIET);
    double t = feed(m, 0, 39, 2, 1.0, QUIET); // 19.5 s of full share
    t = feed(m, t, 1, 2, 0.0, QUIET); // one round with nothing got
    assertEquals(39 / 40.0, m.share(null).value(), 1e-9, "one round in forty");
    t = feed(m, t, 40, 2, 0.0, QUIET); // the host takes everything for a whole window
    assertEquals(CpuShareMeter.FLOOR, m.share(null).value(), 1e-9, "nothing got: the floor, not zero");
    feed(m, t, 40, 2, 0.5, QUIET);
    assertEquals(0.5, m.share(null).value(), 1e-9, "the starved rounds have left the window");
  }

  @Test
  void anIdleCageStandsInWithTheShareTheRunQueueLeavesAThread() {
    CpuShareMeter m = new CpuShareMeter();
    HostLoad busyHost = new HostLoad(21, 2); // the reader and 20 others runnable
    feed(m, 0, 10, 0, 0, busyHost);
    CpuShareMeter.Share s = m.share(null);
    assertFalse(s.measured());
    assertEquals(2 / 21.0, s.value(), 1e-9, "2 CPUs over the 20 others and one thread of ours");
    assertTrue(s.words().startsWith("the host's run queue leaves a thread 10% of a core (2 CPUs, last 5 s)"), s.words());
    assertEquals(0.05, m.share(0.05).value(), 1e-9, "the lower of the run queue's and the previous run's");
    assertEquals(2 / 21.0, m.share(0.8).value(), 1e-9);
    assertEquals(1.0, CpuShareMeter.fairShare(new HostLoad(3, 2), 2), 1e-9, "our own two busy workers are no others");
    assertEquals(2 / 4.0, CpuShareMeter.fairShare(new HostLoad(5, 2), 2), 1e-9);
  }

  @Test
  void whatTheCagesOwnStartingWorkersTookIsNotCountedAgainstTheHost() {
    // 1.5 cores; two busy workers get 0.5 core each while starting helpers burn the other half core of the cap
    CpuShareMeter m = new CpuShareMeter();
    m.observe(0, 0, 1.5, spent(0, 0), null, QUIET);
    for (int i = 1; i <= 40; i++) {
      m.observe(0.5 * i, 2, 1.5, spent(2 * 0.5 * 0.5, 0.5 * 0.5), null, QUIET);
    }
    assertEquals(0, m.measured().hostTookShare(), 1e-9, "the cap was all used, by the cage itself");
    assertFalse(m.measured().starved());
    assertEquals(1.0, m.share(null).value(), 1e-9);
    // the same rounds with nothing else of the cage's running: the host took the missing half core
    CpuShareMeter host = new CpuShareMeter();
    host.observe(0, 0, 1.5, spent(0, 0), null, QUIET);
    for (int i = 1; i <= 40; i++) {
      host.observe(0.5 * i, 2, 1.5, spent(2 * 0.5 * 0.5, 0), null, QUIET);
    }
    assertEquals(1 / 3.0, host.measured().hostTookShare(), 1e-9);
    assertTrue(host.measured().starved());
  }

  /**
   * 40 rounds of 0.5 s on 1.5 cores: two busy workers get one core between them (a quarter CPU-second lacked a
   * round) while the cage's front spends {@code frontS} and the host's other processes {@code othersS} a round,
   * and {@code held} of the busy workers are held stopped from outside.
   */
  private static CpuShareMeter lackingAQuarter(double frontS, double othersS, int held) {
    CpuShareMeter m = new CpuShareMeter();
    double busy = 0;
    m.observe(0, 0, 1.5, new CpuShareMeter.Spent(0, 0, 0, 0), new HostCpuTime(busy, 0, 0), QUIET);
    for (int i = 1; i <= 40; i++) {
      busy += 0.5 + frontS + othersS;
      m.observe(0.5 * i, 2, 1.5, new CpuShareMeter.Spent(0.5, 0, frontS, held), new HostCpuTime(busy, 0, i), QUIET);
    }
    return m;
  }

  @Test
  void theHostTookOnlyWhatItsOtherProcessesRanAndTheFrontsShareIsTheCagesOwn() {
    var host = lackingAQuarter(0, 0.25, 0).measured();
    assertEquals(1 / 3.0, host.hostTookShare(), 1e-9, "the host's others ran the whole quarter");
    assertTrue(host.starved());
    var front = lackingAQuarter(0.25, 0, 0).measured();
    assertEquals(0, front.hostTookShare(), 1e-9, "the supervisor, its database and Redis are the service's own");
    assertEquals(1 / 3.0, front.frontTookShare(), 1e-9);
    assertFalse(front.starved(), "a retry storm's cost at the front door is the policy's, not the host's");
    assertEquals("the host took 0% of the cage's CPU in this run; its own front (supervisor, database, Redis) took 33%",
        front.words());
    var both = lackingAQuarter(0.2, 0.1, 0).measured();
    assertEquals(0.1 * 40 / 30, both.hostTookShare(), 1e-9, "the host took at most what its others spent");
    assertEquals(0.15 * 40 / 30, both.frontTookShare(), 1e-9, "the front the rest of the lack, at most what it spent");
    var nobody = lackingAQuarter(0, 0, 0).measured();
    assertEquals(0, nobody.hostTookShare(), 1e-9, "a lack nothing else ran in is nobody's (the cap's slicing)");
    assertEquals(0, nobody.frontTookShare(), 1e-9);
    var stopped = lackingAQuarter(0, 0, 1).measured();
    assertEquals(1 / 3.0, stopped.hostTookShare(), 1e-9, "a worker held stopped from outside lacks by the host's doing");
    assertTrue(stopped.starved());
    for (var i : java.util.List.of(host, front, both, nobody, stopped)) {
      assertEquals(1 / 3.0, i.lackedShare(), 1e-9, "what the workers got is the same in each");
      assertEquals(2 / 3.0, AdmissionCapacity.measuredShare(i), 1e-9, "admission plans on what the workers got");
    }
  }
}
