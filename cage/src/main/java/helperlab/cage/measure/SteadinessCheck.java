package helperlab.cage.measure;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.model.Calibration;
import helperlab.model.HostPace;
import helperlab.model.PresetCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Is this machine steady enough to record real runs on? Warm workers in a capped cage resize the
 * speed probe's sample over and over, side by side as in a run; the median CPU of each window of
 * time is the machine's speed then. A replay knows the speed probe taken before its run, so a machine
 * whose speed moves within minutes (a shared VM's neighbours) makes real runs that no replay can
 * follow: here one worker's image went from 104 to 135 ms within 30 s, and two workers side by side
 * cost 1.5 times what one did in one minute and the same in the next (lab-runs/findings/18-this-host-s-speed-changes-within-a-run-and.md).
 */
public final class SteadinessCheck {
  /** One window: when it started (s), its images, and their median CPU per image (ms). */
  public record Window(double startS, int images, double medianCpuMs) {}

  /**
   * The windows, the slowest median over the fastest less one, whether that is within the tolerance, and the host's
   * pace against a calibration (null when none was given).
   */
  public record Report(List<Window> windows, double spread, double tolerance, boolean steady, HostPace pace) {}

  /** A calibration to take the host's pace against, and how far from ×1 the pace may be. */
  public record PaceAgainst(Calibration calibration, double tolerance) {}

  private static final int WARM_IMAGES = 20;

  private final Path data;
  private final double cpus;
  private final long memoryBytes;
  private final double seconds;
  private final double windowS;
  private final double tolerance;
  private final int workers;
  /** Progress and the verdict, a line at a time, for the user (the command prints them). */
  private final Consumer<String> say;
  private PaceAgainst paceAgainst;

  public SteadinessCheck(Path data, double cpus, long memoryBytes, double seconds, double windowS, double tolerance,
      int workers, Consumer<String> say) {
    if (!(cpus > 0)) {
      throw new IllegalArgumentException("--cpus must be a positive number of cores, got " + cpus);
    }
    if (!(windowS > 0) || !(seconds >= 2 * windowS)) {
      throw new IllegalArgumentException("--seconds must cover at least two windows of --window seconds (> 0), got "
          + "--seconds " + seconds + " and --window " + windowS);
    }
    if (workers < 1 || workers > 8) {
      throw new IllegalArgumentException("--workers must be between 1 and 8, got " + workers);
    }
    if (!(tolerance > 0)) {
      throw new IllegalArgumentException("--tolerance must be a positive fraction, got " + tolerance);
    }
    this.data = data.toAbsolutePath();
    this.cpus = cpus;
    this.memoryBytes = memoryBytes;
    this.seconds = seconds;
    this.windowS = windowS;
    this.tolerance = tolerance;
    this.workers = workers;
    this.say = say;
  }

  /**
   * Before the windows, takes the speed probe as a run would and says the host's pace against {@code against}'s
   * calibration (which must have been measured on a cage, with a probe).
   */
  public SteadinessCheck withPace(PaceAgainst against) {
    if (!against.calibration().measuredOnACage()) {
      throw new IllegalArgumentException("the calibration was not measured on a cage (no speed probe of this kind):"
          + " the host's pace cannot be taken against it");
    }
    HostPace.checkTolerance(against.tolerance());
    this.paceAgainst = against;
    return this;
  }

  public Report run() throws Exception {
    Path scratch = data.resolve("run");
    Files.createDirectories(scratch);
    SampleLibrary lib = SampleLibrary.openOrMake(data.resolve("samples"), say);
    SampleLibrary.Sample sample = lib.nearest(SpeedProbe.PROBE_MP);
    int longEdge = PresetCatalog.defaults().get("web").longEdge();
    WorkerLauncher launcher = new WorkerLauncher(768, ImageHeader.DEFAULT_MAX_PIXELS, scratch, true);
    if (!launcher.cdsStatus().startsWith("off")) {
      launcher.prepareArchive();
    }
    // (seconds since the start, CPU ms) of every image, from every worker
    List<double[]> images = Collections.synchronizedList(new ArrayList<>());
    HostPace pace = null;
    ExecutorService pool = Executors.newFixedThreadPool(workers);
    try (CgroupCage cage = CgroupCage.create(cpus, memoryBytes, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"))) {
      say.accept(String.format(Locale.ROOT, "in %s: %d worker(s) resize the %.1f MP sample over and over, for %.0f s", cage.status(),
          workers, sample.megapixels(), seconds));
      if (paceAgainst != null) {
        // as a run takes it: a fresh worker alone in an idle cage (after the windows' workers it reads high)
        pace = new HostPace(SpeedProbe.measure(launcher, cage, lib, scratch), paceAgainst.calibration().speedProbeMs(),
            paceAgainst.tolerance());
      }
      List<BenchWorker> started = new ArrayList<>();
      try {
        for (int i = 0; i < workers; i++) {
          started.add(new BenchWorker(launcher, launcher.usesArchive(), cage));
        }
        List<Future<?>> warming = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
          BenchWorker w = started.get(i);
          Path target = scratch.resolve("steadiness-" + i + ".jpg");
          warming.add(pool.submit(() -> {
            for (int k = 0; k < WARM_IMAGES; k++) {
              w.resize(lib.path(sample), target, longEdge); // past the JIT's compiles, off the clock
            }
            return null;
          }));
        }
        for (Future<?> f : warming) {
          f.get();
        }
        long t0 = System.nanoTime();
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
          BenchWorker w = started.get(i);
          Path target = scratch.resolve("steadiness-" + i + ".jpg");
          running.add(pool.submit(() -> {
            while (true) {
              double cpu = w.resize(lib.path(sample), target, longEdge).cpuS() * 1000;
              double at = (System.nanoTime() - t0) / 1e9;
              if (at >= seconds) {
                return null;
              }
              images.add(new double[] {at, cpu});
            }
          }));
        }
        for (Future<?> f : running) {
          f.get();
        }
      } finally {
        pool.shutdownNow();
        for (BenchWorker w : started) {
          w.close();
        }
      }
    }
    List<Window> windows = windows(images, windowS);
    if (windows.size() < 2) {
      throw new IllegalStateException("too few images for two windows: the machine took more than " + windowS
          + " s per image");
    }
    for (Window w : windows) {
      say.accept(String.format(Locale.ROOT, "  %5.0f s  %3d images  median %6.1f ms", w.startS(), w.images(), w.medianCpuMs()));
    }
    double fastest = windows.stream().mapToDouble(Window::medianCpuMs).min().orElseThrow();
    double slowest = windows.stream().mapToDouble(Window::medianCpuMs).max().orElseThrow();
    double spread = slowest / fastest - 1;
    boolean steady = spread <= tolerance;
    say.accept(String.format(Locale.ROOT, "spread %.1f%% (slowest window over fastest): %s", 100 * spread, steady
        ? "steady enough to record on (tolerance " + Math.round(100 * tolerance) + "%)"
        : "NOT steady: real runs recorded now will differ from their replays by the machine's own drift"
            + " (tolerance " + Math.round(100 * tolerance) + "%)"));
    if (pace != null) {
      say.accept(pace.sentence());
    }
    return new Report(List.copyOf(windows), spread, tolerance, steady, pace);
  }

  /** The images (seconds, CPU ms) in windows of {@code windowS} from 0; windows without an image are left out. */
  static List<Window> windows(List<double[]> images, double windowS) {
    List<Window> out = new ArrayList<>();
    int n = (int) Math.ceil(images.stream().mapToDouble(x -> x[0]).max().orElse(0) / windowS + 1e-9);
    for (int k = 0; k < n; k++) {
      double lo = k * windowS;
      double hi = lo + windowS;
      List<Double> cpu = images.stream().filter(x -> x[0] >= lo && x[0] < hi).map(x -> x[1]).toList();
      if (!cpu.isEmpty()) {
        out.add(window(lo, cpu));
      }
    }
    return out;
  }

  static Window window(double startS, List<Double> cpuMs) {
    return new Window(startS, cpuMs.size(), Calibrator.median(cpuMs.stream().mapToDouble(Double::doubleValue).toArray()));
  }
}
