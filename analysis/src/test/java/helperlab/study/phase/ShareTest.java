package helperlab.study.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Wilson score intervals against values worked by hand (and R's binom::binom.wilson). */
class ShareTest {
  @Test
  void noneOfFiveIsBelowFortyThreePercentNotZero() {
    Share s = Share.of(0, 5);
    assertEquals(0, s.share());
    assertEquals(0, s.lo());
    assertEquals(0.4345, s.hi(), 1e-4);
  }

  @Test
  void allOfFiveIsAboveFiftySixPercent() {
    Share s = Share.of(5, 5);
    assertEquals(1, s.hi());
    assertEquals(0.5655, s.lo(), 1e-4);
    assertTrue(s.decides(0.5));
  }

  @Test
  void threeOfTen() {
    Share s = Share.of(3, 10);
    assertEquals(0.3, s.share());
    assertEquals(0.1078, s.lo(), 1e-4);
    assertEquals(0.6032, s.hi(), 1e-4);
    assertFalse(s.decides(0.5), "3 of 10 does not say which side of one half the cell is on");
  }

  @Test
  void noRunsIsNoShare() {
    assertTrue(Double.isNaN(Share.of(0, 0).share()));
    assertFalse(Share.of(0, 0).decides(0.5));
  }

  @Test
  void moreThanAllIsAnError() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Share.of(4, 3));
    assertTrue(e.getMessage().contains("4 of 3"), e.getMessage());
  }
}
