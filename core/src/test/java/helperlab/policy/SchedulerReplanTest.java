package helperlab.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Admission replanned mid-run (a cage that measures the CPU the host leaves it): the capacity moves, nothing else. */
class SchedulerReplanTest {
  private static SchedulerConfig cores(double c) {
    return new SchedulerConfig(2, 3, c, AdmissionMode.EDF_FIT, 0.5, 3, Math.min(1, c));
  }

  @Test
  void aBatchThatFitsTheStartButNotTheReplannedCapacityIsRefusedForNowNotForever() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-10"), cores(2));
    // 10 images of 0.5 s in a 5 s window: 2.5 s at 2 cores, 25 s at 0.2
    assertTrue(s.submit(0, SchedulerFixture.task(1, 0, 5, 10, 0.5)).admitted());
    s.replan(cores(0.2), 20);
    assertEquals(0.2, s.config().capacityCores(), 1e-9);
    AdmissionDecision d = s.submit(1, SchedulerFixture.task(2, 1, 6, 10, 0.5));
    assertFalse(d.admitted());
    assertEquals(20, d.retryAfterS(), 1e-9, "the capacity may come back: ask again, not never");
    assertTrue(d.reason().contains("fits the capacity the run began with"), d.reason());
    AdmissionDecision never = s.submit(1, SchedulerFixture.task(3, 1, 3, 10, 0.5)); // 2.5 s > 2 s even at the start
    assertEquals(-1, never.retryAfterS(), 1e-9, never.reason());
    s.replan(cores(2), 20);
    assertTrue(s.submit(2, SchedulerFixture.task(4, 2, 12, 10, 0.5)).admitted(), "the capacity came back");
  }

  @Test
  void aReplanChangesOnlyTheCapacity() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-10"), cores(2));
    assertThrows(IllegalArgumentException.class,
        () -> s.replan(new SchedulerConfig(3, 3, 1, AdmissionMode.EDF_FIT, 0.5, 3, 1), 20));
  }
}
