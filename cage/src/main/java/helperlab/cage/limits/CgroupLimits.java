package helperlab.cage.limits;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The effective CPU and memory limits of this process, found as seed 001 finds them: CPUs from the
 * configured cap, the cgroup CPU quota (this cgroup and its ancestors) and the processor count;
 * memory from the configured cap, the cgroup memory limit of this cgroup and every ancestor, and
 * /proc/meminfo. For each, the smallest positive candidate wins; every candidate is kept, with where
 * it was found, for {@code status}. Works on cgroup v1 and v2; the file system root is a parameter
 * so fixture trees can stand in for /proc and /sys in tests.
 */
public record CgroupLimits(
    @JsonProperty("cpus") double cpus,
    @JsonProperty("cpus_from") String cpusFrom,
    @JsonProperty("memory_bytes") long memoryBytes,
    @JsonProperty("memory_from") String memoryFrom,
    @JsonProperty("cgroup_version") String cgroupVersion,
    @JsonProperty("candidates") List<Candidate> candidates) {

  /** v1 writes "no limit" as a huge page-aligned number; anything this large is no limit. */
  static final long NO_LIMIT_THRESHOLD = 1L << 62;

  /** One limit found somewhere: what it limits ("cpus" or "memory_bytes"), its value, where it came from. */
  public record Candidate(
      @JsonProperty("what") String what,
      @JsonProperty("value") double value,
      @JsonProperty("source") String source) {}

  /** Where to look: the real system, or a fixture tree. */
  public record Sources(Path procSelfCgroup, Path cgroupRoot, Path meminfo, int processors) {
    public static Sources system() {
      return new Sources(Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"), Path.of("/proc/meminfo"),
          Runtime.getRuntime().availableProcessors());
    }
  }

  /**
   * @param configuredCpus the cage's --cpus (0 = not set)
   * @param configuredMemory the cage's --memory in bytes (0 = not set)
   */
  public static CgroupLimits detect(Sources src, double configuredCpus, long configuredMemory) {
    List<Candidate> all = new ArrayList<>();
    if (configuredCpus > 0) {
      all.add(new Candidate("cpus", configuredCpus, "configured (--cpus)"));
    }
    if (configuredMemory > 0) {
      all.add(new Candidate("memory_bytes", configuredMemory, "configured (--memory)"));
    }
    String version = "none";
    try {
      List<String> lines = Files.exists(src.procSelfCgroup()) ? Files.readAllLines(src.procSelfCgroup()) : List.of();
      boolean unified = Files.exists(src.cgroupRoot().resolve("cgroup.controllers"));
      if (unified) {
        version = "v2";
        String path = v2Path(lines);
        if (path != null) {
          for (Path dir : chain(src.cgroupRoot(), path)) {
            cpuMax(dir, all);
            memoryMax(dir, all);
          }
        }
      } else {
        String cpuPath = v1Path(lines, "cpu");
        String memPath = v1Path(lines, "memory");
        Path cpuRoot = v1Mount(src.cgroupRoot(), "cpu");
        Path memRoot = v1Mount(src.cgroupRoot(), "memory");
        if (cpuRoot != null || memRoot != null) {
          version = "v1";
        }
        if (cpuRoot != null && cpuPath != null) {
          for (Path dir : chain(cpuRoot, cpuPath)) {
            cfsQuota(dir, all);
          }
        }
        if (memRoot != null && memPath != null) {
          for (Path dir : chain(memRoot, memPath)) {
            memoryLimit(dir, all);
          }
        }
      }
    } catch (IOException e) {
      // unreadable cgroup files: the other sources still count
    }
    if (src.processors() > 0) {
      all.add(new Candidate("cpus", src.processors(), "processors (" + src.processors() + ")"));
    }
    long total = memTotal(src.meminfo());
    if (total > 0) {
      all.add(new Candidate("memory_bytes", total, src.meminfo() + " MemTotal"));
    }
    Candidate cpu = smallest(all, "cpus");
    Candidate mem = smallest(all, "memory_bytes");
    return new CgroupLimits(cpu == null ? 1 : cpu.value(), cpu == null ? "default (nothing found)" : cpu.source(),
        mem == null ? 0 : (long) mem.value(), mem == null ? "none found" : mem.source(), version, List.copyOf(all));
  }

  private static Candidate smallest(List<Candidate> all, String what) {
    Candidate best = null;
    for (Candidate c : all) {
      if (c.what().equals(what) && c.value() > 0 && (best == null || c.value() < best.value())) {
        best = c;
      }
    }
    return best;
  }

  /** The cgroup and each ancestor up to the mount root, deepest first; the root alone if the path is not there. */
  static List<Path> chain(Path mount, String cgroupPath) {
    List<Path> dirs = new ArrayList<>();
    Path rel = Path.of(cgroupPath.startsWith("/") ? cgroupPath.substring(1) : cgroupPath);
    Path dir = rel.toString().isEmpty() ? mount : mount.resolve(rel);
    if (!Files.isDirectory(dir)) {
      // A container without its own cgroup namespace sees the host's path but has its cgroup mounted at the root.
      dirs.add(mount);
      return dirs;
    }
    while (dir != null && dir.startsWith(mount)) {
      dirs.add(dir);
      if (dir.equals(mount)) {
        break;
      }
      dir = dir.getParent();
    }
    return dirs;
  }

  static String v2Path(List<String> lines) {
    for (String line : lines) {
      if (line.startsWith("0::")) {
        return line.substring(3);
      }
    }
    return null;
  }

  static String v1Path(List<String> lines, String controller) {
    for (String line : lines) {
      String[] parts = line.split(":", 3);
      if (parts.length == 3) {
        for (String c : parts[1].split(",")) {
          if (c.equals(controller)) {
            return parts[2];
          }
        }
      }
    }
    return null;
  }

  /** The v1 mount of a controller: /sys/fs/cgroup/cpu, or a joint one like cpu,cpuacct. */
  static Path v1Mount(Path root, String controller) throws IOException {
    Path plain = root.resolve(controller);
    if (Files.isDirectory(plain)) {
      return plain;
    }
    if (!Files.isDirectory(root)) {
      return null;
    }
    try (var dirs = Files.list(root)) {
      return dirs.filter(Files::isDirectory)
          .filter(d -> List.of(d.getFileName().toString().split(",")).contains(controller))
          .findFirst().orElse(null);
    }
  }

  private static void cfsQuota(Path dir, List<Candidate> out) {
    long quota = readLong(dir.resolve("cpu.cfs_quota_us"));
    long period = readLong(dir.resolve("cpu.cfs_period_us"));
    if (quota > 0 && period > 0) {
      out.add(new Candidate("cpus", (double) quota / period,
          "cgroup v1 " + dir + " (cpu.cfs_quota_us " + quota + " / cpu.cfs_period_us " + period + ")"));
    }
  }

  private static void cpuMax(Path dir, List<Candidate> out) {
    String s = readString(dir.resolve("cpu.max"));
    if (s == null) {
      return;
    }
    String[] parts = s.trim().split("\\s+");
    if (parts.length >= 1 && !parts[0].equals("max")) {
      try {
        long quota = Long.parseLong(parts[0]);
        long period = parts.length > 1 ? Long.parseLong(parts[1]) : 100_000;
        if (quota > 0 && period > 0) {
          out.add(new Candidate("cpus", (double) quota / period, "cgroup v2 " + dir + " (cpu.max " + s.trim() + ")"));
        }
      } catch (NumberFormatException e) {
        // not a limit we understand: ignore it rather than guess
      }
    }
  }

  private static void memoryLimit(Path dir, List<Candidate> out) {
    long limit = readLong(dir.resolve("memory.limit_in_bytes"));
    if (limit > 0 && limit < NO_LIMIT_THRESHOLD) {
      out.add(new Candidate("memory_bytes", limit, "cgroup v1 " + dir + " (memory.limit_in_bytes)"));
    }
  }

  private static void memoryMax(Path dir, List<Candidate> out) {
    String s = readString(dir.resolve("memory.max"));
    if (s == null || s.trim().equals("max")) {
      return;
    }
    try {
      long limit = Long.parseLong(s.trim());
      if (limit > 0 && limit < NO_LIMIT_THRESHOLD) {
        out.add(new Candidate("memory_bytes", limit, "cgroup v2 " + dir + " (memory.max)"));
      }
    } catch (NumberFormatException e) {
      // ignore
    }
  }

  static long memTotal(Path meminfo) {
    try {
      for (String line : Files.readAllLines(meminfo)) {
        if (line.startsWith("MemTotal:")) {
          String[] parts = line.substring(9).trim().split("\\s+");
          long kb = Long.parseLong(parts[0]);
          return kb * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // no meminfo: not a limit
    }
    return 0;
  }

  private static long readLong(Path file) {
    String s = readString(file);
    if (s == null) {
      return -1;
    }
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String readString(Path file) {
    try {
      return Files.isRegularFile(file) ? Files.readString(file) : null;
    } catch (IOException e) {
      return null;
    }
  }

  public String describe() {
    return String.format(Locale.ROOT, "%.2f cpus (%s), %d MiB (%s)", cpus, cpusFrom, memoryBytes >> 20, memoryFrom);
  }
}
