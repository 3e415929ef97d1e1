package helperlab.sim;

/**
 * The kernel's choice of victim when a memory cgroup is past its limit ({@code oom_badness}): the process with
 * the most points, points = its resident memory + {@code oom_score_adj} / 1000 × the limit, and on a tie the
 * later one in the cgroup's task list (the newer). Every worker raises its own {@code oom_score_adj} to 1000
 * and the supervisor is not charged to the cage's cgroup, so among the workers it comes down to the largest
 * resident memory, wherever that worker is in its image. Use: {@link #consider} each candidate, then
 * {@link #victim}.
 */
final class OomKiller {
  /** What a worker sets its own {@code oom_score_adj} to at start. */
  static final int WORKER_OOM_SCORE_ADJ = 1000;

  private final double limitMb;
  private int victim = -1;
  private double victimPoints = Double.NEGATIVE_INFINITY;

  OomKiller(double limitMb) {
    if (!(limitMb > 0)) {
      throw new IllegalArgumentException("the memory limit must be positive, got " + limitMb);
    }
    this.limitMb = limitMb;
  }

  /** The kernel's points for a process holding {@code residentMb} with the given {@code oom_score_adj}. */
  double points(double residentMb, int oomScoreAdj) {
    return residentMb + oomScoreAdj / 1000.0 * limitMb;
  }

  /** A candidate, in the order the cgroup lists its tasks (oldest first). */
  void consider(int id, double residentMb, int oomScoreAdj) {
    double p = points(residentMb, oomScoreAdj);
    if (p >= victimPoints) {
      victim = id;
      victimPoints = p;
    }
  }

  /** The process the kernel kills; -1 if no candidate was considered. */
  int victim() {
    return victim;
  }
}
