package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The host's pace against its calibration, and what a recording now would offer. */
class HostPaceTest {
  @Test
  void aHostSlowerThanItsCalibrationBeyondTheToleranceIsOffPaceAndSaysByHowMuch() {
    // the set's calibration probe and the probe of 2026-12-03 10:06 on this host
    HostPace p = new HostPace(138.2, 104.0, 0.20);
    assertEquals(1.329, p.pace(), 1e-3);
    assertFalse(p.onPace());
    assertTrue(p.sentence().contains("pace ×1.33: OFF PACE (tolerance 20%)"), p.sentence());
    assertTrue(p.sentence().contains("loads offered now are 33% above the ones stated"), p.sentence());
  }

  @Test
  void withinTheToleranceEitherWayTheLoadsAreTheOnesStated() {
    assertTrue(new HostPace(118.0, 104.0, 0.20).onPace());
    assertTrue(new HostPace(90.0, 104.0, 0.20).onPace());
    assertFalse(new HostPace(80.0, 104.0, 0.20).onPace());
    assertTrue(new HostPace(80.0, 104.0, 0.20).sentence().contains("23% below the ones stated"));
    assertTrue(new HostPace(118.0, 104.0, 0.20).sentence().endsWith("(within 20%): loads offered now are the ones stated"));
  }

  @Test
  void aToleranceOrProbeThatIsNotPositiveIsRefusedInPlainWords() {
    var e = assertThrows(IllegalArgumentException.class, () -> new HostPace(100, 104, 0));
    assertEquals("--pace-tolerance must be a positive fraction, got 0.0", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new HostPace(0, 104, 0.2));
  }
}
