package helperlab.lab.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.measure.CageCalibration;
import helperlab.cage.measure.CalibrationCheck;
import helperlab.cage.measure.CalibrationShelf;
import helperlab.cage.measure.CpuHogs;
import helperlab.cage.measure.HostCheck;
import helperlab.model.Calibration;
import helperlab.protocol.CageStatusReport;
import helperlab.protocol.ctl.CalibrationLine;
import helperlab.protocol.ctl.ExhibitStarted;
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
      CageStatusReport st = c.status();
      assertFalse(st.calibrated(), "a fresh cage runs on the seed's placeholder: " + st);
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
      CalibrationLine.Done done = c.calibrate(true, progress::add);
      assertEquals("done", done.type(), done.toString());
      assertTrue(done.calibrated(), done.toString());
      assertTrue(progress.stream().anyMatch(l -> l.startsWith("cost curve:")), String.join("\n", progress));
      assertTrue(progress.stream().anyMatch(l -> l.startsWith("contention:")), String.join("\n", progress));
      Path file = CageCalibration.ownFile(cage.data);
      assertTrue(Files.isRegularFile(file), "kept beside the cage's data");
      Calibration measured = Calibration.load(file);
      CageStatusReport st = c.status();
      assertTrue(st.calibrated(), st.toString());
      assertEquals(measured.name(), st.calibration());
      ExhibitStarted started = c.exhibit("pool-edf-10", "calm", 0, 5);
      assertEquals(measured.cost().a(), started.calibration().path("cost").path("a").asDouble(), 1e-9,
          "the exhibit forecasts with the measured calibration");
    }
  }

  /** The cage's own calibration as a steady (or doubtful) one, before the cage starts. */
  private static void ownCalibration(Path data, boolean doubtful) throws Exception {
    HostCheck quiet = new HostCheck(3, 0.01, 0.03, List.of(), 0.05, 0, 0.2, 2);
    HostCheck busy = new HostCheck(3, 0.41, 0.52, List.of(), 1.31, 0, 2.9, 2);
    HostCheck before = doubtful ? busy : quiet;
    CalibrationShelf.place(CageCalibration.ownFile(data).getParent(),
        Calibration.load(Path.of("lab-runs/amd-2026-12-01c/calibration/calibration.json")),
        new CalibrationCheck("2026-12-01T10:00:00Z", 1.5, before, quiet, 134, 135,
            before.doubts(1.5).stream().map(d -> "before: " + d).toList()), java.util.Map.of(), true);
  }

  @Test
  void aDoubtfulCalibrationIsSaidSoInTheStatus() throws Exception {
    Path data = Files.createDirectory(dir.resolve("cage"));
    ownCalibration(data, true);
    try (TestCage cage = TestCage.start(data); CageClient c = new CageClient(cage.localTransport())) {
      CageStatusReport st = c.status();
      assertTrue(st.calibrationCheck().doubtful(), st.toString());
      CageStatus s = CageStatus.of(st);
      assertTrue(s.calibrationDoubtful());
      String row = s.rows().stream().filter(r -> r[0].equals("Calibration")).findFirst().orElseThrow()[1];
      assertTrue(row.startsWith("doubtful: before: a thread that only computes waited for a CPU 41% of the time"), row);
    }
  }

  @Test
  @Tag("heavy") // minutes: it measures the machine, beside stress-ng
  void aCalibrationBesideCpuHogsIsDoubtfulAndDoesNotReplaceASteadyOne() throws Exception {
    Path data = Files.createDirectory(dir.resolve("cage"));
    ownCalibration(data, false);
    Path own = CageCalibration.ownFile(data);
    byte[] steady = Files.readAllBytes(own);
    try (TestCage cage = TestCage.start(data); CageClient c = new CageClient(cage.localTransport())) {
      assertFalse(c.status().calibrationCheck().doubtful());
      List<String> progress = new ArrayList<>();
      ControlException refused;
      try (CpuHogs hogs = CpuHogs.start()) {
        refused = assertThrows(ControlException.class, () -> c.calibrate(true, progress::add));
      }
      System.out.println(String.join("\n", progress));
      assertTrue(refused.getMessage().startsWith("kept the steady calibration of 2026-12-01T10:00:00Z: this one is"
          + " doubtful (before: a thread that only computes waited for a CPU"), refused.getMessage());
      assertArrayEquals(steady, Files.readAllBytes(own), "the steady calibration untouched");
      Path doubtfulDir = own.getParent().resolve(CalibrationShelf.DOUBTFUL);
      CalibrationCheck recorded = CalibrationShelf.checkIn(doubtfulDir);
      assertTrue(recorded.hostBefore().waitShare() > HostCheck.WAIT_LIMIT, recorded.toString());
      assertTrue(Files.isRegularFile(doubtfulDir.resolve("calibration.json")), "what was measured is kept");
      CageStatusReport st = c.status();
      assertFalse(st.calibrationCheck().doubtful(), "the cage still runs the steady one");
    }
  }
}
