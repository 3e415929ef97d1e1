package helperlab.cage.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A doubtful calibration does not replace a steady one unless forced; nothing measured is lost. */
class CalibrationShelfTest {
  @TempDir Path dir;

  private static final Calibration OLD = Calibration.load(Path.of("lab-runs/amd-2026-12-01c/calibration/calibration.json"));
  private static final Calibration NEW = Calibration.load(Path.of("lab-runs/held-out/calibration/calibration.json"));
  private static final CalibrationCheck STEADY = new CalibrationCheck("old", 1.5, CalibrationCheckTest.QUIET,
      CalibrationCheckTest.QUIET, 134, 135, List.of());
  private static final CalibrationCheck DOUBTFUL = new CalibrationCheck("new", 1.5, CalibrationCheckTest.BUSY,
      CalibrationCheckTest.QUIET, 134, 135, CalibrationCheckTest.BUSY.doubts(1.5).stream().map(d -> "before: " + d)
      .toList());

  @Test
  void aDoubtfulOneGoesBesideASteadyOneWithoutForce() throws Exception {
    assertTrue(CalibrationShelf.place(dir, OLD, STEADY, Map.of("r", 1), false).replaced());
    byte[] before = Files.readAllBytes(dir.resolve("calibration.json"));
    CalibrationShelf.Placed p = CalibrationShelf.place(dir, NEW, DOUBTFUL, Map.of("r", 2), false);
    assertFalse(p.replaced());
    assertEquals(dir.resolve(CalibrationShelf.DOUBTFUL), p.dir());
    assertTrue(p.message().startsWith("kept the steady calibration of old: this one is doubtful (before: a thread that"
        + " only computes waited for a CPU 41% of the time"), p.message());
    assertArrayEquals(before, Files.readAllBytes(dir.resolve("calibration.json")), "the steady one untouched");
    assertEquals(STEADY, CalibrationShelf.checkIn(dir));
    assertEquals(NEW.name(), Calibration.load(p.dir().resolve("calibration.json")).name(), "the doubtful one kept");
    assertEquals(DOUBTFUL, CalibrationShelf.checkIn(p.dir()));
  }

  @Test
  void forceOrNoSteadyOneToProtectPutsItInPlace() throws Exception {
    CalibrationShelf.place(dir, OLD, STEADY, Map.of(), false);
    CalibrationShelf.Placed forced = CalibrationShelf.place(dir, NEW, DOUBTFUL, Map.of(), true);
    assertTrue(forced.replaced());
    assertTrue(forced.message().startsWith("doubtful calibration in place"), forced.message());
    assertEquals(NEW.name(), Calibration.load(dir.resolve("calibration.json")).name());
    // the doubtful one in place now protects nothing: another doubtful one replaces it
    assertTrue(CalibrationShelf.place(dir, OLD, DOUBTFUL, Map.of(), false).replaced());
  }

  @Test
  void aCalibrationWithoutACheckIsNotKnownToBeGood() throws Exception {
    DataFile.write(dir.resolve("calibration.json"), OLD);
    assertFalse(CalibrationShelf.holdsAGoodOne(dir));
    assertTrue(CalibrationShelf.place(dir, NEW, DOUBTFUL, Map.of(), false).replaced());
  }
}
