package helperlab.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The frame timer's figures: a missed pulse shows in the rate, the p95 and the longest interval. */
class FrameStatsTest {
  private static final long PULSE = 16_666_667;

  @Test
  void everyPulseMadeIsSixtyAFrameAPulse() {
    FrameStats s = FrameStats.of(pulses(601));
    assertEquals(600, s.frames());
    assertEquals(10.0, s.seconds(), 1e-6);
    assertEquals(60.0, s.fps(), 1e-4);
    assertEquals(60.0, s.lastQuarterFps(), 1e-4);
    assertEquals(16.7, s.medianMs(), 0.05);
    assertEquals(16.7, s.maxMs(), 0.05);
  }

  @Test
  void pulsesMissedLowerTheRateAndShowAsLongIntervals() {
    // 600 frames, one in every 20 a pulse late (two pulses long): 5% of the intervals
    List<Long> t = new ArrayList<>();
    long now = 0;
    t.add(now);
    for (int i = 1; i <= 600; i++) {
      now += i % 20 == 0 ? 2 * PULSE : PULSE;
      t.add(now);
    }
    FrameStats s = FrameStats.of(t);
    assertEquals(600 / (630 * PULSE / 1e9), s.fps(), 1e-6);
    assertEquals(16.7, s.medianMs(), 0.05);
    assertEquals(33.3, s.p95Ms(), 0.05, "the 95th percentile falls on the late ones");
    assertEquals(33.3, s.maxMs(), 0.05);
    assertEquals("57.1 fps overall, 57.0 fps in the last quarter; frame interval median 16.7 ms, p95 33.3 ms, "
        + "max 33.3 ms", s.describe());
  }

  @Test
  void oneFrameIsNoRate() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FrameStats.of(List.of(5L)));
    assertEquals("frame statistics need at least two frames, got 1", e.getMessage());
  }

  private static List<Long> pulses(int n) {
    List<Long> t = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      t.add(i * PULSE);
    }
    return t;
  }
}
