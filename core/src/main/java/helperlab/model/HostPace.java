package helperlab.model;

import java.util.Locale;

/**
 * This host's speed now against the calibration the cage prices work with: the speed probe taken now over the
 * calibration's. A cage offers a load as a share of what its calibration says it can do, so on a host running ×1.3
 * its calibration's probe every image costs 30% more than priced and the load offered is 30% above the one stated.
 * Off pace (beyond the tolerance either way), runs recorded now do not test the stated loads.
 */
public record HostPace(double probeMs, double calibrationProbeMs, double tolerance) {
  /**
   * How far from ×1 a recording's pace may be: wider than the 10% a host's steadiness is held to, since the day's
   * speed and the calibration's drift apart over hours (the registered points' kept recordings ran ×0.97–×1.18).
   */
  public static final double DEFAULT_TOLERANCE = 0.20;

  public HostPace {
    if (!(probeMs > 0) || !(calibrationProbeMs > 0)) {
      throw new IllegalArgumentException("a speed probe must be a positive number of milliseconds, got " + probeMs
          + " against " + calibrationProbeMs);
    }
    checkTolerance(tolerance);
  }

  /** Refuses a tolerance that is not a positive fraction, naming the option. */
  public static void checkTolerance(double tolerance) {
    if (!(tolerance > 0)) {
      throw new IllegalArgumentException("--pace-tolerance must be a positive fraction, got " + tolerance);
    }
  }

  /** The probe now over the calibration's: 1.3 when an image costs 1.3 times what the calibration prices it at. */
  public double pace() {
    return probeMs / calibrationProbeMs;
  }

  public boolean onPace() {
    return within(pace(), tolerance);
  }

  /** Whether a pace (probe over the calibration's) is within {@code tolerance} of ×1, either way. */
  public static boolean within(double pace, double tolerance) {
    return Math.abs(pace - 1) <= tolerance;
  }

  /** One line for a person: the two probes, the pace, and what it means for a recording now. */
  public String sentence() {
    String head = String.format(Locale.ROOT, "speed probe %.1f ms, the calibration's %.1f ms: pace ×%.2f", probeMs,
        calibrationProbeMs, pace());
    long pct = Math.round(100 * Math.abs(pace() - 1));
    long tol = Math.round(100 * tolerance);
    return onPace()
        ? head + " (within " + tol + "%): loads offered now are the ones stated"
        : head + ": OFF PACE (tolerance " + tol + "%): every image costs " + pct + "% " + (pace() > 1 ? "more" : "less")
            + " than the calibration prices it, so loads offered now are " + pct + "% " + (pace() > 1 ? "above" : "below")
            + " the ones stated; recalibrate (helper-lab calibrate) or record later";
  }
}
