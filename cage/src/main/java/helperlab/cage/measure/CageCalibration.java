package helperlab.cage.measure;

import helperlab.protocol.CageStatusReport;

import helperlab.model.Calibration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A calibration measured on the cage itself (by {@code helper-lab calibrate} or {@code helper-lab cage bench}). */
public final class CageCalibration {
  /** The source of a calibration measured by the bench starts with this. */
  public static final String SOURCE_PREFIX = Calibration.CAGE_BENCH_SOURCE;
  /** The source of a calibration measured by {@code helper-lab calibrate} starts with this. */
  public static final String CALIBRATE_PREFIX = Calibration.CALIBRATE_SOURCE;

  private CageCalibration() {}

  /** Where a cage keeps the calibration measured on it ({@code ctl calibrate}); loaded at start when there. */
  public static Path ownFile(Path dataDir) {
    return dataDir.resolve("calibration").resolve("calibration.json");
  }

  /** The cage's calibration: the configured file, else the one measured on it, else the seed's placeholder. */
  public static Calibration forCage(String configured, Path dataDir) {
    if (configured != null) {
      return Calibration.load(Path.of(configured));
    }
    Path own = ownFile(dataDir);
    return Files.isRegularFile(own) ? Calibration.load(own) : Calibration.seed();
  }

  /**
   * What the cage says of its calibration's check: {@code checked} (a check is kept beside it),
   * {@code doubtful} and {@code doubts} (why), {@code at}. Only the cage's own calibration has one; a
   * configured file or the seed's placeholder is unchecked.
   */
  public static CageStatusReport.CalibrationCheck check(String configured, Path dataDir, Calibration inUse) {
    CalibrationCheck check = configured == null && measuredHere(inUse)
        ? CalibrationShelf.checkIn(ownFile(dataDir).getParent()) : null;
    return new CageStatusReport.CalibrationCheck(check != null, check != null && check.doubtful(),
        check == null ? List.of() : check.doubts(), check == null ? null : check.at());
  }


  /** Measured by workers like the cage's, so their speed probe compares with the run's. */
  public static boolean measuredHere(Calibration c) {
    return c.measuredOnACage();
  }
}
