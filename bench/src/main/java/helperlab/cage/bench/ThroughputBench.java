package helperlab.cage.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.config.CageConfig;
import helperlab.cage.ctl.CtlServer;
import helperlab.cage.events.EventStream;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.store.CageStore;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.cage.worker.WorkerPool;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.protocol.CageStatusReport;
import helperlab.protocol.Wire;
import helperlab.protocol.ctl.CtlRequest;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bench's last part: a capped cage (a supervisor process of its own, started on the program's entry
 * point) running pool-edf-10 on a backlog of the sample library, for its throughput against the
 * CPU-bound limit of the bench's calibration and the supervisor's CPU per image, busy and idle.
 */
final class ThroughputBench {
  private static final Pattern SERVING = Pattern.compile("serving on http://127\\.0\\.0\\.1:(\\d+)");

  private final Path data;
  private final double cpus;
  private final long memory;
  private final double seconds;
  private final String preset;
  private final Class<?> entryPoint;
  private final PrintStream out;
  private final PrintStream err;
  private final ObjectNode report;
  private final HttpClient http = HttpClient.newHttpClient();

  ThroughputBench(Path data, double cpus, long memory, double seconds, String preset, Class<?> entryPoint,
      PrintStream out, PrintStream err, ObjectNode report) {
    this.data = data;
    this.cpus = cpus;
    this.memory = memory;
    this.seconds = seconds;
    this.preset = preset;
    this.entryPoint = entryPoint;
    this.out = out;
    this.err = err;
    this.report = report;
  }

  /** A capped cage on a backlog of the sample library: images per minute, and the supervisor's CPU. */
  void run(Calibration calibration, Path calFile, SampleLibrary lib) throws Exception {
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
      CageStatusReport status = status(cageData);
      int budget = status.budget().workers();
      out.printf(Locale.ROOT, "capped cage: %s; budget %d workers; CDS %s%n", status.cage(), budget, status.cds());
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
    for (CageStatusReport.Worker w : status(cageData).workers()) {
      if (w.pid() > 0) {
        pids.add(w.pid());
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

  /** The cage's status, asked over its control socket and read through the protocol's record. */
  private static CageStatusReport status(Path cageData) throws IOException {
    String request = Wire.line(new CtlRequest.Status());
    try (var c = java.nio.channels.SocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
      c.connect(java.net.UnixDomainSocketAddress.of(cageData.resolve("run").resolve(CtlServer.SOCKET)));
      c.write(java.nio.ByteBuffer.wrap((request + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      c.shutdownOutput();
      String line = new java.io.BufferedReader(new java.io.InputStreamReader(java.nio.channels.Channels.newInputStream(c),
          java.nio.charset.StandardCharsets.UTF_8)).readLine();
      return Wire.read(line, CageStatusReport.class);
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
