package helperlab.cage.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.policy.WorkerBudget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Limit detection on fixture cgroup trees (v1 and v2, limits on ancestors, "max"), as in seed 001. */
class CgroupLimitsTest {
  private static final long MIB = 1024L * 1024;
  private static final long GIB = 1024 * MIB;

  private static void write(Path file, String content) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }

  private static Path meminfo(Path root, long kb) throws IOException {
    Path f = root.resolve("proc/meminfo");
    write(f, "MemTotal:       " + kb + " kB\nMemFree:        1000 kB\n");
    return f;
  }

  private static CgroupLimits.Sources sources(Path root, int processors) {
    return new CgroupLimits.Sources(root.resolve("proc/self/cgroup"), root.resolve("sys/fs/cgroup"),
        root.resolve("proc/meminfo"), processors);
  }

  @Test
  void v1LimitOnAnAncestorBindsWhileTheLeafSaysUnlimited(@TempDir Path root) throws IOException {
    meminfo(root, 16L * 1024 * 1024); // 16 GiB host
    write(root.resolve("proc/self/cgroup"), "4:memory:/slice/app\n3:cpu,cpuacct:/slice/app\n0::/\n");
    Path mem = root.resolve("sys/fs/cgroup/memory");
    write(mem.resolve("memory.limit_in_bytes"), "9223372036854771712\n");
    write(mem.resolve("slice/memory.limit_in_bytes"), String.valueOf(3 * GIB));
    write(mem.resolve("slice/app/memory.limit_in_bytes"), "9223372036854771712\n");
    Path cpu = root.resolve("sys/fs/cgroup/cpu,cpuacct");
    write(cpu.resolve("cpu.cfs_quota_us"), "-1\n");
    write(cpu.resolve("cpu.cfs_period_us"), "100000\n");
    write(cpu.resolve("slice/app/cpu.cfs_quota_us"), "150000\n");
    write(cpu.resolve("slice/app/cpu.cfs_period_us"), "100000\n");

    CgroupLimits l = CgroupLimits.detect(sources(root, 8), 0, 0);
    assertEquals("v1", l.cgroupVersion());
    assertEquals(3 * GIB, l.memoryBytes());
    assertTrue(l.memoryFrom().contains("slice") && l.memoryFrom().contains("memory.limit_in_bytes"), l.memoryFrom());
    assertEquals(1.5, l.cpus(), 1e-9);
    assertTrue(l.cpusFrom().contains("cfs_quota_us 150000"), l.cpusFrom());
  }

  @Test
  void v2MaxEverywhereFallsBackToMeminfoAndProcessors(@TempDir Path root) throws IOException {
    meminfo(root, 4L * 1024 * 1024);
    write(root.resolve("proc/self/cgroup"), "0::/user.slice/app.scope\n");
    Path cg = root.resolve("sys/fs/cgroup");
    write(cg.resolve("cgroup.controllers"), "cpu memory pids\n");
    write(cg.resolve("user.slice/memory.max"), "max\n");
    write(cg.resolve("user.slice/cpu.max"), "max 100000\n");
    write(cg.resolve("user.slice/app.scope/memory.max"), "max\n");
    write(cg.resolve("user.slice/app.scope/cpu.max"), "max 100000\n");

    CgroupLimits l = CgroupLimits.detect(sources(root, 2), 0, 0);
    assertEquals("v2", l.cgroupVersion());
    assertEquals(4 * GIB, l.memoryBytes());
    assertTrue(l.memoryFrom().endsWith("meminfo MemTotal"), l.memoryFrom());
    assertEquals(2, l.cpus(), 1e-9);
    assertTrue(l.cpusFrom().startsWith("processors"), l.cpusFrom());
  }

  @Test
  void v2LimitOnAnAncestorAndAQuotaOnTheLeaf(@TempDir Path root) throws IOException {
    meminfo(root, 64L * 1024 * 1024);
    write(root.resolve("proc/self/cgroup"), "0::/kubepods/pod1/ctr\n");
    Path cg = root.resolve("sys/fs/cgroup");
    write(cg.resolve("cgroup.controllers"), "cpu memory\n");
    write(cg.resolve("kubepods/memory.max"), String.valueOf(8 * GIB));
    write(cg.resolve("kubepods/pod1/memory.max"), String.valueOf(1536 * MIB));
    write(cg.resolve("kubepods/pod1/ctr/memory.max"), "max\n");
    write(cg.resolve("kubepods/pod1/ctr/cpu.max"), "250000 100000\n");

    CgroupLimits l = CgroupLimits.detect(sources(root, 16), 0, 0);
    assertEquals(1536 * MIB, l.memoryBytes());
    assertTrue(l.memoryFrom().contains("pod1") && l.memoryFrom().contains("memory.max"), l.memoryFrom());
    assertEquals(2.5, l.cpus(), 1e-9);
  }

  @Test
  void theConfiguredCapWinsWhenItIsTighterAndLosesWhenItIsNot(@TempDir Path root) throws IOException {
    meminfo(root, 2L * 1024 * 1024);
    write(root.resolve("proc/self/cgroup"), "0::/\n");
    write(root.resolve("sys/fs/cgroup/cgroup.controllers"), "cpu memory\n");
    CgroupLimits tight = CgroupLimits.detect(sources(root, 4), 1.5, 1 * GIB);
    assertEquals(1 * GIB, tight.memoryBytes());
    assertEquals("configured (--memory)", tight.memoryFrom());
    assertEquals(1.5, tight.cpus(), 1e-9);
    CgroupLimits loose = CgroupLimits.detect(sources(root, 4), 8, 32 * GIB);
    assertEquals(2 * GIB, loose.memoryBytes(), "meminfo is tighter than the configured 32 GiB");
    assertEquals(4, loose.cpus(), 1e-9, "the processors are fewer than the configured 8");
  }

  @Test
  void aContainerWithoutItsOwnNamespaceReadsTheMountRoot(@TempDir Path root) throws IOException {
    meminfo(root, 16L * 1024 * 1024);
    write(root.resolve("proc/self/cgroup"), "9:memory:/docker/abc123\n");
    write(root.resolve("sys/fs/cgroup/memory/memory.limit_in_bytes"), String.valueOf(512 * MIB));
    CgroupLimits l = CgroupLimits.detect(sources(root, 2), 0, 0);
    assertEquals(512 * MIB, l.memoryBytes());
  }

  @Test
  void noCgroupsAtAll(@TempDir Path root) throws IOException {
    meminfo(root, 1024 * 1024);
    CgroupLimits l = CgroupLimits.detect(sources(root, 3), 0, 0);
    assertEquals("none", l.cgroupVersion());
    assertEquals(3, l.cpus(), 1e-9);
    assertEquals(GIB, l.memoryBytes());
  }

  @Test
  void theBudgetFollowsTheTightestLimit(@TempDir Path root) throws IOException {
    meminfo(root, 16L * 1024 * 1024);
    write(root.resolve("proc/self/cgroup"), "4:memory:/cage\n");
    write(root.resolve("sys/fs/cgroup/memory/cage/memory.limit_in_bytes"), String.valueOf(1 * GIB));
    CgroupLimits l = CgroupLimits.detect(sources(root, 8), 0, 0);
    WorkerBudget b = WorkerBudget.of(l.cpus(), l.memoryBytes(), 460 * MIB);
    assertEquals(2, b.workers(), "1 GiB holds two 460 MiB workers although 8 processors would allow 8");
    assertEquals("memory", b.reason());
  }

  @Test
  void thisMachineIsReadWithoutErrors() {
    CgroupLimits l = CgroupLimits.detect(CgroupLimits.Sources.system(), 0, 0);
    assertTrue(l.cpus() > 0 && l.cpus() <= Runtime.getRuntime().availableProcessors(), l.describe());
    assertTrue(l.memoryBytes() > 0, l.describe());
  }
}
