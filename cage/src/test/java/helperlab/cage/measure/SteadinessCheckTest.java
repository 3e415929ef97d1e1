package helperlab.cage.measure;

import helperlab.cage.image.SampleLibrary;
import helperlab.model.Calibration;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The steadiness check on this machine: a real worker in the cage, windows of its CPU per image, and the verdict. */
class SteadinessCheckTest {
  @Test
  void aWorkerResizesTheProbeSampleInWindowsAndTheSpreadIsTheSlowestOverTheFastest(@TempDir Path data) throws Exception {
    SampleLibrary.generate(data.resolve("samples"), 2, 0.3, 2, 1); // small, so the test is quick
    StringBuilder text = new StringBuilder();
    // a tolerance no real machine meets: two windows are never equal to the nanosecond
    // measured by helper-lab calibrate on this kind of host
    Calibration measured = Calibration.load(Path.of("lab-runs/amd-2026-12-03-phase-points/calibration/calibration.json"));
    SteadinessCheck.Report r = new SteadinessCheck(data, 1.5, 1L << 30, 3, 1, 1e-9, 2, line -> text.append(line).append('\n'))
        .withPace(new SteadinessCheck.PaceAgainst(measured, 0.2)).run();
    assertTrue(r.windows().size() >= 3, r.windows().toString());
    for (SteadinessCheck.Window w : r.windows()) {
      assertTrue(w.images() > 0 && w.medianCpuMs() > 0, w.toString());
    }
    double fastest = r.windows().stream().mapToDouble(SteadinessCheck.Window::medianCpuMs).min().orElseThrow();
    double slowest = r.windows().stream().mapToDouble(SteadinessCheck.Window::medianCpuMs).max().orElseThrow();
    assertEquals(slowest / fastest - 1, r.spread(), 1e-12);
    assertFalse(r.steady());
    assertTrue(text.toString().contains("NOT steady"), text.toString());
    // then the speed probe, as a run takes it, against the calibration's
    assertTrue(r.pace().probeMs() > 0, r.pace().toString());
    assertEquals(measured.speedProbeMs(), r.pace().calibrationProbeMs());
    assertTrue(text.toString().contains(r.pace().sentence()), text.toString());
  }

  @Test
  void thePaceIsOnlyTakenAgainstACalibrationMeasuredOnACage(@TempDir Path data) {
    var check = new SteadinessCheck(data, 1.5, 1L << 30, 3, 1, 0.1, 2, line -> { });
    var e = assertThrows(IllegalArgumentException.class,
        () -> check.withPace(new SteadinessCheck.PaceAgainst(Calibration.defaults(), 0.2)));
    assertTrue(e.getMessage().contains("not measured on a cage"), e.getMessage());
  }

  @Test
  void theMedianOfAWindowIsItsMiddleImage() {
    assertEquals(new SteadinessCheck.Window(0, 3, 120), SteadinessCheck.window(0, List.of(130.0, 100.0, 120.0)));
    assertEquals(new SteadinessCheck.Window(5, 4, 115), SteadinessCheck.window(5, List.of(130.0, 100.0, 110.0, 120.0)));
  }

  @Test
  void settingsThatCannotGiveTwoWindowsAreRefused(@TempDir Path data) {
    java.util.function.Consumer<String> out = line -> { };
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new SteadinessCheck(data, 1.5, 1L << 30, 10, 0, 0.1, 2, out))
        .getMessage().contains("--window"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new SteadinessCheck(data, 0, 1L << 30, 60, 10, 0.1, 2, out))
        .getMessage().contains("--cpus must be a positive number of cores, got 0.0"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new SteadinessCheck(data, 1.5, 1L << 30, 60, 10, 0.1, 0, out))
        .getMessage().contains("--workers must be between 1 and 8, got 0"));
  }

  @Test
  void imagesFallInTheWindowOfTheirTime() {
    List<SteadinessCheck.Window> w = SteadinessCheck.windows(List.of(new double[] {0.5, 100}, new double[] {1.2, 110},
        new double[] {1.9, 130}, new double[] {3.1, 90}), 1);
    assertEquals(List.of(new SteadinessCheck.Window(0, 1, 100), new SteadinessCheck.Window(1, 2, 120),
        new SteadinessCheck.Window(3, 1, 90)), w, "the empty window from 2 s is left out");
  }
}
