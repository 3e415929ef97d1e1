package helperlab.cage.measure;

import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.model.PresetCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The day's speed, measured the same way at calibration and at the start of every real run: a fresh
 * worker, alone in the cage, warms up, then resizes one fixed sample (the one nearest 8 MP, preset
 * web) a few times; the probe is the median CPU milliseconds of the resizing thread (a nanosecond
 * clock: the process's counts 10 ms ticks and takes in the fresh JVM's JIT compiles, which a busy
 * machine delays into the probe). A replay scales the calibration's costs by the run's probe over
 * the calibration's. The cage's memory is reclaimed first, so the probe's thread is not charged the
 * kernel's reclaim of the cache a previous run left (probes right after a box run read high; see
 * lab-runs/findings/09-the-speed-probe-is-disturbed-after-a-memory.md: reclaiming does not cure all of it).
 */
public final class SpeedProbe {
  static final double PROBE_MP = 8;
  static final int ROUNDS = 7;
  static final int WARM_ROUNDS = 3;

  private SpeedProbe() {}

  public static double measure(WorkerLauncher launcher, CgroupCage cage, SampleLibrary library, Path scratch) throws IOException {
    SampleLibrary.Sample sample = library.nearest(PROBE_MP);
    int longEdge = PresetCatalog.defaults().get("web").longEdge();
    Path target = scratch.resolve("speed-probe.jpg");
    cage.reclaim();
    try (BenchWorker w = new BenchWorker(launcher, launcher.usesArchive(), cage)) {
      for (int i = 0; i < WARM_ROUNDS; i++) {
        w.resize(library.path(sample), target, longEdge); // past the worker's own warm-up, off the clock
      }
      double[] ms = new double[ROUNDS];
      for (int i = 0; i < ROUNDS; i++) {
        var done = w.resize(library.path(sample), target, longEdge);
        ms[i] = (done.threadCpuS() > 0 ? done.threadCpuS() : done.cpuS()) * 1000;
      }
      Arrays.sort(ms);
      return ms[ROUNDS / 2];
    }
  }
}
