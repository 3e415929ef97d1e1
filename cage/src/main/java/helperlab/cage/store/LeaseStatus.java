package helperlab.cage.store;

import java.time.Instant;
import java.util.Locale;

/**
 * A cage's hold on its identity as the outside sees it: its state, the epoch it took (its fencing token), since
 * when it has been in that state, and why (null while held).
 */
public record LeaseStatus(State state, long epoch, Instant since, String why) {
  /** Where the hold on the identity is. */
  public enum State {
    /** The lock is held on a live session and the epoch is this cage's. */
    HELD,
    /** The session died (the database restarted, or does not answer): taking the lock back; writes still fenced. */
    RETAKING,
    /** Another cage took the identity: this one must not write again. */
    LOST;

    /** As status shows it: "held", "retaking", "lost". */
    public String wire() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** A store that holds no identity (tools reading the database): nothing to hold, nothing to lose. */
  public static LeaseStatus none() {
    return new LeaseStatus(State.HELD, 0, Instant.EPOCH, null);
  }
}
