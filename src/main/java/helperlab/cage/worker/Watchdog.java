package helperlab.cage.worker;

/**
 * Decides when a worker must be killed: it never said hello, it stopped sending heartbeats, it holds
 * more memory than a worker may, or it has run one image far past that image's prediction. The
 * prediction scales with the image's megapixels and with how many workers share the CPUs, so a
 * heavy image that is merely slow is not taken for a hung one (the seed's flat timeout did that), and
 * it is judged by the CPU the worker spent, so neither is an image slowed by someone else's load.
 */
public record Watchdog(double spawnTimeoutS, double heartbeatTimeoutS, long memoryLimitBytes, double overrunFactor,
    double overrunGraceS) {

  public static final String SPAWN_TIMEOUT = "spawn-timeout";
  public static final String HEARTBEAT = "heartbeat";
  public static final String MEMORY = "memory";
  public static final String OVERRUN = "overrun";

  /**
   * Seconds an image may run before its worker counts as hung.
   *
   * @param predictedS the image's predicted seconds of one core
   * @param stretch how much slower than alone the machine runs now (busy workers over cores, at least 1)
   */
  public double overrunLimitS(double predictedS, double stretch) {
    return overrunGraceS + overrunFactor * predictedS * Math.max(1, stretch);
  }

  /**
   * A worker below this share of one core over its image is making no progress (blocked), not merely
   * starved: a co-tenant that takes the machine slows a worker's CPU rate, it does not stop it.
   */
  static final double STUCK_CPU_SHARE = 0.02;

  /**
   * Whether an image has run far past its prediction: it spent more CPU on it than the limit allows (a
   * runaway), or ran past the limit in wall time while hardly using the CPU (stuck). Wall time alone
   * would take an image slowed by another process's load for a hung one; the heartbeats' CPU tells them apart.
   */
  boolean overran(double wallS, double cpuS, double predictedS, double stretch) {
    return cpuS > overrunLimitS(predictedS, 1)
        || (wallS > overrunLimitS(predictedS, stretch) && cpuS < STUCK_CPU_SHARE * wallS);
  }

  /** Why {@code w} must die now, or null. {@code predictedS} is its in-flight image's prediction. */
  public String verdict(WorkerProcess w, double now, double predictedS, double stretch) {
    if (w.phase == WorkerProcess.Phase.DEFERRED || w.phase == WorkerProcess.Phase.GONE) {
      return null;
    }
    if (w.helloAt < 0) {
      return now - w.launchedAt > spawnTimeoutS ? SPAWN_TIMEOUT : null;
    }
    if (now - Math.max(w.lastHeartbeat, w.helloAt) > heartbeatTimeoutS) {
      return HEARTBEAT;
    }
    if (memoryLimitBytes > 0 && w.rssBytes > memoryLimitBytes) {
      return MEMORY;
    }
    if (w.inFlight >= 0 && overran(now - w.inFlightSince, Math.max(0, w.lastCpuS - w.cpuAtImageStart), predictedS, stretch)) {
      return OVERRUN;
    }
    return null;
  }
}
