package helperlab.cage;

import helperlab.model.PresetCatalog;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Is this machine steady enough to record real runs on? One warm worker, alone in a capped cage,
 * resizes the speed probe's sample over and over; the median CPU of each window of time is the
 * machine's speed then. A replay knows the speed probe taken before its run, so a machine whose
 * speed moves within minutes (a shared VM's neighbours) makes real runs that no replay can follow:
 * here the same image went from 104 to 135 ms within 30 s (lab-runs/README.md, finding 18).
 */
public final class SteadinessCheck {
  /** One window: when it started (s), its images, and their median CPU per image (ms). */
  public record Window(double startS, int images, double medianCpuMs) {}

  /** The windows, the slowest median over the fastest less one, and whether that is within the tolerance. */
  public record Report(List<Window> windows, double spread, double tolerance, boolean steady) {}

  private static final int WARM_IMAGES = 20;

  private final Path data;
  private final double cpus;
  private final long memoryBytes;
  private final double seconds;
  private final double windowS;
  private final double tolerance;
  private final PrintStream out;

  public SteadinessCheck(Path data, double cpus, long memoryBytes, double seconds, double windowS, double tolerance,
      PrintStream out) {
    if (!(cpus > 0)) {
      throw new IllegalArgumentException("--cpus must be a positive number of cores, got " + cpus);
    }
    if (!(windowS > 0) || !(seconds >= 2 * windowS)) {
      throw new IllegalArgumentException("--seconds must cover at least two windows of --window seconds (> 0), got "
          + "--seconds " + seconds + " and --window " + windowS);
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
    this.out = out;
  }

  public Report run() throws IOException {
    Path scratch = data.resolve("run");
    Files.createDirectories(scratch);
    SampleLibrary lib = SampleLibrary.openOrMake(data.resolve("samples"), out);
    SampleLibrary.Sample sample = lib.nearest(SpeedProbe.PROBE_MP);
    int longEdge = PresetCatalog.defaults().get("web").longEdge();
    Path target = scratch.resolve("steadiness.jpg");
    WorkerLauncher launcher = new WorkerLauncher(768, ImageHeader.DEFAULT_MAX_PIXELS, scratch, true);
    if (!launcher.cdsStatus().startsWith("off")) {
      launcher.prepareArchive();
    }
    List<Window> windows = new ArrayList<>();
    try (CgroupCage cage = CgroupCage.create(cpus, memoryBytes, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"));
        BenchWorker w = new BenchWorker(launcher, launcher.usesArchive(), cage)) {
      out.printf(Locale.ROOT, "in %s: the %.1f MP sample, over and over, for %.0f s%n", cage.status(), sample.megapixels(),
          seconds);
      for (int i = 0; i < WARM_IMAGES; i++) {
        w.resize(lib.path(sample), target, longEdge); // past the JIT's compiles
      }
      long t0 = System.nanoTime();
      double windowStart = 0;
      List<Double> cpuMs = new ArrayList<>();
      while (true) {
        double cpu = w.resize(lib.path(sample), target, longEdge).cpuS() * 1000;
        double at = (System.nanoTime() - t0) / 1e9;
        cpuMs.add(cpu);
        if (at >= windowStart + windowS) {
          windows.add(window(windowStart, cpuMs));
          out.printf(Locale.ROOT, "  %5.0f s  %3d images  median %6.1f ms%n", windowStart, cpuMs.size(),
              windows.get(windows.size() - 1).medianCpuMs());
          cpuMs.clear();
          windowStart = at;
          if (at >= seconds) {
            break;
          }
        }
      }
    }
    double fastest = windows.stream().mapToDouble(Window::medianCpuMs).min().orElseThrow();
    double slowest = windows.stream().mapToDouble(Window::medianCpuMs).max().orElseThrow();
    double spread = slowest / fastest - 1;
    boolean steady = spread <= tolerance;
    out.printf(Locale.ROOT, "spread %.1f%% (slowest window over fastest): %s%n", 100 * spread, steady
        ? "steady enough to record on (tolerance " + Math.round(100 * tolerance) + "%)"
        : "NOT steady: real runs recorded now will differ from their replays by the machine's own drift"
            + " (tolerance " + Math.round(100 * tolerance) + "%)");
    return new Report(List.copyOf(windows), spread, tolerance, steady);
  }

  static Window window(double startS, List<Double> cpuMs) {
    double[] v = cpuMs.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(v);
    double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    return new Window(startS, v.length, median);
  }
}
