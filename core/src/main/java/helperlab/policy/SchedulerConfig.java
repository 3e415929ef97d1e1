package helperlab.policy;

/**
 * What the scheduler is told about the service it runs: the worker budget (from the effective CPU
 * and memory limits), the hard process ceiling no policy can lift, the cores of useful work the
 * service delivers at its budget (for admission), the admission mode, how long a fresh worker
 * takes to start and warm up (for forecasts), and the cores of useful work one process delivers (a
 * helper policy promises a batch what its one helper can do).
 */
public record SchedulerConfig(
    int workerBudget, int maxProcesses, double capacityCores, AdmissionMode admission, double spawnEstimateS,
    int maxStrikes, double processCores) {

  /** One process gets at most one core of the capacity. */
  public SchedulerConfig(int workerBudget, int maxProcesses, double capacityCores, AdmissionMode admission,
      double spawnEstimateS, int maxStrikes) {
    this(workerBudget, maxProcesses, capacityCores, admission, spawnEstimateS, maxStrikes, Math.min(1, capacityCores));
  }

  public SchedulerConfig {
    if (workerBudget < 1) {
      throw new IllegalArgumentException("worker budget must be at least 1, got " + workerBudget);
    }
    if (maxProcesses < 1) {
      throw new IllegalArgumentException("process ceiling must be at least 1, got " + maxProcesses);
    }
    if (!(capacityCores > 0)) {
      throw new IllegalArgumentException("capacity must be > 0 cores, got " + capacityCores);
    }
    if (admission == null) {
      throw new IllegalArgumentException("admission mode must be given");
    }
    if (!(spawnEstimateS >= 0)) {
      throw new IllegalArgumentException("spawn estimate must be >= 0 s, got " + spawnEstimateS);
    }
    if (!(processCores > 0)) {
      throw new IllegalArgumentException("one process's cores must be > 0, got " + processCores);
    }
    if (maxStrikes < 1) {
      throw new IllegalArgumentException("max strikes must be at least 1, got " + maxStrikes);
    }
  }

  /** An image that crashed this many workers goes to the dead-letter queue. */
  public static final int DEFAULT_MAX_STRIKES = 3;
}
