package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-sample measured costs and per-preset factors: what an image truly costs against what is forecast. */
class CalibrationTest {
  /** The seed's curve and flat averages with every machine constant 1 and no measured extras. */
  private static CalibrationBuilder ones(String name) {
    Calibration seed = Calibration.seed();
    return Calibration.builder().name(name).cost(seed.cost()).spawnCpuMs(1).warmupCpuMs(1).workerPrivateMb(1)
        .workerSharedMb(1).imageMbPerMp(1).speedProbeMs(1).flatAverageMs(seed.flatAverageMs()).source("t");
  }

  private static Calibration measured() {
    Calibration seed = Calibration.seed();
    return seed.toBuilder().name("measured").source("test").sampleCosts(List.of(new SampleCost(4000, 3000, 300)))
        .presetFactors(Map.of("thumb", 0.25, "archive", 1.2)).build();
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
    Calibration c = ones("cold").workerImageFactors(List.of(1.5, 1.1, 0.9)).build();
    assertEquals(1.5, c.workerImageFactor(0));
    assertEquals(1.1, c.workerImageFactor(1));
    assertEquals(0.9, c.workerImageFactor(2));
    assertEquals(0.9, c.workerImageFactor(50));
    assertEquals(1.0, seed.workerImageFactor(0), "not measured: no factor");
    assertEquals(c, DataFile.parse(DataFile.compact(c), "test", Calibration.class));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, 
        () -> ones("x").workerImageFactors(List.of(1.0, 0.0)).build());
    assertTrue(e.getMessage().contains("worker_image_factors[1]"), e.getMessage());
  }

  @Test
  void aNonPositiveFactorOrCostIsRefusedByName() {
    Calibration seed = Calibration.seed();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, 
        () -> ones("x").presetFactors(Map.of("thumb", -1.0)).build());
    assertTrue(e.getMessage().contains("preset_factors.thumb"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SampleCost(10, 10, 0));
  }

  @Test
  void aSampleMeasuredWithAPresetCostsItsOwnRatioNotThePresetsAverage() {
    Calibration seed = Calibration.seed();
    // a small photo's thumbnail costs about what its web size does; a large one's a fifth
    SampleCost small = new SampleCost(800, 600, 12, Map.of("thumb", 1.4));
    SampleCost large = new SampleCost(8000, 6000, 600, Map.of("thumb", 0.2, "archive", 2.7));
    Calibration c = ones("per-sample").speedProbeMs(100).sampleCosts(List.of(small, large))
        .presetFactors(Map.of("thumb", 0.29, "archive", 1.29)).build();
    assertEquals(0.012 * 1.4, c.trueSeconds(new ImageSpec(800, 600), "thumb"), 1e-12);
    assertEquals(0.600 * 0.2, c.trueSeconds(new ImageSpec(8000, 6000), "thumb"), 1e-12);
    assertEquals(0.012 * 1.29, c.trueSeconds(new ImageSpec(800, 600), "archive"), 1e-12, "not measured: the preset's");
    assertEquals(0.29 * c.cost().seconds(0.48), c.forecastSeconds(0.48, "thumb"), 1e-12, "forecasts keep the preset's");
    Calibration back = DataFile.parse(DataFile.compact(c), "test", Calibration.class);
    assertEquals(c, back);
    assertTrue(DataFile.compact(c).contains("\"preset_factors\":{\"archive\":2.7,\"thumb\":0.2}"), DataFile.compact(c));
    assertTrue(!DataFile.compact(measured()).contains("\"ms\":300.0,\"preset_factors\""), "web-only samples write none");
    Calibration slow = c.scaledBy(2, "x2");
    assertEquals(2 * 0.600 * 2.7, slow.trueSeconds(new ImageSpec(8000, 6000), "archive"), 1e-12, "the ratio holds on a slower day");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new SampleCost(800, 600, 12, Map.of("thumb", -1.0)));
    assertTrue(e.getMessage().contains("sample 800x600 preset_factors.thumb"), e.getMessage());
  }
}
