package helperlab.cage;

import helperlab.model.PresetCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The day's speed, measured the same way at calibration and at the start of every real run: a fresh
 * worker, alone in the cage, warms up, then resizes one fixed sample (the one nearest 8 MP, preset
 * web) a few times; the probe is the median CPU milliseconds of those. A replay scales the
 * calibration's costs by the run's probe over the calibration's.
 */
final class SpeedProbe {
  static final double PROBE_MP = 8;
  static final int ROUNDS = 5;

  private SpeedProbe() {}

  static double measure(WorkerLauncher launcher, CgroupCage cage, SampleLibrary library, Path scratch) throws IOException {
    SampleLibrary.Sample sample = library.nearest(PROBE_MP);
    int longEdge = PresetCatalog.defaults().get("web").longEdge();
    Path target = scratch.resolve("speed-probe.jpg");
    try (BenchWorker w = new BenchWorker(launcher, launcher.usesArchive(), cage)) {
      w.resize(library.path(sample), target, longEdge); // once more past the warm-up, off the clock
      double[] ms = new double[ROUNDS];
      for (int i = 0; i < ROUNDS; i++) {
        ms[i] = w.resize(library.path(sample), target, longEdge).cpuS() * 1000;
      }
      Arrays.sort(ms);
      return ms[ROUNDS / 2];
    }
  }
}
