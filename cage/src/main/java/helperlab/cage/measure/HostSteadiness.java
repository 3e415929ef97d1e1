package helperlab.cage.measure;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How steady the host is for a few seconds, read before and after a calibration: one thread that only
 * computes, in short slices, and how much of each slice it spent waiting for a CPU (its wall time less
 * its CPU time: a spinning thread never blocks, so the rest is time the host gave to others); beside it,
 * from /proc, the cores the host's other processes kept busy, the hypervisor's steal and the run queue.
 * A calibration measures throughput against wall time, so time the host gives to others goes into its
 * curve as contention that is not the cage's.
 */
public final class HostSteadiness {
  /** One slice of the spinning thread. */
  static final double SLICE_S = 0.25;

  private HostSteadiness() {}

  /** Spins for about {@code seconds} and reads the host around it. */
  public static HostCheck measure(double seconds) {
    int slices = Math.max(2, (int) Math.round(seconds / SLICE_S));
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    boolean cpuClock = threads.isCurrentThreadCpuTimeSupported();
    double[] waits = new double[slices];
    double runQueue = 0;
    int runQueueN = 0;
    long[] stat0 = cpuStat();
    long wall0 = System.nanoTime();
    long cpu0 = cpuClock ? threads.getCurrentThreadCpuTime() : 0;
    long sink = 0;
    for (int i = 0; i < slices; i++) {
      long w = System.nanoTime();
      long c = cpuClock ? threads.getCurrentThreadCpuTime() : 0;
      long end = w + (long) (SLICE_S * 1e9);
      while (System.nanoTime() < end) {
        sink += spin(sink);
      }
      double wallNs = System.nanoTime() - w;
      double cpuNs = cpuClock ? threads.getCurrentThreadCpuTime() - c : wallNs;
      waits[i] = Math.max(0, 1 - cpuNs / wallNs);
      int runnable = runnable();
      if (runnable >= 0) {
        runQueue += Math.max(0, runnable - 1); // the spinner itself not counted
        runQueueN++;
      }
    }
    double wallS = (System.nanoTime() - wall0) / 1e9;
    double spinnerCores = cpuClock ? (threads.getCurrentThreadCpuTime() - cpu0) / 1e9 / wallS : 1;
    long[] stat1 = cpuStat();
    int cpus = Runtime.getRuntime().availableProcessors();
    double others = -1;
    double steal = -1;
    if (stat0 != null && stat1 != null && stat1[1] > stat0[1]) {
      double total = stat1[1] - stat0[1];
      double busyCores = (stat1[2] - stat0[2]) / total * cpus;
      others = Math.max(0, busyCores - spinnerCores);
      steal = (stat1[0] - stat0[0]) / total;
    }
    double[] sorted = waits.clone();
    Arrays.sort(sorted);
    double median = sorted.length % 2 == 1 ? sorted[sorted.length / 2]
        : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    if (sink == 42) {
      System.out.print(""); // keeps the spin from being optimised away
    }
    List<Double> slicesOut = new ArrayList<>();
    for (double x : waits) {
      slicesOut.add(Math.round(x * 1000) / 1000.0);
    }
    return new HostCheck(wallS, median, sorted[sorted.length - 1], List.copyOf(slicesOut), others, steal,
        runQueueN == 0 ? -1 : runQueue / runQueueN, cpus);
  }

  private static long spin(long x) {
    long y = x;
    for (int k = 0; k < 1000; k++) {
      y = y * 6364136223846793005L + 1442695040888963407L;
    }
    return y & 1;
  }

  /** Runnable entities on the host now ({@code /proc/loadavg}), -1 if unknown. */
  private static int runnable() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return Integer.parseInt(f[3].substring(0, f[3].indexOf('/')));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** {steal, total, busy} jiffies over all CPUs from /proc/stat's first line (busy: user to softirq), or null. */
  private static long[] cpuStat() {
    try {
      String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      long[] v = new long[9];
      for (int i = 1; i < f.length && i <= 8; i++) {
        v[i] = Long.parseLong(f[i]);
      }
      // user nice system idle iowait irq softirq steal
      long busy = v[1] + v[2] + v[3] + v[6] + v[7];
      long total = busy + v[4] + v[5] + v[8];
      return new long[] {v[8], total, busy};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
