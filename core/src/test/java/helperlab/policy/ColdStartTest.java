package helperlab.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Admission's arithmetic for fresh workers: the start-up the capacity will not deliver and the first images'
 * surcharge, from inputs the test sets (times are arguments, no clock), and a pool scheduler driven by hand.
 */
class ColdStartTest {
  /** Start-up 20 s, 3 CPU-s of surcharge over the first 3 images (1 CPU-s an image). */
  private static final ColdStart COLD = new ColdStart(20, 3, 3, "set by the test");

  @Test
  void noWorkerYetCostsEveryPlannedWorkerAWholeStartUpAndTheImagesTheirSurcharge() {
    // 2 workers planned on 0.2 cores: each 0.1 core for 20 s = 2 CPU-s each; 2 images, each +1 CPU-s
    assertEquals(4 + 2, COLD.debtS(100, 0.2, 2, 20, List.of(), 2), 1e-9);
    // more images than the fresh workers' first ones: only 6 are surcharged
    assertEquals(4 + 6, COLD.debtS(100, 0.2, 2, 20, List.of(), 50), 1e-9);
  }

  @Test
  void aStartingWorkerOwesOnlyWhatIsLeftOfItsStartUp() {
    List<ColdStart.Worker> one = List.of(new ColdStart.Worker(90, false, 0));
    // spawned at 90, ready at 110 by plan: 10 s left at 0.1 core = 1; the missing one 2; 1 image +1
    assertEquals(1 + 2 + 1, COLD.debtS(100, 0.2, 2, 20, one, 1), 1e-9);
    // past its planned start-up: nothing more for it (never negative)
    assertEquals(0 + 2 + 1, COLD.debtS(130, 0.2, 2, 20, one, 1), 1e-9);
  }

  @Test
  void warmWorkersOweNothingAndAFreshOneOnlyItsFirstImagesLeft() {
    List<ColdStart.Worker> warm = List.of(new ColdStart.Worker(0, true, 3), new ColdStart.Worker(0, true, 40));
    assertEquals(0, COLD.debtS(100, 0.2, 2, 20, warm, 10), 1e-9);
    List<ColdStart.Worker> half = List.of(new ColdStart.Worker(0, true, 1), new ColdStart.Worker(0, true, 3));
    assertEquals(2, COLD.debtS(100, 0.2, 2, 20, half, 10), 1e-9, "two first images left on the first worker");
    assertEquals(1, COLD.debtS(100, 0.2, 2, 20, half, 1), 1e-9, "one image to do: one surcharge");
  }

  @Test
  void workersBeyondThePlanAddNothing() {
    List<ColdStart.Worker> three = List.of(new ColdStart.Worker(0, true, 5), new ColdStart.Worker(0, true, 5),
        new ColdStart.Worker(99, false, 0));
    assertEquals(0, COLD.debtS(100, 0.2, 2, 20, three, 4), 1e-9);
  }

  @Test
  void badFiguresAreRefusedByName() {
    assertThrows(IllegalArgumentException.class, () -> new ColdStart(-1, 1, 3, "x"));
    assertThrows(IllegalArgumentException.class, () -> new ColdStart(1, -1, 3, "x"));
    assertThrows(IllegalArgumentException.class, () -> new ColdStart(1, 1, 0, "x"));
    assertThrows(IllegalArgumentException.class, () -> COLD.debtS(0, 1, 0, 1, List.of(), 1));
  }

  // ---- a pool scheduler with the cold start (the heavy `ab` case in small: 0.1 cores, 61 s windows) ----------

  private static Scheduler pool(ColdStart cold) {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-10"),
        new SchedulerConfig(2, 3, 0.1, AdmissionMode.EDF_FIT, 0.5, 3, 0.05));
    if (cold != null) {
      s.planStartup(cold);
    }
    return s;
  }

  private static int admitted(Scheduler s, double at, int from, int n) {
    int yes = 0;
    for (int i = 0; i < n; i++) {
      if (s.submit(at, SchedulerFixture.task(from + i, at, at + 61, 1, 0.52)).admitted()) {
        yes++;
      }
    }
    return yes;
  }

  @Test
  void aColdPoolAdmitsWhatFitsAfterItsWorkersStartAndTheirFirstImages() {
    assertEquals(11, admitted(pool(null), 0, 1, 20), "as if warm: 6.1 CPU-s in 61 s at 0.1 cores, 0.52 each");
    // cold: 2 x 0.05 core x 22 s = 2.2 CPU-s of start-up ahead; each image +2/3 CPU-s while the workers are fresh
    Scheduler cold = pool(new ColdStart(22, 2, 3, "the ab case"));
    assertEquals(3, admitted(cold, 0, 1, 20), "(2.2 + 3 x (0.52 + 0.667)) / 0.1 = 57.6 s fits 61; a fourth does not");
  }

  @Test
  void aBatchRefusedForTheColdStartStartsTheWorkersAndFitsOnceTheyAreWarm() {
    // start-up 100 s: nothing fits a 61 s window until the workers are ready
    Scheduler s = pool(new ColdStart(100, 2, 3, "set by the test"));
    AdmissionDecision d = s.submit(0, SchedulerFixture.task(1, 0, 61, 1, 0.52));
    assertFalse(d.admitted());
    assertTrue(d.reason().contains("not warm yet"), d.reason());
    assertTrue(d.retryAfterS() >= 1, "asks again later, not never: " + d.retryAfterS());
    List<Command.Spawn> spawns = SchedulerFixture.only(s.drain(), Command.Spawn.class);
    assertEquals(2, spawns.size(), "the refusal starts the planned workers");
    s.workerReady(30, spawns.get(0).worker());
    s.workerReady(31, spawns.get(1).worker());
    assertEquals(31, s.startupS(), 1e-9, "the last measured start-up replaces the estimate");
    assertTrue(s.startupMeasured());
    // ready, still fresh: 1 image of 0.52 + 0.667 surcharge at 0.1 cores = 11.9 s fits
    assertTrue(s.submit(32, SchedulerFixture.task(2, 32, 93, 1, 0.52)).admitted());
  }

  @Test
  void aHelperPolicyPlansNoColdStart() {
    Scheduler s = new Scheduler(PolicyCatalog.get("box"), new SchedulerConfig(2, 3, 0.1, AdmissionMode.EDF_FIT, 0.5, 3, 0.05));
    s.planStartup(new ColdStart(1000, 100, 3, "set by the test"));
    assertTrue(s.submit(0, SchedulerFixture.task(1, 0, 61, 1, 0.52)).admitted(), "helpers are spawned per batch");
  }
}
