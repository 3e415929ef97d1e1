package helperlab.sim;

import helperlab.model.Contention;

/**
 * The machine model's CPU: processor sharing of a CPU quota among runnable processes, with contention
 * past the quota. A process resizing an image runs on one thread; a starting worker on several (a JVM's
 * JIT compilers and GC beside its main thread), so it weighs {@code startupParallelism} processes and
 * gets that many shares, as the kernel shares a cgroup's CPU among runnable threads. Every share
 * progresses at the same rate, so one progress clock and one CPU clock (per share) serve them all: a
 * process's work is done when the progress clock reaches its target (its work over its weight), and its
 * CPU is its weight times the CPU clock's advance meanwhile.
 */
final class Machine {
  private final double cores;
  /** The cores the service gets now: all of them, or what a co-tenant leaves. */
  private double quota;
  private final double speed;
  private final Contention contention;
  private final double startupParallelism;
  private int runnable;
  private int starting;
  private double now;
  private double progress;
  private double cpuClock;
  private double cpuTotal;
  // The rates change only when a process starts or stops running or the quota changes, not with time:
  // worked out when next read after such a change (an instant may start and stop many processes), the same
  // expressions giving the same values.
  private double cpuShare;
  private double progressRate;
  private double cpuInUse;
  private boolean ratesStale;

  Machine(double cores, double speed, Contention contention, double startupParallelism) {
    if (!(startupParallelism >= 1)) {
      throw new IllegalArgumentException("a starting worker's parallelism must be 1 or more, got " + startupParallelism);
    }
    this.cores = cores;
    this.quota = cores;
    this.speed = speed;
    this.contention = contention;
    this.startupParallelism = startupParallelism;
    rates();
  }

  /** The shares a process holds while runnable: 1 for an image, the start-up's parallelism while starting. */
  double weight(boolean startingUp) {
    return startingUp ? startupParallelism : 1;
  }

  private double shares() {
    return runnable - starting + starting * startupParallelism;
  }

  /** CPU seconds per second each share gets (a share is one thread: at most one core). */
  double cpuShare() {
    fresh();
    return cpuShare;
  }

  /** Work (seconds of the calibrated server's core) each share completes per second. */
  double progressRate() {
    fresh();
    return progressRate;
  }

  private void fresh() {
    if (ratesStale) {
      ratesStale = false;
      rates();
    }
  }

  private void rates() {
    cpuShare = runnable == 0 ? 0 : Math.min(1, quota / shares());
    progressRate = cpuShare * contention.efficiency(runnable, quota) * speed;
    cpuInUse = Math.min(shares(), quota);
  }

  void advanceTo(double t) {
    double dt = t - now;
    if (dt > 0) {
      fresh();
      progress += progressRate * dt;
      cpuClock += cpuShare * dt;
      cpuTotal += cpuInUse * dt;
      now = t;
    }
  }

  /** When the progress clock reaches {@code target} at the current rate (infinite when idle). */
  double timeToReach(double target) {
    fresh();
    double rate = progressRate;
    if (rate <= 0) {
      return Double.POSITIVE_INFINITY;
    }
    return now + Math.max(0, target - progress) / rate;
  }

  /**
   * A co-tenant takes part of the machine from now on: the service keeps {@code share} of its cores
   * (1 = all). Call after {@link #advanceTo} the moment it changes; the progress clock carries on at
   * the new rate, so every running process simply slows down.
   */
  void setCpuLeft(double share) {
    if (!(share > 0 && share <= 1)) {
      throw new IllegalArgumentException("the share of CPU left must be in (0, 1], got " + share);
    }
    quota = cores * share;
    ratesStale = true;
  }

  void addRunnable(boolean startingUp) {
    runnable++;
    if (startingUp) {
      starting++;
    }
    ratesStale = true;
  }

  void removeRunnable(boolean startingUp) {
    runnable--;
    if (startingUp) {
      starting--;
    }
    ratesStale = true;
  }

  int runnable() {
    return runnable;
  }

  double progress() {
    return progress;
  }

  double cpuClock() {
    return cpuClock;
  }

  /** CPU seconds consumed by all processes since the start. */
  double cpuTotal() {
    return cpuTotal;
  }

  double now() {
    return now;
  }
}
