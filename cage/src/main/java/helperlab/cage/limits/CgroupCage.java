package helperlab.cage.limits;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cage's cgroup: its workers run in a cgroup of their own with the configured CPU quota and
 * memory limit (cgroup v1: cpu.cfs_quota_us and memory.limit_in_bytes; v2: cpu.max and
 * memory.max), created under this process's cgroup. The supervisor stays outside, so the memory
 * limit's OOM killer can only ever take a worker. Where the cgroup cannot be made, the cage runs
 * uncapped and {@link #status()} says why.
 */
public final class CgroupCage implements AutoCloseable {
  static final String PREFIX = "helperlab-cage-";
  static final long PERIOD_US = 100_000;

  private final List<Path> dirs;
  private final CgroupMemory memory;
  /** The file holding the CPU quota (v1 cpu.cfs_quota_us, v2 cpu.max); null when the CPU is not capped. */
  private final Path cpuFile;
  /** The quota the cage was made with, in cores (0 when the CPU is not capped). */
  private final double cpus;
  private final String version;
  private final String status;
  private double cpuShare = 1;

  CgroupCage(List<Path> dirs, Path memoryDir, Path cpuFile, double cpus, String version, String status) {
    this.dirs = dirs;
    this.memory = new CgroupMemory(memoryDir, version.equals("v2"));
    this.cpuFile = cpuFile;
    this.cpus = cpuFile == null ? 0 : cpus;
    this.version = version;
    this.status = status;
  }

  /** A cage that caps nothing, and why. */
  public static CgroupCage uncapped(String why) {
    return new CgroupCage(List.of(), null, null, 0, "none", "uncapped: " + why);
  }

  /** True when the cage's CPU quota can be changed (a capped CPU). */
  public boolean cpuCapped() {
    return cpuFile != null;
  }

  /** The file the CPU quota is written to (v1 cpu.cfs_quota_us, v2 cpu.max); null when the CPU is not capped. */
  public Path cpuQuotaFile() {
    return cpuFile;
  }

  /** The cores the cage was made with (0 when the CPU is not capped). */
  public double baseCpus() {
    return cpus;
  }

  /**
   * Sets the CPU quota to {@code share} of the cores the cage was made with (1 restores it): a co-tenant
   * taking the rest. Returns the quota now, in cores.
   */
  public synchronized double setCpuShare(double share) throws IOException {
    if (cpuFile == null) {
      throw new IllegalStateException("the cage's CPU is not capped (" + status + ")");
    }
    if (!(share > 0 && share <= 1)) {
      throw new IllegalArgumentException("the CPU share must be in (0, 1], got " + share);
    }
    // the kernel's smallest quota is 1 ms a period
    long quota = Math.max(1000, Math.round(cpus * share * PERIOD_US));
    Files.writeString(cpuFile, version.equals("v2") ? quota + " " + PERIOD_US : Long.toString(quota));
    cpuShare = share;
    return (double) quota / PERIOD_US;
  }

  /** The share of its cores the cage has now (1 unless a slowdown holds it lower). */
  public synchronized double cpuShare() {
    return cpuShare;
  }

  public boolean capped() {
    return !dirs.isEmpty();
  }

  public String status() {
    return status;
  }

  /**
   * Makes the cage's cgroup on this machine (v1 or v2), or an uncapped cage with the reason.
   *
   * @param cpus the CPU quota in cores (0 = none)
   * @param memoryBytes the memory limit (0 = none)
   */
  public static CgroupCage create(double cpus, long memoryBytes, Path procSelfCgroup, Path root) {
    if (cpus <= 0 && memoryBytes <= 0) {
      return uncapped("no --cpus or --memory given");
    }
    return new CgroupMaker(procSelfCgroup, root, PREFIX + ProcessHandle.current().pid()).make(cpus, memoryBytes);
  }

  /** The files a process writes its pid into to join the cage (none when uncapped). */
  public List<Path> procsFiles() {
    return dirs.stream().map(d -> d.resolve("cgroup.procs")).toList();
  }

  /** Puts a worker into the cage. */
  public void add(long pid) throws IOException {
    for (Path d : dirs) {
      Files.writeString(d.resolve("cgroup.procs"), Long.toString(pid));
    }
  }

  /**
   * Memory the cage's workers use now: the kernel's count less the inactive file cache (0 when
   * uncapped). The raw count takes in the page cache of every image read and written, which the
   * kernel drops before it kills anyone; the working set, as cAdvisor and the kubelet count it, is
   * what the workers hold.
   */
  public long usageBytes() {
    return memory.usageBytes();
  }

  /** The cage's memory limit in bytes, as the kernel holds it (0 when uncapped or unlimited). */
  public long memoryLimitBytes() {
    return memory.limitBytes();
  }

  /**
   * Asks the kernel to reclaim what it can of the cage's memory (its file cache, mostly), so a
   * measurement that follows is not charged another run's reclaim (v1 memory.force_empty, v2
   * memory.reclaim). Returns what the kernel's count fell by, in bytes; 0 when uncapped or refused.
   */
  public long reclaim() {
    return memory.reclaim();
  }

  /** How many processes the kernel's OOM killer has taken in the cage so far. */
  public long oomKills() {
    return memory.oomKills();
  }

  /** The pids in the cage now. */
  public List<Long> members() {
    List<Long> out = new ArrayList<>();
    for (Path d : dirs) {
      try {
        for (String s : Files.readAllLines(d.resolve("cgroup.procs"))) {
          if (!s.isBlank() && !out.contains(Long.parseLong(s.trim()))) {
            out.add(Long.parseLong(s.trim()));
          }
        }
      } catch (IOException | NumberFormatException e) {
        // gone
      }
    }
    return out;
  }

  static void killMembers(Path dir) {
    try {
      for (String s : Files.readAllLines(dir.resolve("cgroup.procs"))) {
        if (!s.isBlank()) {
          ProcessHandle.of(Long.parseLong(s.trim())).ifPresent(ProcessHandle::destroyForcibly);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // nothing left
    }
  }

  static void remove(Path dir) {
    for (int i = 0; i < 50; i++) {
      try {
        Files.deleteIfExists(dir);
        return;
      } catch (IOException e) {
        try {
          Thread.sleep(20); // the killed members take a moment to leave
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  static void removeAll(List<Path> dirs) {
    for (Path d : dirs) {
      remove(d);
    }
  }

  @Override
  public void close() {
    for (Path d : dirs) {
      killMembers(d);
    }
    removeAll(dirs);
  }
}
