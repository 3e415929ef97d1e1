package helperlab.cage.bench;

import helperlab.cage.events.EventStream;
import helperlab.cage.image.ImageHeader;
import helperlab.cage.measure.BenchWorker;
import helperlab.cage.measure.CageCalibration;
import helperlab.cage.measure.CalibrationFit;
import helperlab.cage.service.CageConfig;
import helperlab.cage.store.CageStore;
import helperlab.cage.service.CtlServer;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.cage.worker.WorkerPool;
import helperlab.cage.image.SampleLibrary;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.Calibration;
import helperlab.model.CostCurve;
import helperlab.model.DataFile;
import helperlab.model.PresetCatalog;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cage's benchmark, every figure from one run so they can be compared with each other on a
 * shared, noisy machine: worker start-up (time, CPU, memory) with and without class-data sharing;
 * this machine's cost curve, measured by one worker and written as a calibration; then a capped
 * cage (a supervisor process of its own) running pool-edf-10 on a backlog, for its throughput
 * against the CPU-bound limit of that calibration and the supervisor's CPU per image.
 */
public final class CageBench {
  private static final Pattern SERVING = Pattern.compile("serving on http://127\\.0\\.0\\.1:(\\d+)");

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
  private final HttpClient http = HttpClient.newHttpClient();

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
    throughput(calibration, calFile, lib);
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
    return SampleLibrary.openOrMake(data.resolve("samples"), out);
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
    Calibration c = new Calibration("cage-" + host(), curve, seed.contention(), spawnMs, warmMs,
        spawn.get("private_mb").asDouble(), spawn.get("shared_mb").asDouble(), imageMbPerMp,
        spawn.get("probe_ms").asDouble(), flat, source);
    report.set("calibration", DataFile.JSON.valueToTree(c));
    out.printf(Locale.ROOT, "cost curve of this machine (preset %s, mean CPU of 3 to 25 runs per image, one warm worker):"
        + " %.1f · MP^%.3f ms, clamped to [%.0f, %.0f] ms, R² %.3f%n", preset, fit.a(), fit.b(), fit.floorMs(),
        fit.ceilingMs(), fit.r2());
    for (int i = 0; i < mp.length; i++) {
      out.printf(Locale.ROOT, "  %5.1f MP  %6.0f ms  (curve %6.0f ms)%n", mp[i], ms[i], curve.millis(mp[i]));
    }
    return c;
  }

  /** A capped cage on a backlog of the sample library: images per minute, and the supervisor's CPU. */
  private void throughput(Calibration calibration, Path calFile, SampleLibrary lib) throws Exception {
    String suffix = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
    String server = System.getenv().getOrDefault("HELPERLAB_BENCH_PG", "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres");
    String db = "helperlab_bench_" + suffix;
    String pgUrl = server.replaceFirst("(jdbc:postgresql://[^/]*/)[^?]*", "$1" + db);
    String redis = System.getenv().getOrDefault(CageConfig.ENV_REDIS, CageConfig.DEFAULT_REDIS);
    Path cageData = data.resolve("cage-" + suffix);
    Path inbox = cageData.resolve("inbox");
    Files.createDirectories(inbox);
    for (SampleLibrary.Sample s : lib.samples()) {
      try {
        Files.createLink(inbox.resolve(s.file()), lib.path(s));
      } catch (IOException | UnsupportedOperationException e) {
        Files.copy(lib.path(s), inbox.resolve(s.file()));
      }
    }
    // The supervisor as docs/cage.md says to run it: C1 only and the serial collector, for a control
    // process that is mostly waiting (C2's compile threads would cost more CPU than they save).
    List<String> cmd = new ArrayList<>(List.of(WorkerLauncher.javaCommand(), "-XX:TieredStopAtLevel=1",
        "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
        entryPoint.getName(), "cage", "serve", "--data", cageData.toString(), "--port", "0", "--policy", "pool-edf-10",
        "--cpus", Double.toString(cpus), "--memory", Long.toString(memory), "--calibration", calFile.toString(),
        "--samples", data.resolve("samples").toString(), "--set", "redis_prefix=helperlab-bench-" + suffix));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put(CageConfig.ENV_PG, pgUrl);
    pb.environment().put(CageConfig.ENV_REDIS, redis);
    Path log = cageData.resolve("supervisor.log");
    pb.redirectErrorStream(true).redirectOutput(log.toFile());
    Process sup = pb.start();
    try {
      int port = awaitPort(sup, log);
      ObjectNode status = ctl(cageData, "{\"op\":\"status\"}");
      int budget = status.get("budget").get("workers").asInt();
      out.printf(Locale.ROOT, "capped cage: %s; budget %d workers; CDS %s%n", status.get("cage").asText(), budget,
          status.get("cds").asText());
      // The supervisor's own CPU at rest (its timers: watchdog, samples, checkpoints).
      Thread.sleep(20_000); // past its start-up and first compilations
      double idle0 = cpuSeconds(sup.pid());
      long i0 = System.nanoTime();
      Thread.sleep(10_000);
      double idleRate = (cpuSeconds(sup.pid()) - idle0) / ((System.nanoTime() - i0) / 1e9);

      double meanMs = 0;
      for (SampleLibrary.Sample s : lib.samples()) {
        meanMs += calibration.cost().millis(s.megapixels());
      }
      meanMs /= lib.samples().size();
      double limit = cpus * 60_000 / meanMs;
      double measuredMs = 0;
      for (JsonNode p : report.get("calibration_points")) {
        measuredMs += p.get("cpu_ms").asDouble();
      }
      measuredMs /= report.get("calibration_points").size();
      double measuredLimit = cpus * 60_000 / measuredMs;
      int needed = (int) Math.ceil(limit / 60 * (seconds + 60) * 1.5);
      List<Long> batches = new ArrayList<>();
      List<String> names = lib.samples().stream().map(SampleLibrary.Sample::file).toList();
      int sent = 0;
      while (sent < needed) {
        StringBuilder body = new StringBuilder("{\"preset\":\"" + preset + "\",\"deadline_s\":7200,\"images\":[");
        for (int i = 0; i < names.size(); i++) {
          body.append(i > 0 ? "," : "").append('"').append(names.get(i)).append('"');
        }
        body.append("]}");
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/batches"))
            .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 202) {
          throw new IllegalStateException("the cage refused the backlog: " + r.statusCode() + " " + r.body());
        }
        batches.add(DataFile.JSON.readTree(r.body()).get("batch").asLong());
        sent += names.size();
      }
      // Warm: every worker of the budget has finished images.
      long warmEnd = System.nanoTime() + 120_000_000_000L;
      while (done(port, batches) < 4L * budget && System.nanoTime() < warmEnd) {
        Thread.sleep(200);
      }
      Thread.sleep(15_000); // past the supervisor's own JIT warm-up
      List<Long> workers = workerPids(cageData);
      long d0 = done(port, batches);
      double c0 = cpuSeconds(sup.pid());
      double w0 = cpuSeconds(workers);
      long t0 = System.nanoTime();
      Thread.sleep((long) (seconds * 1000));
      long d1 = done(port, batches);
      double c1 = cpuSeconds(sup.pid());
      double w1 = cpuSeconds(workers);
      double wall = (System.nanoTime() - t0) / 1e9;
      long images = d1 - d0;
      if (d1 >= sent) {
        err.println("bench: the backlog ran out during the window; the figure is a lower bound");
      }
      double perMinute = images / wall * 60;
      double obtained = (w1 - w0) / wall;
      double supCpu = c1 - c0;
      ObjectNode t = report.putObject("throughput");
      t.put("policy", "pool-edf-10");
      t.put("preset", preset);
      t.put("cpus", cpus);
      t.put("memory_bytes", memory);
      t.put("workers", budget);
      t.put("window_s", wall);
      t.put("images", images);
      t.put("images_per_min", perMinute);
      t.put("mean_predicted_ms", meanMs);
      t.put("cpu_bound_limit_per_min", limit);
      t.put("ratio", perMinute / limit);
      t.put("mean_measured_ms", measuredMs);
      t.put("ratio_to_measured", perMinute / measuredLimit);
      t.put("worker_cores_obtained", obtained);
      t.put("ratio_to_cores_obtained", perMinute / (obtained * 60_000 / meanMs));
      t.put("supervisor_cpu_ms_per_image", images > 0 ? supCpu / images * 1000 : Double.NaN);
      out.printf(Locale.ROOT, "throughput of pool-edf-10 on the capped cage (%.2f cpus, %d MiB, %d workers, preset %s,"
              + " the library cycled, %.0f s): %d images, %.1f images/min%n", cpus, memory >> 20, budget, preset, wall,
          images, perMinute);
      out.printf(Locale.ROOT, "  CPU-bound limit: %.2f cores × 60000 / %.0f ms (mean predicted per image) = %.1f images/min;"
          + " reached %.1f%% (target >= 85%%)%n", cpus, meanMs, limit, 100 * perMinute / limit);
      out.printf(Locale.ROOT, "  (against the mean CPU measured per image, %.0f ms, rather than the curve: %.1f%%)%n",
          measuredMs, 100 * perMinute / measuredLimit);
      out.printf(Locale.ROOT, "  the workers got %.2f cores of the %.2f quota (a shared machine: load average %s);"
          + " against the limit of the cores they got: %.1f%%%n", obtained, cpus, loadAverage(),
          100 * perMinute / (obtained * 60_000 / meanMs));
      out.printf(Locale.ROOT, "  supervisor CPU over the window: %.2f ms per image (%.1f ms/s)%n",
          images > 0 ? supCpu / images * 1000 : Double.NaN, supCpu / wall * 1000);
      overhead(port, cageData, sup, names, idleRate);
    } finally {
      sup.destroy();
      if (!sup.waitFor(30, TimeUnit.SECONDS)) {
        sup.destroyForcibly();
      }
      WorkerPool.killLeftovers(cageData.resolve("run"));
      try {
        CageStore.dropDatabase(pgUrl);
      } catch (Exception e) {
        err.println("bench: could not drop " + db + ": " + e.getMessage());
      }
      try (var j = new EventStream(redis, "x").connect()) {
        for (String k : j.keys("helperlab-bench-" + suffix + ":*")) {
          j.del(k);
        }
      } catch (RuntimeException e) {
        err.println("bench: could not clear its Redis keys: " + e.getMessage());
      }
      // The scratch cage's outputs are hundreds of megabytes; its log is kept beside the report.
      try {
        if (Files.exists(log)) {
          Files.move(log, data.resolve("supervisor.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        try (var files = Files.walk(cageData)) {
          for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(f);
          }
        }
      } catch (IOException e) {
        err.println("bench: could not remove " + cageData + ": " + e.getMessage());
      }
    }
  }

  /**
   * The supervisor's CPU per image at a high image rate (thumbnails, sent with earlier deadlines so
   * they go first), where what it spends per image shows above what it spends per second.
   */
  private void overhead(int port, Path cageData, Process sup, List<String> names, double idleRate) throws Exception {
    List<Long> thumbs = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      StringBuilder body = new StringBuilder("{\"preset\":\"thumb\",\"deadline_s\":3600,\"images\":[");
      for (int k = 0; k < names.size(); k++) {
        body.append(k > 0 ? "," : "").append('"').append(names.get(k)).append('"');
      }
      body.append("]}");
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/batches"))
          .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 202) {
        throw new IllegalStateException("the cage refused the thumbnails: " + r.statusCode() + " " + r.body());
      }
      thumbs.add(DataFile.JSON.readTree(r.body()).get("batch").asLong());
    }
    Thread.sleep(10_000);
    long d0 = done(port, thumbs);
    double c0 = cpuSeconds(sup.pid());
    long t0 = System.nanoTime();
    Thread.sleep(30_000);
    long d1 = done(port, thumbs);
    double c1 = cpuSeconds(sup.pid());
    double wall = (System.nanoTime() - t0) / 1e9;
    long images = d1 - d0;
    double gross = images > 0 ? (c1 - c0) / images * 1000 : Double.NaN;
    double marginal = images > 0 ? Math.max(0, (c1 - c0) - idleRate * wall) / images * 1000 : Double.NaN;
    ObjectNode o = report.putObject("supervisor");
    o.put("idle_ms_per_s", idleRate * 1000);
    o.put("preset", "thumb");
    o.put("window_s", wall);
    o.put("images", images);
    o.put("images_per_s", images / wall);
    o.put("cpu_ms_per_image", gross);
    o.put("cpu_ms_per_image_above_rest", marginal);
    out.printf(Locale.ROOT, "supervisor CPU (C1, serial GC): %.1f ms/s at rest; at %.1f thumbnails/s over %.0f s: %.2f ms per"
        + " image in all, %.2f ms per image above its rest (target < 1 ms)%n", idleRate * 1000, images / wall, wall, gross,
        marginal);
  }

  private static List<Long> workerPids(Path cageData) throws IOException {
    List<Long> pids = new ArrayList<>();
    for (JsonNode w : ctl(cageData, "{\"op\":\"status\"}").get("workers")) {
      if (w.get("pid").asLong() > 0) {
        pids.add(w.get("pid").asLong());
      }
    }
    return pids;
  }

  private static double cpuSeconds(List<Long> pids) {
    double sum = 0;
    for (long p : pids) {
      try {
        sum += cpuSeconds(p);
      } catch (IOException | RuntimeException e) {
        // gone
      }
    }
    return sum;
  }

  private static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static int awaitPort(Process p, Path log) throws Exception {
    long end = System.nanoTime() + 120_000_000_000L;
    while (System.nanoTime() < end) {
      Matcher m = SERVING.matcher(Files.exists(log) ? Files.readString(log) : "");
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
      if (!p.isAlive()) {
        throw new IllegalStateException("the cage did not start:\n" + Files.readString(log));
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("the cage did not start in time:\n" + Files.readString(log));
  }

  private long done(int port, List<Long> batches) throws Exception {
    long n = 0;
    for (long b : batches) {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/batches/" + b))
          .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
      JsonNode j = DataFile.JSON.readTree(r.body());
      n += j.get("done").asLong();
    }
    return n;
  }

  private static ObjectNode ctl(Path cageData, String request) throws IOException {
    try (var c = java.nio.channels.SocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
      c.connect(java.net.UnixDomainSocketAddress.of(cageData.resolve("run").resolve(CtlServer.SOCKET)));
      c.write(java.nio.ByteBuffer.wrap((request + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      c.shutdownOutput();
      String line = new java.io.BufferedReader(new java.io.InputStreamReader(java.nio.channels.Channels.newInputStream(c),
          java.nio.charset.StandardCharsets.UTF_8)).readLine();
      return (ObjectNode) DataFile.JSON.readTree(line);
    }
  }

  /** CPU seconds (user + system) a process has used, from /proc/PID/stat. */
  static double cpuSeconds(long pid) throws IOException {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
    return ticks / 100.0; // USER_HZ is 100 on Linux
  }
}
