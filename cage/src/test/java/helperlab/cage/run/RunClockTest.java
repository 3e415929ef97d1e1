package helperlab.cage.run;


import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A run's clock reads the cage's: a test that moves the cage's clock moves the run's, with no wait. */
class RunClockTest {
  /** A cage clock the test moves by hand; its monotonic count may be told to step back, as a broken one could. */
  static final class HandClock implements CageClock {
    private Instant at = Instant.parse("2026-12-02T12:00:00Z");
    private long nanos = 1_000_000_000L;

    void advance(Duration d) {
      at = at.plus(d);
      nanos += d.toNanos();
    }

    void stepBack(Duration d) {
      nanos -= d.toNanos();
    }

    @Override
    public Instant instant() {
      return at;
    }

    @Override
    public long nanoTime() {
      return nanos;
    }
  }

  @Test
  void aRunsSecondsAreTheCagesSinceItBeganAndNeverGoBack() {
    HandClock cage = new HandClock();
    RunClock run = new RunClock(cage.instant(), cage::nanoTime);
    assertEquals(0, run.now());
    cage.advance(Duration.ofMillis(2_500));
    assertEquals(2.5, run.now(), 1e-9);
    cage.stepBack(Duration.ofSeconds(1));
    assertEquals(2.5, run.now(), 1e-9, "the scheduler's clock never goes back");
    assertEquals(2.5, run.last(), 1e-9);
    Instant deadline = cage.instant().plusSeconds(10);
    assertEquals(12.5, run.toRunS(deadline), 1e-9, "an instant at the door in the run's seconds");
    assertEquals(deadline, run.toInstant(12.5));
  }
}
