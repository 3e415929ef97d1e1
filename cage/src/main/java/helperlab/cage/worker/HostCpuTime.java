package helperlab.cage.worker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The host's CPU time so far, over all its CPUs, from {@code /proc/stat}'s first line: what was spent
 * running anything (user, nice, system, interrupts) and what a hypervisor gave its other guests while this
 * one wanted to run (steal), against all of it (idle and I/O wait too). Differences of two readings say what
 * the host did between them.
 *
 * @param busyS CPU-seconds spent running, steal included (a stolen second is one the host took)
 * @param stealS CPU-seconds stolen by a hypervisor
 * @param totalS all CPU-seconds, idle included
 */
public record HostCpuTime(double busyS, double stealS, double totalS) {
  /** The host's CPU time now, or null when /proc/stat cannot be read. */
  public static HostCpuTime read() {
    try {
      return parse(Files.readAllLines(Path.of("/proc/stat")).get(0));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** From /proc/stat's "cpu" line: user nice system idle iowait irq softirq steal (guest time is within user). */
  static HostCpuTime parse(String cpuLine) {
    String[] f = cpuLine.trim().split("\\s+");
    long[] v = new long[9];
    for (int i = 1; i < f.length && i <= 8; i++) {
      v[i] = Long.parseLong(f[i]);
    }
    long busy = v[1] + v[2] + v[3] + v[6] + v[7] + v[8];
    long total = v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7] + v[8];
    return new HostCpuTime(busy * ProcStat.TICK_S, v[8] * ProcStat.TICK_S, total * ProcStat.TICK_S);
  }
}
