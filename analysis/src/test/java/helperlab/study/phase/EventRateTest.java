package helperlab.study.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The exact Poisson interval against its tabled values (Garwood 1936; e.g. 3 events: 0.619 to 8.767). */
class EventRateTest {
  @Test
  void threeEventsInOneHourHaveTheTabledInterval() {
    EventRate r = EventRate.of(3, 1);
    assertEquals(3.0, r.perHour());
    assertEquals(0.619, r.lo(), 0.0005);
    assertEquals(8.767, r.hi(), 0.0005);
  }

  @Test
  void noEventsGiveZeroToThreePointSixNineOverTheExposure() {
    EventRate r = EventRate.of(0, 10);
    assertEquals(0.0, r.perHour());
    assertEquals(0.0, r.lo());
    assertEquals(0.3689, r.hi(), 0.00005);
    assertTrue(Double.isInfinite(r.meanTimeH()));
  }

  @Test
  void theRateScalesWithTheExposure() {
    EventRate r = EventRate.of(3, 4);
    assertEquals(0.75, r.perHour());
    assertEquals(8.767 / 4, r.hi(), 0.0005);
  }
}
