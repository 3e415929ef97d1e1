package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The seed's cost curve and the calibration that ships with the lab. */
class CostCurveTest {
  @Test
  void theSeedCurveIsFlatBelowAboutAMegapixelFifthAndAtTheHeavyEnd() {
    CostCurve c = Calibration.seed().cost();
    assertEquals(81, c.millis(0.1), 1e-9);
    assertEquals(152, c.millis(1.0), 1e-9);
    assertEquals(152 * Math.pow(12, 0.4), c.millis(12), 1e-9);
    assertEquals(520, c.millis(40), 1e-9);
    assertEquals(520, c.millis(70), 1e-9);
  }

  @Test
  void scalingByASpeedProbeScalesCostsNotShape() {
    Calibration slow = Calibration.seed().scaledBy(1.27, "probe 2026-10-05");
    assertEquals(1.27 * 152, slow.cost().millis(1.0), 1e-9);
    assertEquals(1.27 * 520, slow.cost().millis(70), 1e-9);
    assertEquals(Calibration.seed().cost().b(), slow.cost().b());
  }

  @Test
  void contentionMakesMoreWorkersSlowerPastTheQuota() {
    Contention k = new Contention(0.05);
    assertEquals(1.0, k.throughputCores(1, 1.5), 1e-9);
    assertEquals(1.5, k.throughputCores(2, 1.5) / k.efficiency(2, 1.5), 1e-9);
    assertEquals(true, k.throughputCores(8, 1.5) < k.throughputCores(2, 1.5));
  }
}
