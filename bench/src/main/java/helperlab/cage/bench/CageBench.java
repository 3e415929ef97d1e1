package helperlab.cage.bench;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.measure.BenchWorker;
import helperlab.cage.measure.CageCalibration;
import helperlab.cage.measure.CalibrationFit;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.cage.image.SampleLibrary;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.Calibration;
import helperlab.model.CostCurve;
import helperlab.model.DataFile;
import helperlab.model.PresetCatalog;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cage's benchmark, every figure from one run so they can be compared with each other on a
 * shared, noisy machine: worker start-up (time, CPU, memory) with and without class-data sharing;
 * this machine's cost curve, measured by one worker and written as a calibration; then a capped
 * cage (a supervisor process of its own) running pool-edf-10 on a backlog, for its throughput
 * against the CPU-bound limit of that calibration and the supervisor's CPU per image.
 */
public final class CageBench {
  private final Path data;
  private final double cpus;
  private final long memory;
  private final double seconds;
  private final int spawns;
  private final String preset;
  private final Class<?> entryPoint;
  private final PrintStream out;
  private final PrintStream err;
  private final ObjectNode report = DataFile.JSON.createObjectNode();

  /**
   * {@code entryPoint} is the program's main class, whose {@code cage serve} the throughput run starts as a
   * process of its own (the cage cannot name the command line's class without depending on it).
   */
  public CageBench(Path data, double cpus, long memory, double seconds, int spawns, String preset, PrintStream out,
      PrintStream err, Class<?> entryPoint) {
    if (!(cpus > 0) || !(seconds >= 10) || spawns < 1) {
      throw new IllegalArgumentException("need --cpus > 0, --seconds >= 10 and --spawns >= 1");
    }
    if (!PresetCatalog.defaults().has(preset)) {
      throw new IllegalArgumentException("unknown preset '" + preset + "'; known: "
          + String.join(", ", PresetCatalog.defaults().names()));
    }
    this.data = data.toAbsolutePath();
    this.cpus = cpus;
    this.memory = memory;
    this.seconds = seconds;
    this.spawns = spawns;
    this.preset = preset;
    this.entryPoint = entryPoint;
    this.out = out;
    this.err = err;
  }

  public int run() throws Exception {
    Files.createDirectories(data);
    Path run = data.resolve("run");
    Files.createDirectories(run);
    out.printf(Locale.ROOT, "helper-lab cage bench: %s, %d processors, Java %s, %s%n", host(),
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), Instant.now());
    report.put("host", host());
    report.put("processors", Runtime.getRuntime().availableProcessors());
    report.put("at", Instant.now().toString());
    SampleLibrary lib = samples();
    int longEdge = PresetCatalog.defaults().get(preset).longEdge();
    WorkerLauncher launcher = new WorkerLauncher(768, ImageHeader.DEFAULT_MAX_PIXELS, run, true);
    ObjectNode spawn = report.putObject("spawn");
    if (launcher.cdsStatus().startsWith("off")) {
      out.println("class-data sharing: " + launcher.cdsStatus());
    } else {
      launcher.prepareArchive();
      out.println("class-data sharing: " + launcher.cdsStatus());
    }
    spawn.put("cds", launcher.cdsStatus());
    ObjectNode without = measureSpawns(launcher, false);
    spawn.set("without_cds", without);
    if (launcher.usesArchive()) {
      ObjectNode with = measureSpawns(launcher, true);
      spawn.set("with_cds", with);
      out.printf(Locale.ROOT, "  class-data sharing cuts ready time by %.0f%% and start-up CPU by %.0f%%%n",
          100 * (1 - with.get("ready_s").asDouble() / without.get("ready_s").asDouble()),
          100 * (1 - with.get("startup_cpu_s").asDouble() / without.get("startup_cpu_s").asDouble()));
    }
    Calibration calibration = calibrate(launcher, lib, longEdge, without);
    Path calFile = data.resolve("calibration.json");
    DataFile.write(calFile, calibration);
    out.println("  written to " + calFile);
    new ThroughputBench(data, cpus, memory, seconds, preset, entryPoint, out, err, report)
        .run(calibration, calFile, lib);
    DataFile.write(data.resolve("bench.json"), report);
    out.println("report: " + data.resolve("bench.json"));
    return 0;
  }

  private static String host() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  private SampleLibrary samples() throws IOException {
    return SampleLibrary.openOrMake(data.resolve("samples"), out::println);
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  /** Starts workers one after another (each alone on the machine) and takes the medians. */
  private ObjectNode measureSpawns(WorkerLauncher launcher, boolean share) throws IOException {
    double[] hello = new double[spawns];
    double[] ready = new double[spawns];
    double[] cpu = new double[spawns];
    double[] helloCpu = new double[spawns];
    double[] rss = new double[spawns];
    double[] pss = new double[spawns];
    double[] priv = new double[spawns];
    double[] shared = new double[spawns];
    double[] probe = new double[spawns];
    for (int i = 0; i < spawns; i++) {
      try (BenchWorker w = new BenchWorker(launcher, share)) {
        hello[i] = w.helloS;
        ready[i] = w.readyS;
        cpu[i] = w.ready.startupCpuS();
        helloCpu[i] = w.hello.cpuS();
        probe[i] = w.ready.probeMs();
        rss[i] = w.rssMb();
        pss[i] = w.pssMb();
        priv[i] = w.privateMb();
        shared[i] = w.sharedMb();
      }
    }
    ObjectNode o = DataFile.JSON.createObjectNode();
    o.put("n", spawns);
    o.put("hello_s", median(hello));
    o.put("ready_s", median(ready));
    o.put("startup_cpu_s", median(cpu));
    o.put("jvm_start_cpu_s", median(helloCpu));
    o.put("rss_mb", median(rss));
    o.put("pss_mb", median(pss));
    o.put("private_mb", median(priv));
    o.put("shared_mb", median(shared));
    o.put("probe_ms", median(probe));
    out.printf(Locale.ROOT, "worker start-up %s CDS (median of %d): hello %.2f s, ready (warmed up) %.2f s, CPU %.2f s"
            + " (%.2f s to hello); memory when ready: RSS %.0f MiB, PSS %.0f MiB (private %.0f, shared %.0f)%n",
        share ? "with" : "without", spawns, o.get("hello_s").asDouble(), o.get("ready_s").asDouble(),
        o.get("startup_cpu_s").asDouble(), o.get("jvm_start_cpu_s").asDouble(), o.get("rss_mb").asDouble(),
        o.get("pss_mb").asDouble(), o.get("private_mb").asDouble(), o.get("shared_mb").asDouble());
    return o;
  }

  /** One warm worker resizes every sample three times; the median CPU per image is the curve's data. */
  private Calibration calibrate(WorkerLauncher launcher, SampleLibrary lib, int longEdge, ObjectNode spawn)
      throws IOException {
    List<SampleLibrary.Sample> samples = lib.samples();
    double[] mp = new double[samples.size()];
    double[] ms = new double[samples.size()];
    double imageMbPerMp = 0;
    ArrayNode points = report.putArray("calibration_points");
    try (BenchWorker w = new BenchWorker(launcher, launcher.usesArchive())) {
      Path target = data.resolve("run").resolve("calibration-out");
      double idle = w.rssMb();
      for (int i = 0; i < samples.size(); i++) {
        SampleLibrary.Sample s = samples.get(i);
        // The kernel counts CPU in ticks (10 ms here): repeat small images until the ticks add up.
        double sum = 0;
        int k = 0;
        while (k < 3 || (sum < 0.5 && k < 25)) {
          sum += w.resize(lib.path(s), target, longEdge).cpuS();
          k++;
        }
        mp[i] = s.megapixels();
        ms[i] = Math.max(1, sum / k * 1000);
        ObjectNode p = points.addObject();
        p.put("megapixels", mp[i]);
        p.put("cpu_ms", ms[i]);
      }
      double peak = w.peakRssMb();
      imageMbPerMp = Math.max(0, (peak - idle) / samples.get(samples.size() - 1).megapixels());
    }
    CalibrationFit fit = CalibrationFit.of(mp, ms);
    CostCurve curve = fit.curve();
    Map<String, Double> flat = new TreeMap<>();
    double mean = 0;
    for (double m : mp) {
      mean += curve.millis(m);
    }
    mean /= mp.length;
    for (String p : PresetCatalog.defaults().names()) {
      flat.put(p, mean);
    }
    Calibration seed = Calibration.seed();
    double spawnMs = spawn.get("jvm_start_cpu_s").asDouble() * 1000;
    double warmMs = Math.max(0, spawn.get("startup_cpu_s").asDouble() * 1000 - spawnMs);
    String source = String.format(Locale.ROOT, "%s on %s at %s: cost curve fitted (R² %.3f) to the mean CPU of one warm"
            + " worker per image of the sample library at preset %s; spawn, warm-up, memory and probe measured;"
            + " contention kept from the seed", CageCalibration.SOURCE_PREFIX, host(), Instant.now(), fit.r2(), preset);
    Calibration c = Calibration.builder().name("cage-" + host()).cost(curve).contention(seed.contention())
        .spawnCpuMs(spawnMs).warmupCpuMs(warmMs).workerPrivateMb(spawn.get("private_mb").asDouble())
        .workerSharedMb(spawn.get("shared_mb").asDouble()).imageMbPerMp(imageMbPerMp)
        .speedProbeMs(spawn.get("probe_ms").asDouble()).flatAverageMs(flat).source(source).build();
    report.set("calibration", DataFile.JSON.valueToTree(c));
    out.printf(Locale.ROOT, "cost curve of this machine (preset %s, mean CPU of 3 to 25 runs per image, one warm worker):"
        + " %.1f · MP^%.3f ms, clamped to [%.0f, %.0f] ms, R² %.3f%n", preset, fit.a(), fit.b(), fit.floorMs(),
        fit.ceilingMs(), fit.r2());
    for (int i = 0; i < mp.length; i++) {
      out.printf(Locale.ROOT, "  %5.1f MP  %6.0f ms  (curve %6.0f ms)%n", mp[i], ms[i], curve.millis(mp[i]));
    }
    return c;
  }
}
