package helperlab.cage.measure;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.model.Calibration;
import helperlab.model.CostCurve;
import helperlab.model.MemoryPoint;
import helperlab.model.PresetCatalog;
import helperlab.model.SampleCost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Calibrates the simulator on this machine, in a cgroup capped like the cage: the resize cost curve
 * on a ladder of sample images (several repetitions each, with the fit's error); the concurrency
 * curve (throughput with 1 to four times the quota's worth of workers, as far as memory allows),
 * which gives the contention penalty; a fresh worker's start-up (wall, CPU, private and shared
 * memory, at hello and when ready) and warm-up; what its images cost by position in its life;
 * memory per image against its pixels; and the speed probe of the day. Everything it measured is kept in the
 * {@link Report}, from which the plots are drawn.
 */
public final class Calibrator {
  /** How many of a fresh worker's first images get a factor of their own. */
  static final int COLD_IMAGES = 8;
  /** How many images each fresh worker resizes when the factors are measured. */
  static final int WORKER_IMAGES = 24;
  /** How long the host is read before and after ({@link HostSteadiness}). */
  static final double HOST_CHECK_S = 3;
  /** The draw of samples for the fresh workers' images: fixed, so calibrations compare. */
  static final long WORKER_IMAGES_SEED = 8;

  /** One point of a measured curve. */
  public record Point(double x, double y, double spread) {}

  /** What was measured and the calibration made from it. */
  public record Report(Calibration calibration, List<Point> cost, CalibrationFit fit, double fitRmsRelativeError,
      List<Point> concurrency, double quota, double singleWorkerRate, List<Point> memory, double memoryIdleMb,
      double spawnWallS, double readyWallS, double spawnCpuS, double warmupCpuS, double privateMb, double sharedMb,
      double probeMs, String cage, String at, CalibrationCheck check) {}

  private final Path data;
  private final double cpus;
  private final long memoryBytes;
  private final int reps;
  private final double secondsPerLevel;
  private final int spawns;
  /** Progress and results, a line at a time, for the user (the command prints them). */
  private final Consumer<String> say;

  public Calibrator(Path data, double cpus, long memoryBytes, int reps, double secondsPerLevel, int spawns,
      Consumer<String> say) {
    if (!(cpus > 0) || reps < 2 || !(secondsPerLevel >= 5) || spawns < 1) {
      throw new IllegalArgumentException("need --cpus > 0, --reps >= 2, --seconds-per-level >= 5 and --spawns >= 1");
    }
    this.data = data.toAbsolutePath();
    this.cpus = cpus;
    this.memoryBytes = memoryBytes;
    this.reps = reps;
    this.secondsPerLevel = secondsPerLevel;
    this.spawns = spawns;
    this.say = say;
  }

  public Report run() throws Exception {
    Path run = data.resolve("run");
    Files.createDirectories(run);
    SampleLibrary lib = samples();
    int longEdge = PresetCatalog.defaults().get("web").longEdge();
    WorkerLauncher launcher = new WorkerLauncher(768, ImageHeader.DEFAULT_MAX_PIXELS, run, true);
    if (!launcher.cdsStatus().startsWith("off")) {
      launcher.prepareArchive();
    }
    HostCheck hostBefore = HostSteadiness.measure(HOST_CHECK_S);
    say.accept("the host before: " + hostBefore.summary());
    try (CgroupCage cage = CgroupCage.create(cpus, memoryBytes, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"))) {
      say.accept("calibrating in: " + cage.status());
      double[] spawn = spawns(launcher, cage);
      List<Point> cost = new ArrayList<>();
      List<SampleCost> sampleCosts = new ArrayList<>();
      List<Point> memory = new ArrayList<>();
      double[] idle = new double[1];
      double probeBefore = SpeedProbe.measure(launcher, cage, lib, run);
      double probeAfter = ladder(launcher, cage, lib, longEdge, cost, sampleCosts, memory, idle);
      // the ladder's costs are of the machine as it was between the two probes
      double probe = (probeBefore + probeAfter) / 2;
      say.accept(String.format(Locale.ROOT, "speed probe %.1f ms before the ladder, %.1f ms after", probeBefore, probeAfter));
      PresetCosts presets = PresetCosts.measure(launcher, cage, lib, sampleCosts, data, reps, say);
      Map<String, Double> presetFactors = presets.factors();
      sampleCosts = presets.samples();
      List<Double> workerImageFactors = workerImageFactors(launcher, cage, lib, sampleCosts);
      double[] mp = cost.stream().mapToDouble(Point::x).toArray();
      double[] ms = cost.stream().mapToDouble(Point::y).toArray();
      CalibrationFit fit = CalibrationFit.of(mp, ms);
      double rms = 0;
      for (Point p : cost) {
        double rel = fit.curve().millis(p.x()) / p.y() - 1;
        rms += rel * rel;
      }
      rms = Math.sqrt(rms / cost.size());
      say.accept(String.format(Locale.ROOT, "cost curve: %.1f · MP^%.3f ms, clamped to [%.0f, %.0f] ms; R² %.3f on the logarithms,"
          + " RMS relative error %.1f%%", fit.a(), fit.b(), fit.floorMs(), fit.ceilingMs(), fit.r2(), 100 * rms));
      double mbPerMp = memorySlope(memory);
      List<Point> conc = new ArrayList<>();
      double single = new ConcurrencyLadder(data, cpus, memoryBytes, secondsPerLevel, say).run(launcher, cage, lib, longEdge, conc,
          idle[0], memory);
      double kappa = ConcurrencyLadder.contention(conc, single, cpus);
      say.accept(String.format(Locale.ROOT, "contention: %.4f per runnable process past %.2f cores", kappa, cpus));
      CostCurve curve = fit.curve();
      double mean = 0;
      for (double m : mp) {
        mean += curve.millis(m);
      }
      mean /= mp.length;
      Map<String, Double> flat = new TreeMap<>();
      for (String p : PresetCatalog.defaults().names()) {
        flat.put(p, mean * presetFactors.getOrDefault(p, 1.0));
      }
      String at = Instant.now().toString();
      HostCheck hostAfter = HostSteadiness.measure(HOST_CHECK_S);
      say.accept("the host after: " + hostAfter.summary());
      CalibrationCheck check = CalibrationCheck.judge(at, cpus, hostBefore, hostAfter, probeBefore, probeAfter, conc,
          single);
      for (String d : check.doubts()) {
        say.accept("warning: " + d);
      }
      say.accept(check.doubtful() ? "doubtful calibration (" + check.doubts().size() + " doubt(s) above): calibrate"
          + " again when the host is quiet"
          : "steady: nothing in the host or the curves puts this calibration in doubt");
      String source = String.format(Locale.ROOT, "%s on %s at %s in %s: cost curve fitted to %d images x %d"
              + " repetitions (R² %.3f, RMS error %.1f%%); contention from %d concurrency levels; spawn, warm-up and"
              + " memory (peak above idle, by sample) measured; each preset's cost against web's on the same samples; a fresh worker's images by position; flat_average_ms is the curve's mean over the"
              + " ladder, by preset", CageCalibration.CALIBRATE_PREFIX,
          host(), at, cage.status(), cost.size(), reps, fit.r2(), 100 * rms, conc.size());
      Calibration c = Calibration.builder().name("cage-" + host()).cost(curve).contention(kappa)
          .spawnCpuMs(spawn[2] * 1000).warmupCpuMs(spawn[3] * 1000).workerPrivateMb(spawn[4]).workerSharedMb(spawn[5])
          .imageMbPerMp(mbPerMp).speedProbeMs(probe).flatAverageMs(flat).source(source)
          .sampleCosts(List.copyOf(sampleCosts)).presetFactors(presetFactors).workerImageFactors(workerImageFactors)
          .imageMemory(memoryCurve(memory)).workerHelloMb(spawn[6])
          .contentionMeasuredTo(conc.stream().mapToDouble(Point::x).max().orElse(1)).workerReadyS(spawn[1])
          .processor(helperlab.model.Processor.here()).build();
      return new Report(c, List.copyOf(cost), fit, rms, List.copyOf(conc), cpus, single, List.copyOf(memory), idle[0],
          spawn[0], spawn[1], spawn[2], spawn[3], spawn[4], spawn[5], probe, cage.status(), at, check);
    }
  }

  private SampleLibrary samples() throws IOException {
    return SampleLibrary.openOrMake(data.resolve("samples"), say);
  }

  /** The middle value (the mean of the middle two for an even count). */
  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  /**
   * Fresh workers one at a time, in the cage: {hello s, ready s, spawn CPU s, warm-up CPU s, private MB,
   * shared MB, private MB at hello}.
   */
  private double[] spawns(WorkerLauncher launcher, CgroupCage cage) throws IOException {
    double[][] v = new double[7][spawns];
    for (int i = 0; i < spawns; i++) {
      try (BenchWorker w = new BenchWorker(launcher, launcher.usesArchive(), cage)) {
        v[0][i] = w.helloS;
        v[1][i] = w.readyS;
        v[2][i] = w.hello.cpuS();
        v[3][i] = Math.max(0, w.ready.startupCpuS() - w.hello.cpuS());
        v[4][i] = w.privateMb();
        v[5][i] = w.sharedMb();
        v[6][i] = w.helloPrivateMb;
      }
    }
    double[] m = new double[7];
    for (int k = 0; k < 7; k++) {
      m[k] = median(v[k]);
    }
    say.accept(String.format(Locale.ROOT, "worker start-up (median of %d): hello %.2f s, ready %.2f s; CPU %.2f s to hello, %.2f s"
        + " warm-up; private %.0f MiB (%.0f MiB at hello), shared %.0f MiB", spawns, m[0], m[1], m[2], m[3], m[4], m[6],
        m[5]));
    return m;
  }

  /**
   * One warm worker, alone in the cage, resizes every sample {@code reps} times: the mean CPU per
   * image (and its spread) is the cost curve's data; its peak memory after each image, in ascending
   * size, gives memory against pixels; each sample's mean is kept as its measured cost. Returns the
   * speed probe.
   */
  private double ladder(WorkerLauncher launcher, CgroupCage cage, SampleLibrary lib, int longEdge, List<Point> cost,
      List<SampleCost> sampleCosts, List<Point> memory, double[] idle) throws IOException {
    List<SampleLibrary.Sample> samples = new ArrayList<>(lib.samples());
    samples.sort(Comparator.comparingDouble(SampleLibrary.Sample::megapixels));
    Path target = data.resolve("run").resolve("calibration-out");
    try (BenchWorker w = new BenchWorker(launcher, launcher.usesArchive(), cage)) {
      idle[0] = w.rssMb();
      for (SampleLibrary.Sample s : samples) {
        List<Double> cpu = new ArrayList<>();
        // small images are repeated until half a CPU-second adds up, for a steadier mean
        double sum = 0;
        while (cpu.size() < reps || (sum < 0.5 && cpu.size() < 25)) {
          double c = w.resize(lib.path(s), target, longEdge).cpuS();
          cpu.add(c);
          sum += c;
        }
        double mean = sum / cpu.size();
        double var = 0;
        for (double c : cpu) {
          var += (c - mean) * (c - mean);
        }
        double sd = Math.sqrt(var / Math.max(1, cpu.size() - 1));
        cost.add(new Point(s.megapixels(), Math.max(1, mean * 1000), sd * 1000));
        sampleCosts.add(new SampleCost(s.width(), s.height(), Math.max(1, mean * 1000)));
        memory.add(new Point(s.megapixels(), w.peakRssMb() - idle[0], 0));
        say.accept(String.format(Locale.ROOT, "  %5.1f MP  %6.0f ms ± %4.0f  (peak +%4.0f MiB)", s.megapixels(), mean * 1000, sd * 1000,
            w.peakRssMb() - idle[0]));
      }
    }
    return SpeedProbe.measure(launcher, cage, lib, data.resolve("run"));
  }

  /**
   * What a fresh worker's images cost by their position in its life, against the ladder's measured
   * cost of the same samples: {@code spawns} fresh workers each resize {@value #WORKER_IMAGES} samples
   * drawn at random from the ladder (web preset), as a task's mixed images reach a fresh worker; the
   * code paths a new size takes are compiled on first use, so repeating one sample would hide most of
   * the penalty. Factors for the first {@value #COLD_IMAGES} images, one for the next
   * {@value #COLD_IMAGES} (repeated in the list, by position), then one for every later image (the JIT
   * goes on improving a long-lived worker for dozens of images): each the CPU summed over the workers
   * against their ladder costs summed (what throughput feels, and a compile burst is a fixed cost that a
   * ratio's mean would lay on the smallest images).
   */
  private List<Double> workerImageFactors(WorkerLauncher launcher, CgroupCage cage, SampleLibrary lib,
      List<SampleCost> web) throws IOException {
    if (web.isEmpty()) {
      return List.of();
    }
    int slots = COLD_IMAGES + 2;
    double[] cpuMs = new double[slots];
    double[] ladderMs = new double[slots];
    SplittableRandom pick = new SplittableRandom(WORKER_IMAGES_SEED);
    Path target = data.resolve("run").resolve("calibration-cold-out");
    int longEdge = PresetCatalog.defaults().get("web").longEdge();
    for (int w = 0; w < spawns; w++) {
      try (BenchWorker worker = new BenchWorker(launcher, launcher.usesArchive(), cage)) {
        for (int i = 0; i < WORKER_IMAGES; i++) {
          SampleCost c = web.get(pick.nextInt(web.size()));
          int slot = i < COLD_IMAGES ? i : i < 2 * COLD_IMAGES ? COLD_IMAGES : COLD_IMAGES + 1;
          cpuMs[slot] += worker.resize(lib.path(PresetCosts.sampleOf(lib, c)), target, longEdge).cpuS() * 1000;
          ladderMs[slot] += c.ms();
        }
      }
    }
    List<Double> factors = new ArrayList<>();
    for (int i = 0; i < slots; i++) {
      int repeat = i == COLD_IMAGES ? COLD_IMAGES : 1;
      for (int k = 0; k < repeat; k++) {
        factors.add(cpuMs[i] / ladderMs[i]);
      }
    }
    say.accept(String.format(Locale.ROOT, "a fresh worker's images by position (%d workers, random samples), against the ladder's"
            + " cost: %s, then %.2f for images %d-%d, then %.2f", spawns,
        factors.subList(0, COLD_IMAGES).stream().map(f -> String.format(Locale.ROOT, "%.2f", f)).toList(),
        cpuMs[COLD_IMAGES] / ladderMs[COLD_IMAGES], COLD_IMAGES + 1, 2 * COLD_IMAGES,
        cpuMs[COLD_IMAGES + 1] / ladderMs[COLD_IMAGES + 1]));
    return factors;
  }

  /**
   * The ladder's peak memory above idle after each sample, as the curve the simulator holds a worker
   * to: the ladder runs in ascending size, so each point is what a worker keeps after an image that big.
   */
  static List<MemoryPoint> memoryCurve(List<Point> memory) {
    return memory.stream().map(p -> new MemoryPoint(p.x(), Math.max(0, p.y()))).toList();
  }

  /** Least squares through the origin of peak memory above idle against megapixels. */
  private static double memorySlope(List<Point> memory) {
    double sxy = 0;
    double sxx = 0;
    for (Point p : memory) {
      sxy += p.x() * Math.max(0, p.y());
      sxx += p.x() * p.x();
    }
    return sxx > 0 ? sxy / sxx : 0;
  }

  private static String host() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
