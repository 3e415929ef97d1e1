package helperlab.model;

/**
 * How a machine slows down past its CPU quota: with n runnable processes on q cores, total useful
 * throughput is min(n, q) / (1 + kappa · max(0, m − q)) cores, m = min(n, measuredTo). The penalty
 * stops growing at the most processes the calibration ran: past that the line is an extrapolation,
 * and the real runs say it overshoots (a box run's images cost 10–18% more CPU with 13–32 processes
 * than with 2, where the line says 1.5 to 6 times; lab-runs/README.md). The simulator runs this curve
 * and the cage's admission counts it, once.
 */
public record Contention(double kappa, double measuredTo) {
  public Contention {
    Check.nonNegative("contention", kappa);
    if (!(measuredTo > 0)) {
      throw new IllegalArgumentException("contention_measured_to must be a positive number of processes, got "
          + measuredTo);
    }
  }

  /** A penalty that grows without bound (no measured range). */
  public Contention(double kappa) {
    this(kappa, Double.POSITIVE_INFINITY);
  }

  /** Useful work per CPU second with {@code runnable} processes on {@code quota} cores. */
  public double efficiency(double runnable, double quota) {
    double n = Math.min(runnable, measuredTo);
    return n <= quota ? 1 : 1 / (1 + kappa * (n - quota));
  }

  /** Cores of useful work {@code workers} busy workers deliver on {@code quota} cores. */
  public double throughputCores(int workers, double quota) {
    return Math.min(workers, quota) * efficiency(workers, quota);
  }
}
