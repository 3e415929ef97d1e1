package helperlab.lab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.measure.CageCalibration;
import helperlab.model.Calibration;
import helperlab.remote.CageClient;
import helperlab.remote.ControlException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code calibrate} through the cage's {@code ctl} (a real child process, as over SSH): a cage that
 * has not been measured says so; the quick ladder streams its progress, leaves the calibration beside
 * the cage's data, and the following exhibit forecasts with it; no calibration during an exhibit.
 */
class CageCalibrateTest {
  @TempDir Path dir;

  @Test
  void refusedDuringAnExhibitAndUncalibratedSaidSo() throws Exception {
    try (TestCage cage = TestCage.start(Files.createDirectory(dir.resolve("cage")));
        CageClient c = new CageClient(cage.localTransport())) {
      JsonNode st = c.status();
      assertFalse(st.path("calibrated").asBoolean(true), "a fresh cage runs on the seed's placeholder: " + st);
      assertFalse(CageStatus.of(st).calibrated());
      c.exhibit("pool-edf-10", "calm", 0, 5);
      ControlException e = assertThrows(ControlException.class, () -> c.calibrate(true, line -> {}));
      assertEquals("an exhibit is running; calibrate when it ends", e.getMessage());
    }
  }

  @Test
  @Tag("heavy") // minutes: it measures the machine
  void quickCalibrationStreamsAndTheNextExhibitUsesIt() throws Exception {
    try (TestCage cage = TestCage.start(Files.createDirectory(dir.resolve("cage")));
        CageClient c = new CageClient(cage.localTransport())) {
      List<String> progress = new ArrayList<>();
      JsonNode done = c.calibrate(true, progress::add);
      assertEquals("done", done.path("type").asText(), done.toString());
      assertTrue(done.path("calibrated").asBoolean(), done.toString());
      assertTrue(progress.stream().anyMatch(l -> l.startsWith("cost curve:")), String.join("\n", progress));
      assertTrue(progress.stream().anyMatch(l -> l.startsWith("contention:")), String.join("\n", progress));
      Path file = CageCalibration.ownFile(cage.data);
      assertTrue(Files.isRegularFile(file), "kept beside the cage's data");
      Calibration measured = Calibration.load(file);
      JsonNode st = c.status();
      assertTrue(st.path("calibrated").asBoolean(), st.toString());
      assertEquals(measured.name(), st.path("calibration").asText());
      JsonNode started = c.exhibit("pool-edf-10", "calm", 0, 5);
      assertEquals(measured.cost().a(), started.path("calibration").path("cost").path("a").asDouble(), 1e-9,
          "the exhibit forecasts with the measured calibration");
    }
  }
}
