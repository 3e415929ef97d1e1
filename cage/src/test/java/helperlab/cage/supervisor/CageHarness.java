package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestDatabase;
import helperlab.cage.TestImages;
import helperlab.cage.TestRedis;
import helperlab.cage.config.CageConfig;
import helperlab.cage.ctl.CtlServer;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.intake.Intake;
import helperlab.cage.run.CageClock;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A real cage in the test's JVM: supervisor, intake and control socket, with worker processes,
 * its own PostgreSQL database and Redis prefix. Closing it checks that no worker is left running.
 */
public final class CageHarness implements AutoCloseable {
  public final Path data;
  public final TestDatabase db;
  public final TestRedis redis;
  public final Supervisor supervisor;
  public final Intake intake;
  final CtlServer ctl;
  /** The cage's log (SLF4J's lines on stderr) from its start. */
  private final helperlab.cage.LogTap log = helperlab.cage.LogTap.open();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private CageHarness(Path data, TestDatabase db, TestRedis redis, Map<String, Object> settings, CageClock clock)
      throws Exception {
    this.data = data;
    this.db = db;
    this.redis = redis;
    Map<String, Object> flags = new LinkedHashMap<>();
    flags.put("data", data.toString());
    flags.put("port", 0);
    flags.put("pg_url", db.url());
    flags.put("redis_url", redis.url);
    flags.put("redis_prefix", redis.prefix);
    flags.put("samples", TestImages.library().dir().toString());
    flags.put("cgroup", "off");
    flags.put("cds", "off");
    // Tests of admission's arithmetic plan on a capacity they can compute; LiveAdmissionTest turns this on.
    flags.put("admission_follows_host", false);
    flags.putAll(settings);
    CageConfig config = CageConfig.load(null, flags, Map.of());
    this.supervisor = Supervisor.start(config, clock);
    this.intake = new Intake(supervisor);
    this.ctl = new CtlServer(supervisor);
  }

  /** A cage on {@code data} with its own database and Redis prefix (closed with it). */
  public static CageHarness start(Path data, Map<String, Object> settings) throws Exception {
    return start(data, settings, CageClock.SYSTEM);
  }

  /** A cage as {@link #start(Path, Map)} that reads the time from {@code clock}. */
  static CageHarness start(Path data, Map<String, Object> settings, CageClock clock) throws Exception {
    TestDatabase db = TestDatabase.create();
    TestRedis redis = new TestRedis();
    try {
      return new CageHarness(data, db, redis, settings, clock);
    } catch (Exception e) {
      db.close();
      redis.close();
      throw e;
    }
  }

  /** Another cage on the same data, database and prefix (a restart); they are not closed with it. */
  static CageHarness restart(Path data, TestDatabase db, TestRedis redis, Map<String, Object> settings) throws Exception {
    return new CageHarness(data, db, redis, settings, CageClock.SYSTEM);
  }

  public Path inbox() {
    return data.resolve("inbox");
  }

  /** What the cage has logged so far. */
  public String log() {
    return log.text();
  }

  /** An HTTP answer: status, Retry-After (or null), JSON body. */
  public record Answer(int status, String retryAfter, JsonNode body) {}

  public Answer post(String json) throws IOException, InterruptedException {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/batches"))
        .POST(HttpRequest.BodyPublishers.ofString(json)).timeout(Duration.ofSeconds(40)).build(),
        HttpResponse.BodyHandlers.ofString());
    return new Answer(r.statusCode(), r.headers().firstValue("Retry-After").orElse(null), DataFile.JSON.readTree(r.body()));
  }

  public Answer get(String path) throws IOException, InterruptedException {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).GET().timeout(Duration.ofSeconds(40)).build(),
        HttpResponse.BodyHandlers.ofString());
    return new Answer(r.statusCode(), r.headers().firstValue("Retry-After").orElse(null), DataFile.JSON.readTree(r.body()));
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + intake.port() + path);
  }

  /** POSTs a batch of paths (relative to the inbox) and expects 202; returns the batch id. */
  public long submit(String preset, List<String> images, Double deadlineS) throws IOException, InterruptedException {
    StringBuilder json = new StringBuilder("{\"preset\":\"" + preset + "\",\"images\":[");
    for (int i = 0; i < images.size(); i++) {
      json.append(i > 0 ? "," : "").append(DataFile.compact(images.get(i)));
    }
    json.append("]").append(deadlineS == null ? "" : ",\"deadline_s\":" + deadlineS).append("}");
    Answer a = post(json.toString());
    assertEquals(202, a.status(), a.body().toString());
    return a.body().get("batch").asLong();
  }

  /** Polls GET /batches/{id} until its state is final (met, late, or every input gone). */
  public JsonNode awaitFinished(long batch, Duration timeout) throws Exception {
    return awaitBatch(batch, timeout, b -> List.of("met", "late", "inputs_gone").contains(b.get("state").asText()));
  }

  JsonNode awaitBatch(long batch, Duration timeout, Predicate<JsonNode> done) throws Exception {
    java.util.concurrent.atomic.AtomicReference<JsonNode> last = new java.util.concurrent.atomic.AtomicReference<>();
    try {
      return await("batch " + batch).atMost(timeout.multipliedBy(2)).until(() -> {
        Answer a = get("/batches/" + batch);
        if (a.status() == 200) {
          last.set(a.body());
        }
        return last.get();
      }, b -> b != null && done.test(b));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      fail("batch " + batch + " did not get there in " + timeout.multipliedBy(2) + "; last: " + last.get() + "\nlog:\n" + log());
      return null;
    }
  }

  /** One control request through the socket; all answer lines. */
  public List<JsonNode> ctl(String request) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      c.connect(UnixDomainSocketAddress.of(ctl.socket()));
      c.write(java.nio.ByteBuffer.wrap((request + "\n").getBytes(StandardCharsets.UTF_8)));
      c.shutdownOutput();
      BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8));
      String line;
      while ((line = in.readLine()) != null) {
        out.add(DataFile.JSON.readTree(line));
      }
    }
    return out;
  }

  public JsonNode status() throws IOException {
    return ctl("{\"op\":\"status\"}").get(0);
  }

  /** Stops the cage (its run ends with a record) and returns the record of the run that was on. */
  public RunRecord stopAndRecord() throws Exception {
    String run = supervisor.currentRun();
    close(false);
    return RunRecord.load(data.resolve("runs").resolve(run + ".json"));
  }

  /** The supervisor dies as kill -9 leaves it (see {@link Supervisor#crash()}); its database and Redis stay. */
  void crash() throws Exception {
    closed = true;
    log.close();
    intake.close();
    supervisor.crash();
    ctl.close();
    await("the workers exit").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
        .until(() -> workersAlive().isEmpty());
  }

  /** Worker processes of this JVM still running. */
  static List<ProcessHandle> workersAlive() {
    return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
        .filter(p -> p.info().commandLine().orElse("").contains(" " + helperlab.cage.worker.WorkerMain.class.getName())).toList();
  }

  private boolean closed;

  @Override
  public void close() throws Exception {
    close(true);
  }

  /** Cages side by side in this JVM, closed together (each one's close would wait for the others' workers). */
  static void closeTogether(CageHarness... cages) throws Exception {
    for (CageHarness h : cages) {
      if (!h.closed) {
        h.closed = true;
        h.log.close();
        h.intake.close();
        h.supervisor.close();
        h.ctl.close();
      }
    }
    await("the workers exit").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
        .until(() -> workersAlive().isEmpty());
  }

  void close(boolean dropServices) throws Exception {
    if (!closed) {
      closed = true;
      log.close();
      intake.close();
      supervisor.close();
      ctl.close();
      try {
        await("the workers exit").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
            .until(() -> workersAlive().isEmpty());
      } catch (org.awaitility.core.ConditionTimeoutException e) {
        fail("worker processes left running: " + workersAlive());
      }
    }
    if (dropServices) {
      db.close();
      redis.close();
    }
  }

  public static void copyLibraryInto(Path inbox) throws IOException {
    Files.createDirectories(inbox);
    SampleLibrary lib = TestImages.library();
    for (SampleLibrary.Sample s : lib.samples()) {
      Files.copy(lib.path(s), inbox.resolve(s.file()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
