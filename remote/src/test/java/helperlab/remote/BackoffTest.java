package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Retrying a link like a well-behaved client, on a controlled clock: doubling, capped, jittered, and a stated end. */
class BackoffTest {
  @Test
  void delaysDoubleUpToTheCapWithJitterAndStopAfterTheStatedTime() {
    Backoff.Policy p = new Backoff.Policy(1_000, 30_000, 120_000);
    Backoff b = new Backoff(p, new Random(7)::nextDouble);
    long now = 0;
    List<Long> delays = new ArrayList<>();
    long step = 1_000;
    while (true) {
      long d = b.failed(now);
      if (d == Backoff.GIVE_UP) {
        break;
      }
      assertTrue(d >= step / 2 && d <= step, "delay " + d + " within half and all of the step " + step);
      delays.add(d);
      step = Math.min(30_000, step * 2);
      now += d; // the next try fails at once
    }
    assertTrue(now >= 120_000, "gave up only after the stated time: " + now);
    assertTrue(now < 120_000 + 30_000, "and not much later: " + now);
    // 2 minutes, not 13 logins in 30 s: the tries in the first 30 s
    long in30 = 0;
    long t = 0;
    for (long d : delays) {
      if (t <= 30_000) {
        in30++;
      }
      t += d;
    }
    assertTrue(in30 <= 6, "at most 6 tries in the first 30 s: " + delays);
    assertTrue(delays.stream().distinct().count() > delays.size() / 2, "jittered, not in lock step: " + delays);
  }

  @Test
  void aSuccessStartsOverAndNeverGivingUpIsAllowed() {
    Backoff b = new Backoff(new Backoff.Policy(100, 800, 0), () -> 1.0);
    assertEquals(100, b.failed(0));
    assertEquals(200, b.failed(100));
    assertEquals(400, b.failed(300));
    assertEquals(800, b.failed(700));
    assertEquals(800, b.failed(1_500), "capped");
    assertEquals(800, b.failed(1_000_000), "no give-up time: it keeps trying");
    assertEquals(6, b.failures());
    b.succeeded();
    assertEquals(-1, b.failingSinceMs());
    assertEquals(100, b.failed(2_000_000), "from the first delay again");
  }
}
