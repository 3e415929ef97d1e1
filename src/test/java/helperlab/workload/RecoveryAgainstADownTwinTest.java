package helperlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.EventType;
import org.junit.jupiter.api.Test;

/**
 * A triggered run measured against its twin when the twin tips by itself: the twin's band then is "down too", and a
 * run that never came back must not be called recovered into it; one that is really up again is.
 */
class RecoveryAgainstADownTwinTest {
  private static final Trigger SPIKE = new Trigger(Trigger.Kind.SPIKE, 200, 60, 2);
  private static final Tipping.Capacity CAPACITY = new Tipping.Capacity(2, 10);

  /** A meter of {@code endS} seconds: up (tasks met, short queue) until {@code downFromS}, then down (late, piling up). */
  private static RecoveryMeter meter(int downFromS, int upAgainS, int endS) {
    RecoveryMeter m = new RecoveryMeter();
    for (int s = 0; s < endS; s++) {
      boolean down = s >= downFromS && s < upAgainS;
      m.sample(s, down ? 6 : 1, down ? 2 : 1, down ? 40 : 1, 100, null);
      m.on(s + 0.5, down ? EventType.TASK_LATE : EventType.TASK_MET, 0, s, 0, 0, null);
    }
    return m;
  }

  @Test
  void aRunStillDownIsNotRecoveredWhenItsTwinTipsToo() {
    RecoveryMeter run = meter(230, Integer.MAX_VALUE, 1200);
    RecoveryMeter twin = meter(600, Integer.MAX_VALUE, 1200);
    assertNull(run.recovery(SPIKE, 1200, twin, CAPACITY).recoveryS(),
        "down from 230 s to the end: no recovery, whatever the twin did at 600 s");
    // without a capacity the twin's band is taken as it is (as before), and the run reads as recovered into it
    assertNotNull(run.recovery(SPIKE, 1200, twin).recoveryS());
  }

  @Test
  void aRunUpAgainIsRecoveredWhileItsTwinIsDown() {
    RecoveryMeter run = meter(230, 700, 1200);
    RecoveryMeter twin = meter(600, Integer.MAX_VALUE, 1200);
    Double back = run.recovery(SPIKE, 1200, twin, CAPACITY).recoveryS();
    assertNotNull(back);
    assertTrue(back + SPIKE.endS() >= 700, "back only once it is up itself, got " + back);
  }

  @Test
  void aTwinUpThroughoutKeepsItsBand() {
    RecoveryMeter run = meter(230, 500, 1200);
    RecoveryMeter twin = meter(Integer.MAX_VALUE, Integer.MAX_VALUE, 1200);
    assertEquals(run.recovery(SPIKE, 1200, twin).recoveryS(), run.recovery(SPIKE, 1200, twin, CAPACITY).recoveryS());
  }
}
