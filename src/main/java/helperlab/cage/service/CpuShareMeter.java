package helperlab.cage.service;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.worker.HostLoad;
import helperlab.model.DataFile;
import helperlab.model.Interference;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Measures through a run how much of its CPU the cage got: at every watchdog round, the CPU its busy
 * workers could have used since the last (one core each, at most the cage's cores) against the CPU
 * their processes spent (from /proc), with the host's steal (/proc/stat) and run queue beside it.
 * Used only on the supervisor's thread.
 */
final class CpuShareMeter {
  private double wantedS;
  private double gotS;
  private double lastAt = -1;
  private double runQueueSum;
  private int runQueueN;
  private final long[] stat0 = cpuStat();
  private int cpus = Runtime.getRuntime().availableProcessors();

  /**
   * One round: {@code busy} workers had an image in hand over the {@code now - last} seconds, and
   * their processes spent {@code cpuS} between the two looks.
   */
  void observe(double now, int busy, double capacityCores, double cpuS, HostLoad host) {
    if (lastAt >= 0 && now > lastAt) {
      wantedS += Math.min(busy, capacityCores) * (now - lastAt);
      gotS += cpuS;
    }
    lastAt = now;
    if (host != null && host.runnable() > 0) {
      runQueueSum += host.runnable() - 1;
      runQueueN++;
      cpus = host.cpus();
    }
  }

  Interference measured() {
    long[] now = cpuStat();
    double steal = 0;
    if (stat0 != null && now != null && now[1] > stat0[1]) {
      steal = (double) (now[0] - stat0[0]) / (now[1] - stat0[1]);
    }
    return new Interference(wantedS, Math.min(gotS, wantedS), steal, runQueueN == 0 ? 0 : runQueueSum / runQueueN, cpus);
  }

  JsonNode json() {
    return DataFile.JSON.valueToTree(measured());
  }

  /** The host's steal and total jiffies (all CPUs) from /proc/stat's first line, or null. */
  private static long[] cpuStat() {
    try {
      String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      long total = 0;
      for (int i = 1; i < f.length && i <= 8; i++) {
        total += Long.parseLong(f[i]);
      }
      return new long[] {f.length > 8 ? Long.parseLong(f[8]) : 0, total};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
