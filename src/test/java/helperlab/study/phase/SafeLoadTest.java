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
    SafeLoad s = SafeLoad.of(Map.of(0.1, EventRate.of(0, 20), 0.2, EventRate.of(5, 20), 0.3, EventRate.of(6, 10),
        0.4, EventRate.of(8, 2), 0.5, EventRate.of(0, 50)));
    assertEquals(0.3, s.point());
    assertEquals(0.2, s.lo());
    assertEquals(0.3, s.hi());
  }

  @Test
  void tooFewHealthyHoursMakeNothingSure() {
    SafeLoad s = SafeLoad.of(Map.of(0.1, EventRate.of(0, 3), 0.2, EventRate.of(0, 3)));
    assertEquals(0.2, s.point());
    assertNull(s.lo());
    assertEquals(0.2, s.hi());
  }

  @Test
  void aLowestLoadSurelyUnsafeLeavesNoSafeLoad() {
    SafeLoad s = SafeLoad.of(Map.of(0.1, EventRate.of(10, 1), 0.2, EventRate.of(0, 30)));
    assertNull(s.point());
    assertNull(s.lo());
    assertNull(s.hi());
  }
}
