package helperlab.workload;

import java.util.Arrays;

/**
 * A run second by second, as {@link RecoveryMeter} counts it: tasks settled and met, tasks first admitted, spawns,
 * retries, the queue and live processes at the second's first sample, the CPU the processes reported; and what the
 * recovery and {@link Tipping} read over a span of seconds.
 */
final class RunSeconds {
  private int[] met = new int[4096];
  private int[] settled = new int[4096];
  private int[] spawns = new int[4096];
  private int[] retries = new int[4096];
  private int[] admitted = new int[4096];
  private double[] queue = new double[4096];
  private double[] processes = new double[4096];
  private boolean[] sampled = new boolean[4096];
  /** CPU seconds the run's processes used, by the second it was reported in (resizing, starting, killed). */
  private double[] cpu = new double[4096];
  private int lastBin;

  /** The second {@code t} falls in (the arrays grown to hold it), now the last seen if it is the latest. */
  int bin(double t) {
    int b = (int) Math.floor(t);
    if (b >= met.length) {
      int n = Math.max(b + 1, met.length * 2);
      met = Arrays.copyOf(met, n);
      settled = Arrays.copyOf(settled, n);
      spawns = Arrays.copyOf(spawns, n);
      retries = Arrays.copyOf(retries, n);
      admitted = Arrays.copyOf(admitted, n);
      queue = Arrays.copyOf(queue, n);
      processes = Arrays.copyOf(processes, n);
      sampled = Arrays.copyOf(sampled, n);
      cpu = Arrays.copyOf(cpu, n);
    }
    lastBin = Math.max(lastBin, b);
    return b;
  }

  void retried(int b) {
    retries[b]++;
  }

  /** A task was admitted for the first time (a retry of one admitted before does not count). */
  void admittedFirst(int b) {
    admitted[b]++;
  }

  void spawned(int b) {
    spawns[b]++;
  }

  /** A task settled in second {@code b}: met, late or turned away. */
  void settled(int b, boolean wasMet) {
    if (wasMet) {
      met[b]++;
    }
    settled[b]++;
  }

  void usedCpu(int b, double cpuS) {
    cpu[b] += cpuS;
  }

  /** The second's first sample stands for it. */
  void sample(int b, int queued, int workers) {
    if (!sampled[b]) {
      sampled[b] = true;
      queue[b] = queued;
      processes[b] = workers;
    }
  }

  /** The last second anything was seen in. */
  int last() {
    return lastBin;
  }

  /** CPU seconds the run's processes reported using in second {@code s}. */
  double cpuUsedIn(int s) {
    return s >= 0 && s < cpu.length ? cpu[s] : 0;
  }

  /** Met over settled in bins [lo, hi); NaN if none settled. */
  double share(int lo, int hi) {
    int m = 0;
    int n = 0;
    for (int b = lo; b < hi && b < met.length; b++) {
      m += met[b];
      n += settled[b];
    }
    return n == 0 ? Double.NaN : (double) m / n;
  }

  /** The mean live processes over the sampled bins of [lo, hi); 0 if none was sampled. */
  double meanProcesses(int lo, int hi) {
    double sum = 0;
    int n = 0;
    for (int b = lo; b < hi && b < processes.length; b++) {
      if (sampled[b]) {
        sum += processes[b];
        n++;
      }
    }
    return n == 0 ? 0 : sum / n;
  }

  /** The mean queue over the sampled bins of [lo, hi); 0 if none was sampled. */
  double meanQueue(int lo, int hi) {
    double sum = 0;
    int n = 0;
    for (int b = lo; b < hi && b < queue.length; b++) {
      if (sampled[b]) {
        sum += queue[b];
        n++;
      }
    }
    return n == 0 ? 0 : sum / n;
  }

  /** What bins [lo, hi) admitted, and the spawns, retries and mean live processes it took. */
  Recovery.Amplification amplification(int lo, int hi) {
    int a = 0;
    int sp = 0;
    int re = 0;
    double procs = 0;
    int n = 0;
    for (int b = lo; b < hi && b < met.length; b++) {
      a += admitted[b];
      sp += spawns[b];
      re += retries[b];
      if (sampled[b]) {
        procs += processes[b];
        n++;
      }
    }
    return new Recovery.Amplification(a, a == 0 ? 0 : (double) sp / a, a == 0 ? 0 : (double) re / a,
        n == 0 ? 0 : procs / n);
  }
}
