package helperlab.lab.live;

import helperlab.sim.Trigger;

/**
 * A trigger in a live run and what came of it, as far as the run has got: {@code recoveredAfterS} once
 * the run was back within the band of its pre-trigger baseline (seconds after the trigger's end, see
 * {@code sim.RecoveryMeter}), {@code notRecovered} once the scenario's arrivals ended first; neither
 * while it is still being judged.
 */
public record LiveTrigger(Trigger trigger, Double recoveredAfterS, boolean notRecovered) {
  public LiveTrigger {
    if (trigger == null) {
      throw new IllegalArgumentException("a live trigger needs its trigger");
    }
    if (recoveredAfterS != null && notRecovered) {
      throw new IllegalArgumentException("a trigger cannot be both recovered from and not");
    }
  }

  /** The trigger as it was just started: still being judged. */
  public static LiveTrigger started(Trigger trigger) {
    return new LiveTrigger(trigger, null, false);
  }

  /** Judged one way or the other. */
  public boolean judged() {
    return recoveredAfterS != null || notRecovered;
  }
}
