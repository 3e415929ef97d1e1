package helperlab.lab.live;

import helperlab.workload.Trigger;

/**
 * A trigger in a live run and what came of it, as far as the run has got: {@code recoveredAfterS} once
 * the run was back within the band of its pre-trigger baseline (seconds after the trigger's end, see
 * {@code sim.RecoveryMeter}), {@code notRecovered} once the scenario's arrivals ended first, {@code
 * downBeforeTippedAtS} (when it tipped) when the run was down before the trigger, so there was nothing to
 * recover (see {@code sim.Tipping}); none of them while it is still being judged.
 */
public record LiveTrigger(Trigger trigger, Double recoveredAfterS, boolean notRecovered, Double downBeforeTippedAtS) {
  public LiveTrigger {
    if (trigger == null) {
      throw new IllegalArgumentException("a live trigger needs its trigger");
    }
    int outcomes = (recoveredAfterS != null ? 1 : 0) + (notRecovered ? 1 : 0) + (downBeforeTippedAtS != null ? 1 : 0);
    if (outcomes > 1) {
      throw new IllegalArgumentException("a trigger is recovered from, not recovered from, or came to a run already"
          + " down: one of them");
    }
  }

  /** A trigger that came to a healthy run (or whose run's tipping was not judged). */
  public LiveTrigger(Trigger trigger, Double recoveredAfterS, boolean notRecovered) {
    this(trigger, recoveredAfterS, notRecovered, null);
  }

  /** The trigger as it was just started: still being judged. */
  public static LiveTrigger started(Trigger trigger) {
    return new LiveTrigger(trigger, null, false, null);
  }

  /** A trigger that came to a run already down: it tipped at {@code tippedAtS}. */
  public static LiveTrigger downBefore(Trigger trigger, double tippedAtS) {
    return new LiveTrigger(trigger, null, false, tippedAtS);
  }

  /** Judged one way or the other. */
  public boolean judged() {
    return recoveredAfterS != null || notRecovered || downBeforeTippedAtS != null;
  }
}
