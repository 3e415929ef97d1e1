package helperlab.study.prereg;

import helperlab.model.Calibration;

/**
 * The model under test and its reference, side by side: the recording host's calibration (the model of the machine
 * the recordings are made on) and the default basis (the published maps' model), both labelled, predicting the same
 * seeds of the same points with the same criterion. The host's is the one the verdict scores first; the default
 * basis's score says how far the published maps sit from a real machine.
 */
public record HostModel(Model host, Model basis, double exhibitS, int seeds) {
  /** At least this many simulated seeds per point (issue 48). */
  public static final int MIN_SEEDS = 20;

  public HostModel {
    if (seeds < MIN_SEEDS) {
      throw new IllegalArgumentException("a point's probability needs at least " + MIN_SEEDS
          + " simulated seeds, got " + seeds);
    }
    if (!(exhibitS > 0)) {
      throw new IllegalArgumentException("the exhibit must last > 0 s, got " + exhibitS);
    }
  }

  /** The host's calibration (from {@code source}, e.g. its file) beside the default basis. */
  public static HostModel of(Calibration hostCalibration, String source, double exhibitS, int seeds) {
    return new HostModel(Model.of("host (" + source + ")", hostCalibration),
        Model.of("default basis", Calibration.defaults()), exhibitS, seeds);
  }

  /** Both models' predictions of {@code point}. */
  public SideBySide predict(OperatingPoint point) {
    return new SideBySide(host.predict(point, exhibitS, seeds), basis.predict(point, exhibitS, seeds));
  }

  /** The host model's alone (what points are chosen by). */
  public Prediction predictHost(OperatingPoint point) {
    return host.predict(point, exhibitS, seeds);
  }

  /** The two predictions of one point, host first. */
  public record SideBySide(Prediction host, Prediction basis) {}
}
