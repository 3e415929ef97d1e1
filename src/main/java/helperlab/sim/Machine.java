package helperlab.sim;

import helperlab.model.Contention;

/**
 * The machine model's CPU: processor sharing of a CPU quota among runnable processes, each getting
 * at most one core, with contention past the quota. All runnable processes progress at the same
 * rate, so one progress clock and one CPU clock serve them all: a process's work is done when the
 * progress clock reaches its target, and its CPU is the CPU clock's advance meanwhile.
 */
final class Machine {
  private final double cores;
  private final double speed;
  private final Contention contention;
  private int runnable;
  private double now;
  private double progress;
  private double cpuClock;
  private double cpuTotal;

  Machine(double cores, double speed, Contention contention) {
    this.cores = cores;
    this.speed = speed;
    this.contention = contention;
  }

  /** CPU seconds per second each runnable process gets. */
  double cpuShare() {
    return runnable == 0 ? 0 : Math.min(1, cores / runnable);
  }

  /** Work (seconds of the calibrated server's core) each runnable process completes per second. */
  double progressRate() {
    return cpuShare() * contention.efficiency(runnable, cores) * speed;
  }

  void advanceTo(double t) {
    double dt = t - now;
    if (dt > 0) {
      progress += progressRate() * dt;
      cpuClock += cpuShare() * dt;
      cpuTotal += Math.min(runnable, cores) * dt;
      now = t;
    }
  }

  /** When the progress clock reaches {@code target} at the current rate (infinite when idle). */
  double timeToReach(double target) {
    double rate = progressRate();
    if (rate <= 0) {
      return Double.POSITIVE_INFINITY;
    }
    return now + Math.max(0, target - progress) / rate;
  }

  void addRunnable() {
    runnable++;
  }

  void removeRunnable() {
    runnable--;
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
