package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The breakeven counts a cost as level only where the data show it: a close but noisy mean is not level. */
class SpawnCostBreakevenTest {
  private static SpawnCostCurves.Point at(double costS, double mean, double lo, double hi) {
    return new SpawnCostCurves.Point(costS, new Interval(mean, lo, hi, 20));
  }

  @Test
  void aNoisyMeanWithinTheMarginIsNotLevel() {
    SpawnCostCurves.Curve c = new SpawnCostCurves.Curve("cage", "calm", "box", List.of(
        at(0.005, 0.5, -1.0, 2.0), at(0.5, -1.0, -8.0, 6.0), at(3.0, 1.0, -0.5, 2.5)));
    assertEquals(0.005, c.breakevenS(), 1e-12, "the mean at 0.5 s is within 5 points, its interval is not");
    assertFalse(c.levelThroughout());
  }

  @Test
  void aCurveShownLevelOrAheadEverywhereIsLevelThroughout() {
    SpawnCostCurves.Curve c = new SpawnCostCurves.Curve("cage", "calm", "box", List.of(
        at(0.005, 3.0, 1.0, 5.0), at(0.5, -2.0, -4.5, 0.5), at(3.0, 10.0, 8.0, 12.0)));
    assertTrue(c.levelThroughout());
    assertEquals(3.0, c.breakevenS(), 1e-12);
  }

  @Test
  void behindAtTheFirstCostIsNeverLevel() {
    SpawnCostCurves.Curve c = new SpawnCostCurves.Curve("cage", "calm", "box", List.of(
        at(0.005, -6.0, -7.0, -5.0), at(0.5, 0.0, -1.0, 1.0)));
    assertTrue(Double.isNaN(c.breakevenS()));
  }
}
