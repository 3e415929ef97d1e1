package helperlab.cage.limits;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Makes one cage's cgroup (v1 or v2) under this process's cgroup, sweeping away those of supervisors that died; keeps
 * the directories it made so a failure half-way removes them again and leaves an uncapped cage with the reason.
 */
final class CgroupMaker {
  private final Path procSelfCgroup;
  private final Path root;
  private final String name;
  private final List<Path> made = new ArrayList<>();

  /** A maker of cgroup {@code name}, placed by {@code procSelfCgroup} under the hierarchy mounted at {@code root}. */
  CgroupMaker(Path procSelfCgroup, Path root, String name) {
    this.procSelfCgroup = procSelfCgroup;
    this.root = root;
    this.name = name;
  }

  /**
   * Makes the cage's cgroup on this machine (v1 or v2), or an uncapped cage with the reason.
   *
   * @param cpus the CPU quota in cores (0 = none)
   * @param memoryBytes the memory limit (0 = none)
   */
  CgroupCage make(double cpus, long memoryBytes) {
    try {
      List<String> lines = Files.readAllLines(procSelfCgroup);
      if (Files.exists(root.resolve("cgroup.controllers"))) {
        return makeV2(cpus, memoryBytes, lines);
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
        Path dir = mkdir(cpuMount.resolve(rel(path)).resolve(name));
        sweepStale(dir.getParent());
        Files.writeString(dir.resolve("cpu.cfs_period_us"), Long.toString(CgroupCage.PERIOD_US));
        cpuFile = dir.resolve("cpu.cfs_quota_us");
        Files.writeString(cpuFile, Long.toString(Math.round(cpus * CgroupCage.PERIOD_US)));
        parts.add(String.format(Locale.ROOT, "cpu %.2f cores (%s)", cpus, dir));
      }
      if (memoryBytes > 0) {
        Path memMount = CgroupLimits.v1Mount(root, "memory");
        String path = CgroupLimits.v1Path(lines, "memory");
        if (memMount == null || path == null) {
          throw new IOException("no cgroup v1 memory controller");
        }
        memDir = mkdir(memMount.resolve(rel(path)).resolve(name));
        sweepStale(memDir.getParent());
        Files.writeString(memDir.resolve("memory.limit_in_bytes"), Long.toString(memoryBytes));
        parts.add("memory " + (memoryBytes >> 20) + " MiB (" + memDir + ")");
      }
      return new CgroupCage(made, memDir, cpuFile, cpus, "v1", "capped, cgroup v1: " + String.join(", ", parts));
    } catch (IOException | RuntimeException e) {
      CgroupCage.removeAll(made);
      return CgroupCage.uncapped("cannot make the cage's cgroup (" + e.getMessage() + ")");
    }
  }

  private CgroupCage makeV2(double cpus, long memoryBytes, List<String> lines) throws IOException {
    String path = CgroupLimits.v2Path(lines);
    if (path == null) {
      throw new IOException("this process has no cgroup v2 path");
    }
    Path parent = root.resolve(rel(path));
    // Controllers reach a child only through the parent's subtree_control; a cgroup that holds
    // processes (ours) cannot enable them unless it is the root ("no internal processes").
    Files.writeString(parent.resolve("cgroup.subtree_control"), "+cpu +memory");
    Path dir = mkdir(parent.resolve(name));
    sweepStale(parent);
    List<String> parts = new ArrayList<>();
    if (cpus > 0) {
      Files.writeString(dir.resolve("cpu.max"), Math.round(cpus * CgroupCage.PERIOD_US) + " " + CgroupCage.PERIOD_US);
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

  private Path mkdir(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      Files.createDirectory(dir);
    }
    made.add(dir);
    return dir;
  }

  /** Removes cages left by supervisors that died (their pid is gone), killing what still runs in them. */
  static void sweepStale(Path parent) {
    try (var list = Files.list(parent)) {
      for (Path d : list.filter(Files::isDirectory)
          .filter(p -> p.getFileName().toString().startsWith(CgroupCage.PREFIX)).toList()) {
        String pid = d.getFileName().toString().substring(CgroupCage.PREFIX.length());
        boolean alive;
        try {
          alive = ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException e) {
          continue;
        }
        if (!alive) {
          CgroupCage.killMembers(d);
          CgroupCage.remove(d);
        }
      }
    } catch (IOException e) {
      // nothing to sweep
    }
  }
}
