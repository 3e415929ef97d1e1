package helperlab.study.phase.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.workload.HelperPrice;
import helperlab.workload.ScenarioSpec;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The known machines on the price axis are where their calibration files put them (calm mix, the cage). */
class PriceMapTest {
  private static double images(Calibration c) {
    return HelperPrice.startImages(MachineSpec.builtIn("cage"), c, ScenarioSpec.builtIn("calm"), PresetCatalog.defaults());
  }

  @Test
  void theMeasuredMachinesSitWhereTheirCalibrationsSay() {
    Map<String, Calibration> files = Map.of(
        "12-03 host", Calibration.load(Path.of("lab-runs/amd-2026-12-03-phase-points/calibration/calibration.json")),
        "AMD cage", Calibration.load(Path.of("lab-runs/amd-2026-12-01c/calibration/calibration.json")),
        "default basis", Calibration.defaults(), "the seed's file", Calibration.seed());
    for (PriceMap.Marker m : PriceMap.KNOWN) {
      Calibration c = files.get(m.name());
      if (c != null) {
        assertEquals(m.images(), images(c), 0.01, m.name());
      }
    }
    assertEquals(7.04, images(Calibration.measured()), 0.01, "the measured basis is the AMD cage's");
  }

  @Test
  void pricesReadAsTwoFigures() {
    assertEquals("0.2", PriceMap.priceLabel(0.2));
    assertEquals("5.2", PriceMap.priceLabel(5.24));
    assertEquals("13.5", PriceMap.priceLabel(13.49));
    assertEquals("1", PriceMap.priceLabel(1.0));
  }
}
