package helperlab.cage.limits;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The cage's memory as the kernel counts it in the cage's memory cgroup (v1 memory.*_in_bytes, v2 memory.*): what
 * the workers use, the limit, the OOM kills, and reclaiming the file cache. Every figure is 0 when the memory is not
 * capped (no directory).
 */
final class CgroupMemory {
  private final Path dir;
  private final boolean v2;

  /** The memory cgroup {@code dir} (null when the memory is not capped), of cgroup v2 or v1. */
  CgroupMemory(Path dir, boolean v2) {
    this.dir = dir;
    this.v2 = v2;
  }

  /**
   * Memory the cage's workers use now: the kernel's count less the inactive file cache (0 when
   * uncapped). The raw count takes in the page cache of every image read and written, which the
   * kernel drops before it kills anyone; the working set, as cAdvisor and the kubelet count it, is
   * what the workers hold.
   */
  long usageBytes() {
    if (dir == null) {
      return 0;
    }
    try {
      return Math.max(0, chargedBytes() - inactiveFileBytes());
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
  }

  /** The cage's memory limit in bytes, as the kernel holds it (0 when uncapped or unlimited). */
  long limitBytes() {
    if (dir == null) {
      return 0;
    }
    try {
      String v = Files.readString(dir.resolve(v2 ? "memory.max" : "memory.limit_in_bytes")).trim();
      return v.equals("max") ? 0 : Long.parseLong(v);
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
  }

  /** The kernel's raw count of the cage's memory, page cache included. */
  private long chargedBytes() throws IOException {
    String file = v2 ? "memory.current" : "memory.usage_in_bytes";
    return Long.parseLong(Files.readString(dir.resolve(file)).trim());
  }

  private long inactiveFileBytes() {
    String key = v2 ? "inactive_file " : "total_inactive_file ";
    try {
      for (String line : Files.readAllLines(dir.resolve("memory.stat"))) {
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
  long reclaim() {
    if (dir == null) {
      return 0;
    }
    try {
      long before = chargedBytes();
      if (v2) {
        Files.writeString(dir.resolve("memory.reclaim"), Long.toString(before));
      } else {
        Files.writeString(dir.resolve("memory.force_empty"), "0");
      }
      return Math.max(0, before - chargedBytes());
    } catch (IOException | NumberFormatException e) {
      return 0; // an older kernel without memory.reclaim, or busy pages: the probe runs anyway
    }
  }

  /** How many processes the kernel's OOM killer has taken in the cage so far. */
  long oomKills() {
    if (dir == null) {
      return 0;
    }
    String file = v2 ? "memory.events" : "memory.oom_control";
    try {
      for (String line : Files.readAllLines(dir.resolve(file))) {
        if (line.startsWith("oom_kill ")) {
          return Long.parseLong(line.substring(9).trim());
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not available
    }
    return 0;
  }
}
