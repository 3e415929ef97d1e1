// An experiment, not part of the build (lab-runs/findings/22-the-cage-gives-fresh-worker-policies-1-3-less.md): warm workers in the capped cage resize
// a shuffled mix of the ladder's samples and presets, one alone and then two side by side, and each image's CPU
// is set against what a calibration charges it (its sample's cost with its preset, by the sample's own ratio).
// Needs root (cgroups).
//   javac -cp target/helper-lab.jar -d /tmp/x lab-runs/analysis/SideBySide.java
//   java -cp target/helper-lab.jar:/tmp/x helperlab.cage.measure.SideBySide /tmp/helperlab-record \
//     lab-runs/amd-2026-12-01c/calibration/calibration.json 150        # data dir, calibration, images per worker
package helperlab.cage.measure;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.ImageSpec;
import helperlab.model.PresetCatalog;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;

public class SideBySide {
  public static void main(String[] a) throws Exception {
    Path data = Path.of(a[0]);
    Calibration cal = DataFile.read(Path.of(a[1]), Calibration.class);
    int images = Integer.parseInt(a[2]);
    Path run = data.resolve("run"); Files.createDirectories(run);
    SampleLibrary lib = SampleLibrary.open(data.resolve("samples"));
    WorkerLauncher launcher = new WorkerLauncher(768, ImageHeader.DEFAULT_MAX_PIXELS, run, true);
    if (!launcher.cdsStatus().startsWith("off")) launcher.prepareArchive();
    List<SampleLibrary.Sample> samples = lib.samples();
    String[] presets = {"web", "web", "thumb", "thumb", "archive"};
    try (CgroupCage cage = CgroupCage.create(1.5, 2048L<<20, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"))) {
      for (int round = 0; round < 2; round++) {
        for (int n : new int[] {1, 2}) {
          List<BenchWorker> ws = new ArrayList<>();
          for (int i = 0; i < n; i++) ws.add(new BenchWorker(launcher, launcher.usesArchive(), cage));
          // warm: 30 images each, off the books
          ExecutorService ex = Executors.newFixedThreadPool(n);
          List<Future<double[]>> fs = new ArrayList<>();
          for (int i = 0; i < n; i++) {
            BenchWorker w = ws.get(i); int id = i;
            fs.add(ex.submit(() -> {
              Random r = new Random(42 + id);
              Path out = run.resolve("sbs-" + id + ".jpg");
              double real = 0, charged = 0;
              for (int k = 0; k < 30 + images; k++) {
                SampleLibrary.Sample s = samples.get(r.nextInt(samples.size()));
                String p = presets[r.nextInt(presets.length)];
                double cpu = w.resize(lib.path(s), out, PresetCatalog.defaults().get(p).longEdge()).cpuS();
                if (k >= 30) { real += cpu; charged += cal.trueSeconds(new ImageSpec(s.width(), s.height()), p); }
              }
              return new double[] {real, charged};
            }));
          }
          double real = 0, charged = 0;
          for (Future<double[]> f : fs) { real += f.get()[0]; charged += f.get()[1]; }
          ex.shutdown();
          for (BenchWorker w : ws) w.close();
          System.out.printf(Locale.ROOT, "round %d, %d worker(s): %d images each, real %.2f s, charged %.2f s, ratio %.3f%n",
              round, n, images, real, charged, real / charged);
        }
      }
    }
  }
}
