package helperlab.cage.limits;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cage's cgroup: its workers run in a cgroup of their own with the configured CPU quota and
 * memory limit (cgroup v1: cpu.cfs_quota_us and memory.limit_in_bytes; v2: cpu.max and
 * memory.max), created under this process's cgroup. The supervisor stays outside, so the memory
 * limit's OOM killer can only ever take a worker. Where the cgroup cannot be made, the cage runs
 * uncapped and {@link #status()} says why.
 */
public final class CgroupCage implements AutoCloseable {
  static final String PREFIX = "helperlab-cage-";
  private static final long PERIOD_US = 100_000;

  private final List<Path> dirs;
  private final Path memoryDir;
  /** The file holding the CPU quota (v1 cpu.cfs_quota_us, v2 cpu.max); null when the CPU is not capped. */
  private final Path cpuFile;
  /** The quota the cage was made with, in cores (0 when the CPU is not capped). */
  private final double cpus;
  private final String version;
  private final String status;
  private double cpuShare = 1;

  private CgroupCage(List<Path> dirs, Path memoryDir, Path cpuFile, double cpus, String version, String status) {
    this.dirs = dirs;
    this.memoryDir = memoryDir;
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
    String name = PREFIX + ProcessHandle.current().pid();
    List<Path> made = new ArrayList<>();
    try {
      List<String> lines = Files.readAllLines(procSelfCgroup);
      if (Files.exists(root.resolve("cgroup.controllers"))) {
        return createV2(cpus, memoryBytes, lines, root, name, made);
      }
      Path memDir = null;
      Path cpuFile = null;
      List<String> parts = new ArrayList<>();
      if (cpus > 0) {
        Path cpuMount = CgroupLimits.v1Mount(root, "cpu");
        String path = CgroupLimits.v1Path(lines, "cpu");
        if (cpuMount == null || path == null) {
          throw new IOException("no cgroup v1 cpu controller");
        }
        Path dir = mkdir(cpuMount.resolve(rel(path)).resolve(name), made);
        sweepStale(dir.getParent());
        Files.writeString(dir.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
        cpuFile = dir.resolve("cpu.cfs_quota_us");
        Files.writeString(cpuFile, Long.toString(Math.round(cpus * PERIOD_US)));
        parts.add(String.format(Locale.ROOT, "cpu %.2f cores (%s)", cpus, dir));
      }
      if (memoryBytes > 0) {
        Path memMount = CgroupLimits.v1Mount(root, "memory");
        String path = CgroupLimits.v1Path(lines, "memory");
        if (memMount == null || path == null) {
          throw new IOException("no cgroup v1 memory controller");
        }
        memDir = mkdir(memMount.resolve(rel(path)).resolve(name), made);
        sweepStale(memDir.getParent());
        Files.writeString(memDir.resolve("memory.limit_in_bytes"), Long.toString(memoryBytes));
        parts.add("memory " + (memoryBytes >> 20) + " MiB (" + memDir + ")");
      }
      return new CgroupCage(made, memDir, cpuFile, cpus, "v1", "capped, cgroup v1: " + String.join(", ", parts));
    } catch (IOException | RuntimeException e) {
      removeAll(made);
      return uncapped("cannot make the cage's cgroup (" + e.getMessage() + ")");
    }
  }

  private static CgroupCage createV2(double cpus, long memoryBytes, List<String> lines, Path root, String name,
      List<Path> made) throws IOException {
    String path = CgroupLimits.v2Path(lines);
    if (path == null) {
      throw new IOException("this process has no cgroup v2 path");
    }
    Path parent = root.resolve(rel(path));
    // Controllers reach a child only through the parent's subtree_control; a cgroup that holds
    // processes (ours) cannot enable them unless it is the root ("no internal processes").
    Files.writeString(parent.resolve("cgroup.subtree_control"), "+cpu +memory");
    Path dir = mkdir(parent.resolve(name), made);
    sweepStale(parent);
    List<String> parts = new ArrayList<>();
    if (cpus > 0) {
      Files.writeString(dir.resolve("cpu.max"), Math.round(cpus * PERIOD_US) + " " + PERIOD_US);
      parts.add(String.format(Locale.ROOT, "cpu %.2f cores", cpus));
    }
    if (memoryBytes > 0) {
      Files.writeString(dir.resolve("memory.max"), Long.toString(memoryBytes));
      parts.add("memory " + (memoryBytes >> 20) + " MiB");
    }
    return new CgroupCage(made, memoryBytes > 0 ? dir : null, cpus > 0 ? dir.resolve("cpu.max") : null, cpus, "v2",
        "capped, cgroup v2 " + dir + ": " + String.join(", ", parts));
  }

  private static Path rel(String cgroupPath) {
    return Path.of(cgroupPath.startsWith("/") ? cgroupPath.substring(1) : cgroupPath);
  }

  private static Path mkdir(Path dir, List<Path> made) throws IOException {
    if (!Files.isDirectory(dir)) {
      Files.createDirectory(dir);
    }
    made.add(dir);
    return dir;
  }

  /** Removes cages left by supervisors that died (their pid is gone), killing what still runs in them. */
  static void sweepStale(Path parent) {
    try (var list = Files.list(parent)) {
      for (Path d : list.filter(Files::isDirectory).filter(p -> p.getFileName().toString().startsWith(PREFIX)).toList()) {
        String pid = d.getFileName().toString().substring(PREFIX.length());
        boolean alive;
        try {
          alive = ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException e) {
          continue;
        }
        if (!alive) {
          killMembers(d);
          remove(d);
        }
      }
    } catch (IOException e) {
      // nothing to sweep
    }
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
    if (memoryDir == null) {
      return 0;
    }
    try {
      return Math.max(0, chargedBytes() - inactiveFileBytes());
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
  }

  /** The cage's memory limit in bytes, as the kernel holds it (0 when uncapped or unlimited). */
  public long memoryLimitBytes() {
    if (memoryDir == null) {
      return 0;
    }
    try {
      String v = Files.readString(memoryDir.resolve(version.equals("v2") ? "memory.max" : "memory.limit_in_bytes")).trim();
      return v.equals("max") ? 0 : Long.parseLong(v);
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
  }

  /** The kernel's raw count of the cage's memory, page cache included. */
  private long chargedBytes() throws IOException {
    String file = version.equals("v2") ? "memory.current" : "memory.usage_in_bytes";
    return Long.parseLong(Files.readString(memoryDir.resolve(file)).trim());
  }

  private long inactiveFileBytes() {
    String key = version.equals("v2") ? "inactive_file " : "total_inactive_file ";
    try {
      for (String line : Files.readAllLines(memoryDir.resolve("memory.stat"))) {
        if (line.startsWith(key)) {
          return Long.parseLong(line.substring(key.length()).trim());
        }
      }
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
    return 0;
  }

  /**
   * Asks the kernel to reclaim what it can of the cage's memory (its file cache, mostly), so a
   * measurement that follows is not charged another run's reclaim (v1 memory.force_empty, v2
   * memory.reclaim). Returns what the kernel's count fell by, in bytes; 0 when uncapped or refused.
   */
  public long reclaim() {
    if (memoryDir == null) {
      return 0;
    }
    try {
      long before = chargedBytes();
      if (version.equals("v2")) {
        Files.writeString(memoryDir.resolve("memory.reclaim"), Long.toString(before));
      } else {
        Files.writeString(memoryDir.resolve("memory.force_empty"), "0");
      }
      return Math.max(0, before - chargedBytes());
    } catch (IOException | NumberFormatException e) {
      return 0; // an older kernel without memory.reclaim, or busy pages: the probe runs anyway
    }
  }

  /** How many processes the kernel's OOM killer has taken in the cage so far. */
  public long oomKills() {
    if (memoryDir == null) {
      return 0;
    }
    String file = version.equals("v2") ? "memory.events" : "memory.oom_control";
    try {
      for (String line : Files.readAllLines(memoryDir.resolve(file))) {
        if (line.startsWith("oom_kill ")) {
          return Long.parseLong(line.substring(9).trim());
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not available
    }
    return 0;
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

  private static void killMembers(Path dir) {
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

  private static void remove(Path dir) {
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

  private static void removeAll(List<Path> dirs) {
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
