// An experiment, not part of the build (lab-runs/findings/17-an-image-s-memory-comes-all-at-once-in-the-model.md): how a worker's resident memory grows
// through each image of the ladder, in ascending size, then through one 11 MP image on a fresh worker.
//   javac -cp target/helper-lab.jar -d /tmp/x lab-runs/analysis/RssTimeline.java
//   java -cp target/helper-lab.jar:/tmp/x helperlab.cage.measure.RssTimeline /tmp/helperlab-record   # a calibrated data dir
package helperlab.cage.measure;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.model.PresetCatalog;
import java.nio.file.*;
import java.util.*;

public class RssTimeline {
  public static void main(String[] a) throws Exception {
    Path data = Path.of(a[0]);
    Path run = data.resolve("run"); Files.createDirectories(run);
    SampleLibrary lib = SampleLibrary.open(data.resolve("samples"));
    WorkerLauncher launcher = new WorkerLauncher(768, ImageHeader.DEFAULT_MAX_PIXELS, run, true);
    if (!launcher.cdsStatus().startsWith("off")) launcher.prepareArchive();
    int edge = PresetCatalog.defaults().get("web").longEdge();
    List<SampleLibrary.Sample> samples = new ArrayList<>(lib.samples());
    samples.sort(Comparator.comparingDouble(SampleLibrary.Sample::megapixels));
    try (CgroupCage cage = CgroupCage.create(1.5, 2048L<<20, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"))) {
      for (int fresh = 0; fresh < 2; fresh++) {
      try (BenchWorker w = new BenchWorker(launcher, launcher.usesArchive(), cage)) {
        for (var s : samples) {
          if (fresh == 1 && s.megapixels() < 10) continue;
          List<double[]> tl = Collections.synchronizedList(new ArrayList<>());
          long t0 = System.nanoTime();
          double rss0 = w.rssMb();
          var done = new java.util.concurrent.atomic.AtomicBoolean();
          Thread poll = new Thread(() -> { while (!done.get()) { tl.add(new double[]{(System.nanoTime()-t0)/1e9, w.rssMb()}); try { Thread.sleep(2);} catch (InterruptedException e) {return;} } });
          poll.start();
          var d = w.resize(lib.path(s), run.resolve("rss.jpg"), edge);
          double wall = (System.nanoTime()-t0)/1e9;
          done.set(true); poll.join();
          double peak = tl.stream().mapToDouble(x->x[1]).max().orElse(rss0);
          double grow = peak - rss0;
          double t50 = Double.NaN, t90 = Double.NaN;
          for (double[] x : tl) { if (Double.isNaN(t50) && x[1] >= rss0 + 0.5*grow) t50 = x[0]; if (Double.isNaN(t90) && x[1] >= rss0 + 0.9*grow) t90 = x[0]; }
          System.out.printf(Locale.ROOT, "%s %5.1f MP wall %.3f s cpu %.3f  rss %4.0f -> %4.0f (+%4.0f)  50%% at %.2f  90%% at %.2f of wall  samples %d%n",
              fresh==0?"asc  ":"fresh", s.megapixels(), wall, d.cpuS(), rss0, peak, grow, t50/wall, t90/wall, tl.size());
          if (fresh == 1) break;
        }
      }
      }
    }
  }
}
