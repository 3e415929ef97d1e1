package helperlab.cage.run;

import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * A run's clock, the scheduler's: seconds since the run began, never going back, and the instants they stand for.
 * {@code nanos} is the monotonic count it reads (the cage's clock).
 */
final class RunClock {
  private final Instant startedAt;
  private final LongSupplier nanos;
  private final long t0;
  private double lastNow;

  RunClock(Instant startedAt, LongSupplier nanos) {
    this.startedAt = startedAt;
    this.nanos = nanos;
    this.t0 = nanos.getAsLong();
  }

  /** Seconds since the run began. */
  double now() {
    double t = (nanos.getAsLong() - t0) / 1e9;
    lastNow = Math.max(lastNow, t);
    return lastNow;
  }

  /** The latest {@link #now()} read: where the run stands (its end, once it is over). */
  double last() {
    return lastNow;
  }

  Instant startedAt() {
    return startedAt;
  }

  double toRunS(Instant at) {
    return (at.toEpochMilli() - startedAt.toEpochMilli()) / 1000.0;
  }

  Instant toInstant(double s) {
    return startedAt.plusNanos((long) (s * 1e9));
  }
}
