package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The contention penalty grows as the calibration measured it, and no further than its ladder went. */
class ContentionTest {
  @Test
  void withinTheMeasuredRangeTheCurveIsTheLine() {
    Contention capped = new Contention(0.16, 4);
    Contention line = new Contention(0.16);
    assertEquals(1.0, capped.efficiency(1.5, 1.5), 1e-12);
    assertEquals(line.efficiency(3, 1.5), capped.efficiency(3, 1.5), 1e-12);
    assertEquals(1 / (1 + 0.16 * 2.5), capped.efficiency(4, 1.5), 1e-12);
  }

  @Test
  void pastTheLadderThePenaltyHoldsWhereTheLineWouldKeepGrowing() {
    Contention capped = new Contention(0.16, 4);
    Contention line = new Contention(0.16);
    assertEquals(capped.efficiency(4, 1.5), capped.efficiency(32, 1.5), 1e-12);
    assertTrue(line.efficiency(32, 1.5) < capped.efficiency(32, 1.5) / 3, "the line: " + line.efficiency(32, 1.5));
    assertThrows(IllegalArgumentException.class, () -> new Contention(0.1, 0));
  }

  @Test
  void aCalibrationCarriesItsLadderTopAndOldOnesHaveNone() {
    Calibration seed = Calibration.seed();
    assertEquals(Double.POSITIVE_INFINITY, seed.contentionModel().measuredTo());
    CalibrationBuilder measuredTo = Calibration.builder().name("c").cost(seed.cost()).contention(0.16).spawnCpuMs(1)
        .warmupCpuMs(1).workerPrivateMb(100).workerSharedMb(20).imageMbPerMp(8).speedProbeMs(1)
        .flatAverageMs(seed.flatAverageMs()).source("t");
    Calibration c = measuredTo.contentionMeasuredTo(4.0).build();
    assertEquals(new Contention(0.16, 4), c.contentionModel());
    assertEquals(c, DataFile.parse(DataFile.compact(c), "test", Calibration.class));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, 
        () -> measuredTo.contentionMeasuredTo(-1.0).build());
    assertTrue(e.getMessage().contains("contention_measured_to"), e.getMessage());
  }
}
