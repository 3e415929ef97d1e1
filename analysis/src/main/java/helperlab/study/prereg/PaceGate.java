package helperlab.study.prereg;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * Whether a recording ran at its registered load, judged from what its images cost as they ran (the cage records
 * each image's CPU; {@code runs.ImagePace}: the run's images' CPU over what its calibration prices them at). The cage
 * offers a load as a share of its calibration's capacity; on a host whose images cost ×1.3 what the calibration
 * says, the load in effect is 1.3 times the one offered. A run whose effective load leaves ±{@code tolerance} of the
 * registered load is excluded and counted. A speed probe taken once before the run is not read: on the first
 * registration's host it said ×0.98–1.26 while the runs' images cost ×1.13–1.48 (issue 48).
 */
public record PaceGate(@JsonProperty("tolerance") double tolerance) {
  /** ±10% of the registered load (issue 48). */
  public static final PaceGate REGISTERED = new PaceGate(0.10);

  public PaceGate {
    if (!(tolerance > 0 && tolerance < 1)) {
      throw new IllegalArgumentException("a pace gate's tolerance must be in (0, 1), got " + tolerance);
    }
  }

  /** The load a run offered at {@code load} carried in effect when its images cost {@code imagePace} times their price. */
  public static double effectiveLoad(double load, double imagePace) {
    return load * imagePace;
  }

  /** Whether the effective load is within the tolerance of {@code load}. */
  public boolean holds(double load, double imagePace) {
    return Math.abs(effectiveLoad(load, imagePace) / load - 1) <= tolerance + 1e-12;
  }

  public String words() {
    return String.format(Locale.ROOT, "off pace: the run's effective load (the registered load times what its images "
        + "cost as they ran over what the calibration prices them at) leaves ±%.0f%% of the registered load, or is "
        + "not known (no batch finished whole)", 100 * tolerance);
  }
}
