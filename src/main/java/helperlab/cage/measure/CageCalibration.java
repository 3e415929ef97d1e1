package helperlab.cage.measure;

import helperlab.model.Calibration;

/** A calibration measured on the cage itself (by {@code helper-lab calibrate} or {@code helper-lab cage bench}). */
public final class CageCalibration {
  /** The source of a calibration measured by the bench starts with this. */
  public static final String SOURCE_PREFIX = "helper-lab cage bench";
  /** The source of a calibration measured by {@code helper-lab calibrate} starts with this. */
  public static final String CALIBRATE_PREFIX = "helper-lab calibrate";

  private CageCalibration() {}

  /** Measured by workers like the cage's, so their speed probe compares with the run's. */
  public static boolean measuredHere(Calibration c) {
    String s = c.source();
    return s != null && (s.startsWith(SOURCE_PREFIX) || s.startsWith(CALIBRATE_PREFIX));
  }
}
