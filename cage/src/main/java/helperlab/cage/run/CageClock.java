package helperlab.cage.run;

import java.time.Instant;

/**
 * Where the cage reads the time: instants (deadlines at the door, a run's start, checkpoints' stamps) and a monotonic
 * count of nanoseconds (the supervisor's clock, which the watchdog and the loop's rounds keep, and each run's clock,
 * which its scheduler plans on and a refusal's Retry-After is counted in). The system's in service; a test's own where
 * it must say when time passes rather than wait for it.
 */
public interface CageClock {
  /** The machine's clocks: {@link Instant#now()} and {@link System#nanoTime()}. */
  CageClock SYSTEM = new CageClock() {
    @Override
    public Instant instant() {
      return Instant.now();
    }

    @Override
    public long nanoTime() {
      return System.nanoTime();
    }
  };

  Instant instant();

  long nanoTime();
}
