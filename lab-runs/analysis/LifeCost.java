// An experiment, not part of the build (lab-runs/findings/22-the-cage-gives-fresh-worker-policies-1-3-less.md): a fresh worker's whole life (start,
// warm-up, N images, exit) as a cpuacct cgroup counts it, against what the worker reports (its start-up CPU at
// ready plus each image's CPU). This JVM joins the cgroup so that every worker is born in it; its own CPU is
// taken off. Needs root (cgroups).
//   javac -cp target/helper-lab.jar -d /tmp/x lab-runs/analysis/LifeCost.java
//   java -cp target/helper-lab.jar:/tmp/x helperlab.cage.measure.LifeCost /tmp/helperlab-record 6 12   # data dir, workers, images
package helperlab.cage.measure;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.model.PresetCatalog;
import java.lang.management.ManagementFactory;
import java.nio.file.*;
import java.util.*;

public class LifeCost {
  static long usage(Path g) throws Exception { return Long.parseLong(Files.readString(g.resolve("cpuacct.usage")).trim()); }
  static long own() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
  public static void main(String[] a) throws Exception {
    Path data = Path.of(a[0]);
    int workers = Integer.parseInt(a[1]);
    int images = Integer.parseInt(a[2]);
    Path run = data.resolve("run"); Files.createDirectories(run);
    SampleLibrary lib = SampleLibrary.open(data.resolve("samples"));
    WorkerLauncher launcher = new WorkerLauncher(768, ImageHeader.DEFAULT_MAX_PIXELS, run, true);
    if (!launcher.cdsStatus().startsWith("off")) launcher.prepareArchive();
    int edge = PresetCatalog.defaults().get("web").longEdge();
    List<SampleLibrary.Sample> samples = lib.samples().stream().filter(x -> x.megapixels() < 12).toList();
    Path acct = Path.of("/sys/fs/cgroup/cpuacct/hl-life-" + ProcessHandle.current().pid());
    Files.createDirectories(acct);
    // this JVM joins the group, so every worker it starts is born there; its own CPU is taken off
    Files.writeString(acct.resolve("cgroup.procs"), Long.toString(ProcessHandle.current().pid()));
    try (CgroupCage cage = CgroupCage.create(1.5, 2048L<<20, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"))) {
      for (int i = 0; i < workers; i++) {
        long u0 = usage(acct), o0 = own();
        BenchWorker w = new BenchWorker(launcher, launcher.usesArchive(), cage);
        long u1 = usage(acct), o1 = own();
        double reported = w.ready.startupCpuS();
        double startCg = ((u1 - u0) - (o1 - o0)) / 1e9;
        double imgs = 0;
        for (int k = 0; k < images; k++) imgs += w.resize(lib.path(samples.get((i * images + k) % samples.size())), run.resolve("out.jpg"), edge).cpuS();
        long u2 = usage(acct), o2 = own();
        w.close();
        long u3 = usage(acct), o3 = own();
        double imgCg = ((u2 - u1) - (o2 - o1)) / 1e9, exitCg = ((u3 - u2) - (o3 - o2)) / 1e9;
        System.out.printf(Locale.ROOT, "start-up: cgroup %.3f reported %.3f | %d images: cgroup %.3f reported %.3f | exit %.3f | life: cgroup %.3f reported %.3f (%.1f%%)%n",
            startCg, reported, images, imgCg, imgs, exitCg, startCg + imgCg + exitCg, reported + imgs,
            100 * (startCg + imgCg + exitCg - reported - imgs) / (reported + imgs));
      }
    } finally {
      Files.writeString(Path.of("/sys/fs/cgroup/cpuacct/cgroup.procs"), Long.toString(ProcessHandle.current().pid()));
      Files.deleteIfExists(acct);
    }
  }
}
