// An experiment, not part of the build (lab-runs/findings/22-the-cage-gives-fresh-worker-policies-1-3-less.md): the CPU and wall time of a warm
// worker's exit (Stop to reaped), and its CPU over five 8 MP images as a cpuacct cgroup counts it against
// what it reports. Needs root (cgroups).
//   javac -cp target/helper-lab.jar -d /tmp/x lab-runs/analysis/ExitCost.java
//   java -cp target/helper-lab.jar:/tmp/x helperlab.cage.measure.ExitCost /tmp/helperlab-record 8   # a calibrated data dir, workers
package helperlab.cage.measure;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.model.PresetCatalog;
import java.nio.file.*;
import java.util.*;

public class ExitCost {
  static long usage(Path g) throws Exception { return Long.parseLong(Files.readString(g.resolve("cpuacct.usage")).trim()); }
  public static void main(String[] a) throws Exception {
    Path data = Path.of(a[0]);
    int n = Integer.parseInt(a[1]);
    Path run = data.resolve("run"); Files.createDirectories(run);
    SampleLibrary lib = SampleLibrary.open(data.resolve("samples"));
    WorkerLauncher launcher = new WorkerLauncher(768, ImageHeader.DEFAULT_MAX_PIXELS, run, true);
    if (!launcher.cdsStatus().startsWith("off")) launcher.prepareArchive();
    int edge = PresetCatalog.defaults().get("web").longEdge();
    var s = lib.samples().stream().filter(x -> x.megapixels() > 7 && x.megapixels() < 9).findFirst().orElseThrow();
    Path acct = Path.of("/sys/fs/cgroup/cpuacct/hl-exit-" + ProcessHandle.current().pid());
    Files.createDirectories(acct);
    try (CgroupCage cage = CgroupCage.create(1.5, 2048L<<20, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"))) {
      for (int i = 0; i < n; i++) {
        BenchWorker w = new BenchWorker(launcher, launcher.usesArchive(), cage);
        Files.writeString(acct.resolve("cgroup.procs"), Long.toString(w.process.pid()));
        long u0 = usage(acct);
        double reported = 0;
        for (int k = 0; k < 5; k++) reported += w.resize(lib.path(s), run.resolve("out.jpg"), edge).cpuS();
        long u1 = usage(acct);
        long t0 = System.nanoTime();
        w.close();
        double wall = (System.nanoTime() - t0) / 1e9;
        long u2 = usage(acct);
        System.out.printf(Locale.ROOT, "images: cgroup %.3f s, reported %.3f s; exit: cpu %.3f s, wall %.3f s%n",
            (u1 - u0) / 1e9, reported, (u2 - u1) / 1e9, wall);
      }
    } finally {
      Files.deleteIfExists(acct);
    }
  }
}
