package helperlab.model;

/**
 * How a machine slows down past its CPU quota: with n runnable processes on q cores, total useful
 * throughput is min(n, q) / (1 + kappa · max(0, n − q)) cores. The simulator runs this curve and the
 * cage's admission counts it, once.
 */
public record Contention(double kappa) {
  public Contention {
    Check.nonNegative("contention", kappa);
  }

  /** Useful work per CPU second with {@code runnable} processes on {@code quota} cores. */
  public double efficiency(double runnable, double quota) {
    return runnable <= quota ? 1 : 1 / (1 + kappa * (runnable - quota));
  }

  /** Cores of useful work {@code workers} busy workers deliver on {@code quota} cores. */
  public double throughputCores(int workers, double quota) {
    return Math.min(workers, quota) * efficiency(workers, quota);
  }
}
