package helperlab.cage;

import helperlab.model.Calibration;
import java.nio.file.Files;
import java.nio.file.Path;

/** A calibration measured on the cage itself (by {@code helper-lab calibrate} or {@code helper-lab cage bench}). */
public final class CageCalibration {
  /** The source of a calibration measured by the bench starts with this. */
  public static final String SOURCE_PREFIX = "helper-lab cage bench";
  /** The source of a calibration measured by {@code helper-lab calibrate} starts with this. */
  public static final String CALIBRATE_PREFIX = "helper-lab calibrate";

  private CageCalibration() {}

  /** Where a cage keeps the calibration measured on it ({@code ctl calibrate}); loaded at start when there. */
  public static Path ownFile(Path dataDir) {
    return dataDir.resolve("calibration").resolve("calibration.json");
  }

  /** The cage's calibration: the configured file, else the one measured on it, else the seed's placeholder. */
  public static Calibration forCage(CageConfig config) {
    if (config.calibration() != null) {
      return Calibration.load(Path.of(config.calibration()));
    }
    Path own = ownFile(config.dataDir());
    return Files.isRegularFile(own) ? Calibration.load(own) : Calibration.seed();
  }

  /** Measured by workers like the cage's, so their speed probe compares with the run's. */
  public static boolean measuredHere(Calibration c) {
    String s = c.source();
    return s != null && (s.startsWith(SOURCE_PREFIX) || s.startsWith(CALIBRATE_PREFIX));
  }
}
