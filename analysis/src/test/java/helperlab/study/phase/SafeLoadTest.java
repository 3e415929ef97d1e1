package helperlab.study.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SafeLoadTest {
  @Test
  void theBoundaryAndItsIntervalFollowThePerLoadRates() {
    // 20 healthy hours without a tip (surely safe), 20 h with 5 tips (0.25/h: safe, interval 0.08-0.58),
    // 10 h with 6 tips (0.6/h: safe by the estimate, interval 0.22-1.31 not sure), 2 h with 8 tips (surely unsafe)
    SafeLoad s = SafeLoad.ofRates(Map.of(0.1, EventRate.of(0, 20), 0.2, EventRate.of(5, 20), 0.3, EventRate.of(6, 10),
        0.4, EventRate.of(8, 2), 0.5, EventRate.of(0, 50)));
    assertEquals(0.3, s.point());
    assertEquals(0.2, s.lo());
    assertEquals(0.3, s.hi());
  }

  @Test
  void tooFewHealthyHoursMakeNothingSure() {
    SafeLoad s = SafeLoad.ofRates(Map.of(0.1, EventRate.of(0, 3), 0.2, EventRate.of(0, 3)));
    assertEquals(0.2, s.point());
    assertNull(s.lo());
    assertEquals(0.2, s.hi());
  }

  @Test
  void aLowestLoadSurelyUnsafeLeavesNoSafeLoad() {
    SafeLoad s = SafeLoad.ofRates(Map.of(0.1, EventRate.of(10, 1), 0.2, EventRate.of(0, 30)));
    assertNull(s.point());
    assertNull(s.lo());
    assertNull(s.hi());
  }

  @Test
  void aLoadMeetingUnderHalfItsDeadlinesIsNeverSafeWhateverItsTipRate() {
    // split-forecast-budget at 0.9 met 16% and never tipped by the old criterion: "safe to 0.9"
    EventRate none = EventRate.of(0, 20);
    SafeLoad s = SafeLoad.of(Map.of(0.1, new SafeLoad.Load(none, 0.95, 0.93, 0.97),
        0.2, new SafeLoad.Load(none, 0.6, 0.45, 0.75), 0.3, new SafeLoad.Load(none, 0.16, 0.12, 0.2),
        0.4, new SafeLoad.Load(none, 0.9, 0.85, 0.95)));
    assertEquals(0.2, s.point(), "0.3 meets 16%: not safe, nor anything above it");
    assertEquals(0.1, s.lo(), "0.2's met share is not surely over half");
    assertEquals(0.2, s.hi(), "0.3 is surely under half");
  }
}
