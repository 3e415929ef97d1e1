package helperlab.lab.live;

import helperlab.charts.style.TimeFormat;
import helperlab.workload.Trigger;

/**
 * A trigger in a live run and what came of it, as far as the run has got: {@code recoveredAfterS} once
 * the run was back within the band of its pre-trigger baseline (seconds after the trigger's end, see
 * {@code sim.RecoveryMeter}), {@code notRecovered} once the scenario's arrivals ended first, {@code
 * downBeforeTippedAtS} (when it tipped) when the run was down before the trigger, so there was nothing to
 * recover (see {@code sim.Tipping}), and {@code neverHealthy} when that spell was its first state (it never stood, so
 * it did not tip: its time is when it was first judged); none of them while it is still being judged.
 */
public record LiveTrigger(Trigger trigger, Double recoveredAfterS, boolean notRecovered, Double downBeforeTippedAtS,
    boolean neverHealthy) {
  public LiveTrigger {
    if (trigger == null) {
      throw new IllegalArgumentException("a live trigger needs its trigger");
    }
    int outcomes = (recoveredAfterS != null ? 1 : 0) + (notRecovered ? 1 : 0) + (downBeforeTippedAtS != null ? 1 : 0);
    if (outcomes > 1) {
      throw new IllegalArgumentException("a trigger is recovered from, not recovered from, or came to a run already"
          + " down: one of them");
    }
    if (neverHealthy && downBeforeTippedAtS == null) {
      throw new IllegalArgumentException("only a run down before its trigger can have been never healthy");
    }
  }

  /** A trigger that came to a healthy run (or whose run's tipping was not judged). */
  public LiveTrigger(Trigger trigger, Double recoveredAfterS, boolean notRecovered) {
    this(trigger, recoveredAfterS, notRecovered, null, false);
  }

  /** The trigger as it was just started: still being judged. */
  public static LiveTrigger started(Trigger trigger) {
    return new LiveTrigger(trigger, null, false, null, false);
  }

  /** A trigger that came to a run already down: it tipped at {@code tippedAtS}. */
  public static LiveTrigger downBefore(Trigger trigger, double tippedAtS) {
    return new LiveTrigger(trigger, null, false, tippedAtS, false);
  }

  /**
   * A trigger that came to a run already down since {@code downFromS}: a run {@code neverHealthy} was down from its
   * first judged second, so it did not tip.
   */
  public static LiveTrigger downBefore(Trigger trigger, double downFromS, boolean neverHealthy) {
    return new LiveTrigger(trigger, null, false, downFromS, neverHealthy);
  }

  /** "down before the trigger (tipped at 4:22)" or "(never healthy)"; null unless the run was down before it. */
  public String downBeforeWords() {
    if (downBeforeTippedAtS == null) {
      return null;
    }
    return "down before the trigger (" + (neverHealthy ? "never healthy"
        : "tipped at " + TimeFormat.elapsed(downBeforeTippedAtS)) + ")";
  }

  /** Judged one way or the other. */
  public boolean judged() {
    return recoveredAfterS != null || notRecovered || downBeforeTippedAtS != null;
  }
}
