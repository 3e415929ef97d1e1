package helperlab.policy;

/**
 * How many workers a service may run, from its effective limits (after seed 001): one per core of
 * CPU quota (rounded up: resizing is CPU-bound, so more only adds contention), at most one per
 * memory budget of the tightest memory limit, never below the floor nor above the cap.
 */
public record WorkerBudget(int workers, int byCpu, int byMemory, String reason) {
  public static final int FLOOR = 1;
  public static final int CAP = 48;
  /** The largest image the lab handles, megapixels; a worker's memory budget must hold one. */
  public static final double LARGEST_IMAGE_MP = 70;

  /**
   * @param cpus CPU quota in cores (> 0)
   * @param memoryBytes the tightest memory limit, or 0 if none is known
   * @param perWorkerBytes memory one worker needs at worst (its private memory and its largest image)
   */
  public static WorkerBudget of(double cpus, long memoryBytes, long perWorkerBytes) {
    if (!(cpus > 0)) {
      throw new IllegalArgumentException("cpus must be > 0, got " + cpus);
    }
    if (perWorkerBytes <= 0) {
      throw new IllegalArgumentException("per-worker memory must be > 0 bytes, got " + perWorkerBytes);
    }
    int byCpu = (int) Math.ceil(cpus - 1e-9);
    int byMemory = memoryBytes > 0 ? (int) Math.min(Integer.MAX_VALUE, memoryBytes / perWorkerBytes) : Integer.MAX_VALUE;
    int n = Math.min(byCpu, byMemory);
    int workers = Math.max(FLOOR, Math.min(CAP, n));
    String reason;
    if (workers == FLOOR && n < FLOOR) {
      reason = "floor (memory allows " + byMemory + ")";
    } else if (workers == CAP && n > CAP) {
      reason = "cap";
    } else if (byMemory < byCpu) {
      reason = "memory";
    } else {
      reason = "cpu";
    }
    return new WorkerBudget(workers, byCpu, byMemory == Integer.MAX_VALUE ? -1 : byMemory, reason);
  }
}
