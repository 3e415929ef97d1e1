package helperlab.cage.worker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The host's run queue as the kernel counts it now ({@code /proc/loadavg}'s runnable entities) against
 * the CPUs this process may use: more runnable than CPUs means someone waits for a core, and a worker
 * that is late to beat may be one of them.
 *
 * @param runnable threads runnable on the host now (this reader among them), -1 if unknown
 * @param cpus the CPUs this JVM sees
 */
public record HostLoad(int runnable, int cpus) {
  public static HostLoad read() {
    int cpus = Runtime.getRuntime().availableProcessors();
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return new HostLoad(Integer.parseInt(f[3].substring(0, f[3].indexOf('/'))), cpus);
    } catch (IOException | RuntimeException e) {
      return new HostLoad(-1, cpus);
    }
  }

  /** More threads want a CPU than there are CPUs (the reader itself not counted). */
  public boolean crowded() {
    return runnable - 1 > cpus;
  }

  @Override
  public String toString() {
    return runnable < 0 ? "host run queue unknown" : "host run queue " + Math.max(0, runnable - 1) + " on " + cpus + " CPUs";
  }
}
