package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Level only when the data put the difference inside the margin; a noisy non-difference is not level. */
class EquivalenceTest {
  @Test
  void aTightPairNearZeroIsLevel() {
    Equivalence e = Equivalence.of(new double[] {0.3, -0.2, 0.1, 0.4, -0.1, 0.0, 0.2, -0.3, 0.1, 0.2}, 2);
    assertTrue(e.equivalent(), e.words());
    assertTrue(e.lo90() > -2 && e.hi90() < 2);
    assertTrue(e.words().contains("within ±2: level"), e.words());
  }

  @Test
  void aClearDifferenceIsDifferent() {
    Equivalence e = Equivalence.of(new double[] {-9.5, -10.2, -11.0, -8.7, -10.4, -9.9, -10.8, -9.1}, 2);
    assertEquals(Equivalence.Outcome.DIFFERENT, e.outcome(), e.words());
    assertFalse(e.equivalent());
  }

  @Test
  void aNoisyNonSignificantDifferenceIsNotCalledLevel() {
    // mean 0.5, far from significant, but the interval reaches well past ±2
    double[] d = {6, -5, 4, -7, 8, -3, 2, -6, 9, -3};
    Equivalence e = Equivalence.of(d, 2);
    Interval i = Interval.of(d);
    assertFalse(i.excludesZero(), "no significant difference");
    assertEquals(Equivalence.Outcome.INCONCLUSIVE, e.outcome(), e.words());
    assertTrue(e.words().endsWith("not within ±2: inconclusive"), e.words());
  }

  @Test
  void aSmallRealDifferenceInsideTheMarginIsLevel() {
    Equivalence e = Equivalence.of(new double[] {0.5, 0.6, 0.4, 0.5, 0.55, 0.45, 0.5, 0.6}, 2);
    assertTrue(e.lo95() > 0, "significant");
    assertTrue(e.equivalent(), "but well inside the margin: " + e.words());
  }

  @Test
  void theNinetyPercentIntervalIsTheOneJudged() {
    // TOST at 5% a side: a margin between the 90% and the 95% interval's upper end is level
    double[] d = {1.0, 2.0, 1.2, 1.8, 1.5, 1.3, 1.7, 1.5, 1.1, 1.9, 1.4, 1.6};
    Equivalence wide = Equivalence.of(d, 10);
    double margin = (wide.hi90() + wide.hi95()) / 2;
    assertTrue(Equivalence.of(d, margin).equivalent(), Equivalence.of(d, margin).words());
    assertFalse(Equivalence.of(d, wide.hi90() - 1e-6).equivalent());
  }

  @Test
  void badInputIsNamed() {
    assertThrows(IllegalArgumentException.class, () -> Equivalence.of(new double[] {1, 2}, 0));
    IllegalArgumentException one = assertThrows(IllegalArgumentException.class, () -> Equivalence.of(new double[] {1}, 2));
    assertTrue(one.getMessage().contains("at least 2"), one.getMessage());
  }
}
