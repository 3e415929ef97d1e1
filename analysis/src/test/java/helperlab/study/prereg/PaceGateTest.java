package helperlab.study.prereg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The pace gate: the load in effect is the offered load times what the images cost over their price, ±10%. */
class PaceGateTest {
  private static final PaceGate GATE = PaceGate.REGISTERED;

  @Test
  void aRunWhoseImagesCostAThirdMoreRanAtAThirdMoreLoad() {
    assertEquals(0.8, PaceGate.effectiveLoad(0.6, 4.0 / 3), 1e-12);
    assertFalse(GATE.holds(0.6, 4.0 / 3), "M2 seed 2 of the first registration: about 0.8-0.89 for 0.6");
  }

  @Test
  void withinTenPercentEitherWayHoldsAndPastItDoesNot() {
    assertTrue(GATE.holds(0.5, 1.0));
    assertTrue(GATE.holds(0.5, 1.10));
    assertTrue(GATE.holds(0.5, 0.90));
    assertFalse(GATE.holds(0.5, 1.11));
    assertFalse(GATE.holds(0.5, 0.89));
  }

  @Test
  void aToleranceOutsideZeroToOneIsRefused() {
    assertEquals("a pace gate's tolerance must be in (0, 1), got 0.0",
        assertThrows(IllegalArgumentException.class, () -> new PaceGate(0)).getMessage());
  }
}
