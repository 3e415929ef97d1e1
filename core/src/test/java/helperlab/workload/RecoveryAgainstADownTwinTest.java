package helperlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A triggered run measured against its twin when the twin goes down by itself: the twin's band then is "down too",
 * and a run that never came back must not be called recovered into it; one that is really up again is. Hand-made
 * runs ({@link HandMadeRun}): up (tasks met) until {@code downFromS}, then down (late) until {@code upAgainS}.
 */
class RecoveryAgainstADownTwinTest {
  private static final Trigger SPIKE = new Trigger(Trigger.Kind.SPIKE, 900, 60, 2);
  private static final int END = 3600;

  private record Judged(RecoveryMeter meter, TippingCourse course) {}

  private static Judged run(int downFromS, int upAgainS) {
    RecoveryMeter m = HandMadeRun.meter(END, s -> s >= downFromS && s < upAgainS, s -> 1.0);
    return new Judged(m, Tipping.course(m, HandMadeRun.capacity(END, 1), END));
  }

  private static Recovery against(Judged run, Judged twin) {
    return run.meter().recovery(SPIKE, END, twin.meter(), twin.course(), run.course());
  }

  @Test
  void aRunStillDownIsNotRecoveredWhenItsTwinGoesDownToo() {
    Judged run = run(1000, Integer.MAX_VALUE);
    Judged twin = run(1500, Integer.MAX_VALUE);
    assertFalse(against(run, twin).downBeforeTrigger(), "healthy when the trigger came");
    assertNull(against(run, twin).recoveryS(), "down from 1000 s to the end: no recovery, whatever the twin did");
    // without the courses the twin's band is taken as it is, and the run reads as recovered into it
    assertNotNull(run.meter().recovery(SPIKE, END, twin.meter()).recoveryS());
  }

  @Test
  void aRunUpAgainIsRecoveredWhileItsTwinIsDown() {
    Judged run = run(1000, 2000);
    Judged twin = run(1500, Integer.MAX_VALUE);
    Double back = against(run, twin).recoveryS();
    assertNotNull(back);
    assertTrue(back + SPIKE.endS() >= 2000, "back only once it is up itself, got " + back);
  }

  @Test
  void aTwinUpThroughoutKeepsItsBand() {
    Judged run = run(1000, 1500);
    Judged twin = run(Integer.MAX_VALUE, Integer.MAX_VALUE);
    assertEquals(run.meter().recovery(SPIKE, END, twin.meter()).recoveryS(), against(run, twin).recoveryS());
  }

  @Test
  void aRunDownBeforeItsTriggerHasNoRecoveryAndIsNotMetastable() {
    Judged never = run(0, Integer.MAX_VALUE);
    Recovery r = never.meter().recovery(SPIKE, END, never.course());
    assertTrue(r.downBeforeTrigger());
    assertTrue(r.neverHealthy());
    assertNull(r.recoveryS());
    assertFalse(r.metastable());
    assertEquals("down before the trigger (never healthy)", Tipping.describe(r));
    Judged tipped = run(400, Integer.MAX_VALUE);
    Recovery t = tipped.meter().recovery(SPIKE, END, tipped.course());
    assertTrue(t.downBeforeTrigger());
    assertFalse(t.neverHealthy());
    assertEquals(551.0, t.tippedAtS(), "down from where more than half a window's arrivals were lost");
  }
}
