package helperlab.study.prereg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The host model and the default basis side by side, labelled, each predicting on its own calibration: the same
 * point falls on opposite sides of the boundary on the 12-03 host (a helper's start worth 5.2 images) and on the
 * default basis (13.5), which is what issue 48 found the first registration missed.
 */
class HostModelTest {
  static final Path HOST_12_03 = Path.of("lab-runs/amd-2026-12-03-phase-points/calibration/calibration.json");

  static HostModel models() {
    return HostModel.of(Calibration.load(HOST_12_03), "12-03 host", 900, 20);
  }

  @Test
  void theHostsPredictionAndTheBasissAreLabelledAndComeFromTheirOwnCalibrations() {
    HostModel.SideBySide box = models().predict(new OperatingPoint("box", "calm", 0.2));
    assertEquals("host (12-03 host)", box.host().model());
    assertEquals("default basis", box.basis().model());
    assertEquals(20, box.host().seeds().size());
    // the host stands where the basis collapses: 20 seeds each, measured 0 and 19 when written
    assertTrue(box.host().pCollapse() <= 0.2, "host: " + box.host().collapsed() + " of 20");
    assertTrue(box.basis().pCollapse() >= 0.8, "basis: " + box.basis().collapsed() + " of 20");
  }

  @Test
  void clearCasesBothWaysOnTheHostModel() {
    HostModel m = models();
    assertEquals(0, m.predictHost(new OperatingPoint("pool-edf-10", "calm", 0.9)).collapsed(),
        "a pool at 0.9 never collapses");
    assertEquals(20, m.predictHost(new OperatingPoint("box", "calm", 0.9)).collapsed(), "the box at 0.9 always does");
  }

  @Test
  void aModelWrongByTwiceTheStartPriceHasAHelperStartTwiceAsDear() {
    Model host = models().host();
    assertEquals(5.24, host.helperStartImages("calm"), 0.01, "docs/tipping.md's table: the 12-03 host");
    assertEquals(2 * host.helperStartImages("calm"), host.withStartPriceTimes(2, "x2").helperStartImages("calm"),
        1e-9);
    assertEquals(0.5 * host.helperStartImages("calm"), host.withStartPriceTimes(0.5, "x½").helperStartImages("calm"),
        1e-9);
  }

  @Test
  void fewerThanTwentySeedsAreRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> HostModel.of(Calibration.defaults(), "x", 900, 10));
    assertEquals("a point's probability needs at least 20 simulated seeds, got 10", e.getMessage());
  }
}
