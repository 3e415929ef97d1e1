package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-sample measured costs and per-preset factors: what an image truly costs against what is forecast. */
class CalibrationTest {
  private static Calibration measured() {
    Calibration seed = Calibration.seed();
    return new Calibration("measured", seed.cost(), seed.contention(), seed.spawnCpuMs(), seed.warmupCpuMs(),
        seed.workerPrivateMb(), seed.workerSharedMb(), seed.imageMbPerMp(), seed.speedProbeMs(), seed.flatAverageMs(),
        "test", List.of(new SampleCost(4000, 3000, 300)), Map.of("thumb", 0.25, "archive", 1.2));
  }

  @Test
  void aKnownSampleCostsWhatWasMeasuredAndOthersWhatTheCurveSays() {
    Calibration c = measured();
    assertEquals(0.300, c.trueSeconds(new ImageSpec(4000, 3000), "web"), 1e-12);
    assertEquals(c.cost().seconds(12.0), c.trueSeconds(new ImageSpec(3000, 4000), "web"), 1e-12, "portrait is another image");
    assertEquals(c.cost().seconds(12.0), c.forecastSeconds(12.0, "web"), 1e-12, "the forecast is the curve's");
  }

  @Test
  void presetsScaleBothTheForecastAndTheTrueCost() {
    Calibration c = measured();
    assertEquals(0.075, c.trueSeconds(new ImageSpec(4000, 3000), "thumb"), 1e-12);
    assertEquals(1.2 * c.cost().seconds(5), c.forecastSeconds(5, "archive"), 1e-12);
    assertEquals(1.0, c.presetFactor("web"));
  }

  @Test
  void aCalibrationWithoutThemPricesEveryImageByTheCurve() {
    Calibration seed = Calibration.seed();
    assertTrue(seed.sampleCosts().isEmpty());
    assertEquals(seed.cost().seconds(12.0), seed.trueSeconds(new ImageSpec(4000, 3000), "thumb"), 1e-12);
  }

  @Test
  void theyRoundTripThroughJsonAndScaleWithTheProbe() {
    Calibration c = measured();
    Calibration back = DataFile.parse(DataFile.compact(c), "test", Calibration.class);
    assertEquals(c, back);
    Calibration slow = c.scaledBy(2, "x2");
    assertEquals(0.600, slow.trueSeconds(new ImageSpec(4000, 3000), "web"), 1e-12);
    assertEquals(0.25, slow.presetFactor("thumb"));
  }

  @Test
  void aFreshWorkersFirstImagesHaveTheirOwnFactorsAndTheLastHoldsAfter() {
    Calibration seed = Calibration.seed();
    Calibration c = new Calibration("cold", seed.cost(), 0, 1, 1, 1, 1, 1, 1, seed.flatAverageMs(), "t", List.of(),
        Map.of(), List.of(1.5, 1.1, 0.9));
    assertEquals(1.5, c.workerImageFactor(0));
    assertEquals(1.1, c.workerImageFactor(1));
    assertEquals(0.9, c.workerImageFactor(2));
    assertEquals(0.9, c.workerImageFactor(50));
    assertEquals(1.0, seed.workerImageFactor(0), "not measured: no factor");
    assertEquals(c, DataFile.parse(DataFile.compact(c), "test", Calibration.class));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Calibration("x", seed.cost(), 0,
        1, 1, 1, 1, 1, 1, seed.flatAverageMs(), "t", List.of(), Map.of(), List.of(1.0, 0.0)));
    assertTrue(e.getMessage().contains("worker_image_factors[1]"), e.getMessage());
  }

  @Test
  void aNonPositiveFactorOrCostIsRefusedByName() {
    Calibration seed = Calibration.seed();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Calibration("x", seed.cost(), 0,
        1, 1, 1, 1, 1, 1, seed.flatAverageMs(), "t", List.of(), Map.of("thumb", -1.0)));
    assertTrue(e.getMessage().contains("preset_factors.thumb"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SampleCost(10, 10, 0));
  }
}
