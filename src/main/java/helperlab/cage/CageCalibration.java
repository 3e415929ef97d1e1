package helperlab.cage;

/** A calibration measured on the cage itself (by {@code helper-lab cage bench}). */
public final class CageCalibration {
  /** The source of a calibration measured by the bench starts with this; its speed probe is the workers' own. */
  public static final String SOURCE_PREFIX = "helper-lab cage bench";

  private CageCalibration() {}
}
