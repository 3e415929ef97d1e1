package helperlab.cage.limits;

import java.time.Duration;
import static org.awaitility.Awaitility.await;
import helperlab.cage.image.ImageHeader;
import helperlab.cage.worker.WorkerLauncher;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cage's cgroup on this machine: quota and limit written, workers put in, all removed at the end. */
class CgroupCageTest {
  @Test
  void theCageCapsCpuAndMemoryOfWhatIsPutInIt() throws Exception {
    CgroupCage cage = CgroupCage.create(1.5, 256L << 20, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"));
    Assumptions.assumeTrue(cage.capped(), "this machine does not let this process make cgroups: " + cage.status());
    Process sleeper = new ProcessBuilder("sleep", "60").start();
    try {
      String status = cage.status();
      assertTrue(status.contains("cpu 1.50 cores") && status.contains("memory 256 MiB"), status);
      Path memDir = Path.of(status.replaceAll(".*memory 256 MiB \\((.*?)\\).*", "$1"));
      if (status.contains("cgroup v1")) {
        Path cpuDir = Path.of(status.replaceAll(".*cpu 1.50 cores \\((.*?)\\).*", "$1"));
        assertEquals("150000", Files.readString(cpuDir.resolve("cpu.cfs_quota_us")).trim());
        assertEquals("100000", Files.readString(cpuDir.resolve("cpu.cfs_period_us")).trim());
        assertEquals(256L << 20, Long.parseLong(Files.readString(memDir.resolve("memory.limit_in_bytes")).trim()));
      }
      cage.add(sleeper.pid());
      assertTrue(cage.members().contains(sleeper.pid()));
      assertTrue(cage.usageBytes() >= 0);
      cage.close();
      assertTrue(sleeper.waitFor(5, TimeUnit.SECONDS), "what was in the cage is stopped with it");
      assertFalse(Files.exists(memDir), "and the cgroup removed");
    } finally {
      sleeper.destroyForcibly();
      cage.close();
    }
  }

  @Test
  void theWorkersMemoryLeavesOutTheFileCacheOfTheImagesTheyWrite(@TempDir Path dir) throws Exception {
    CgroupCage cage = CgroupCage.create(1.5, 512L << 20, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"));
    Assumptions.assumeTrue(cage.capped(), "this machine does not let this process make cgroups: " + cage.status());
    Path file = dir.resolve("written.bin");
    Path started = dir.resolve("go");
    // waits to be put in the cage, then writes 80 MB (page cache charged to the cage) and holds on
    Process writer = new ProcessBuilder("sh", "-c", "while [ ! -e '" + started + "' ]; do sleep 0.05; done; head -c 80000000"
        + " /dev/zero > '" + file + "'; sleep 30").start();
    try {
      cage.add(writer.pid());
      Files.writeString(started, "go");
      await("the 80 MB are written").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
          .until(() -> Files.exists(file) && Files.size(file) >= 80_000_000);
      assertEquals(80_000_000, Files.size(file));
      String status = cage.status();
      Path memDir = Path.of(status.replaceAll(".*memory 512 MiB \\((.*?)\\).*", "$1"));
      String raw = status.contains("cgroup v1") ? "memory.usage_in_bytes" : "memory.current";
      long kernel = Long.parseLong(Files.readString(memDir.resolve(raw)).trim());
      long workingSet = cage.usageBytes();
      assertTrue(kernel >= 70_000_000L, "the kernel charged the written file to the cage: " + kernel);
      assertTrue(workingSet < kernel - 40_000_000L, "working set " + workingSet + " of " + kernel + " counted");
      // before a speed probe the cage hands that cache back, so the probe is not charged its reclaim
      long dropped = cage.reclaim();
      long after = Long.parseLong(Files.readString(memDir.resolve(raw)).trim());
      assertTrue(dropped >= 60_000_000L && after < kernel - 60_000_000L,
          "reclaimed " + dropped + " bytes, the cage holds " + after + " of " + kernel);
    } finally {
      writer.destroyForcibly();
      cage.close();
    }
  }

  @Test
  void aWorkerIsInTheCageBeforeItsJvmRuns(@TempDir Path dir) throws Exception {
    CgroupCage cage = CgroupCage.create(1.5, 512L << 20, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"));
    Assumptions.assumeTrue(cage.capped(), "this machine does not let this process make cgroups: " + cage.status());
    Process worker = new WorkerLauncher(256, ImageHeader.DEFAULT_MAX_PIXELS, dir, false).start(true, cage);
    try {
      // the first moment the process is the JVM, it is already the cage's (no add() here)
      Path exe = Path.of("/proc", Long.toString(worker.pid()), "exe");
      await("the worker's JVM starts").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(1))
          .until(() -> Files.readSymbolicLink(exe).getFileName().toString().startsWith("java"));
      assertTrue(Files.readSymbolicLink(exe).getFileName().toString().startsWith("java"), "the worker's JVM started");
      assertTrue(cage.members().contains(worker.pid()), "pid " + worker.pid() + " in " + cage.members());
      String memory = Files.readAllLines(Path.of("/proc", Long.toString(worker.pid()), "cgroup")).stream()
          .filter(l -> l.contains("memory") || l.startsWith("0::")).findFirst().orElseThrow();
      assertTrue(memory.contains("helperlab-cage-"), "its memory is charged to the cage: " + memory);
    } finally {
      worker.destroyForcibly();
      cage.close();
    }
  }

  @Test
  void withNothingToCapOrNoCgroupsItRunsUncappedAndSaysWhy(@TempDir Path root) throws Exception {
    assertEquals("uncapped: no --cpus or --memory given",
        CgroupCage.create(0, 0, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup")).status());
    Files.writeString(root.resolve("cgroup"), "0::/\n");
    CgroupCage none = CgroupCage.create(1, 1L << 30, root.resolve("cgroup"), root.resolve("nowhere"));
    assertFalse(none.capped());
    assertTrue(none.status().startsWith("uncapped: cannot make the cage's cgroup"), none.status());
  }
}
