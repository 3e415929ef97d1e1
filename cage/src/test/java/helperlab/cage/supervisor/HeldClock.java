package helperlab.cage.supervisor;

import helperlab.cage.run.CageClock;
import java.time.Duration;
import java.time.Instant;

/**
 * A cage clock that runs with the machine's until a test holds it still: while held, the door's instants and the
 * run's seconds stand where they were, so a decision made there sees no time pass however late a busy machine runs
 * the supervisor's thread. Released, it runs on from where it stood (never back, never a jump).
 */
final class HeldClock implements CageClock {
  private Duration instantLag = Duration.ZERO;
  private long nanosLag;
  private Instant heldInstant;
  private long heldNanos;
  private boolean held;

  /** Stops the clock where it stands. */
  synchronized void hold() {
    heldInstant = instant();
    heldNanos = nanoTime();
    held = true;
  }

  /** Lets it run on from where it was held. */
  synchronized void release() {
    if (!held) {
      return;
    }
    held = false;
    instantLag = Duration.between(heldInstant, CageClock.SYSTEM.instant());
    nanosLag = CageClock.SYSTEM.nanoTime() - heldNanos;
  }

  @Override
  public synchronized Instant instant() {
    return held ? heldInstant : CageClock.SYSTEM.instant().minus(instantLag);
  }

  @Override
  public synchronized long nanoTime() {
    return held ? heldNanos : CageClock.SYSTEM.nanoTime() - nanosLag;
  }
}
