package helperlab.cage.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.image.ImageHeader;
import helperlab.model.DataFile;
import helperlab.model.DataFileException;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a cage runs, in the parts a reader looks for: where its data lives and which cage it is ({@link Home}), where
 * it listens and what a batch may hold ({@link Intake}), its policy and admission ({@link Scheduling}), its caps
 * ({@link Limits}), where PostgreSQL and Redis are ({@link Services}), the watchdog's and breaker's limits
 * ({@link Timeouts}) and how often it writes down what it did ({@link Cadence}). Built from defaults, then a JSON
 * file, then flags, then the environment ({@code HELPERLAB_PG_URL}, {@code HELPERLAB_REDIS_URL}); the file and the
 * flags name the fields flat ({@link CageConfigJson}). Without a database named anywhere, the cage uses one named for
 * its identity ({@link CageIdentity#defaultDatabase()}).
 */
public record CageConfig(Home home, Intake intake, Scheduling scheduling, Limits limits, Services services,
    Timeouts timeouts, Cadence cadence) {

  public static final String ENV_PG = "HELPERLAB_PG_URL";
  public static final String ENV_REDIS = "HELPERLAB_REDIS_URL";
  public static final String DEFAULT_PG = "jdbc:postgresql://127.0.0.1:5432/helperlab?user=postgres";
  public static final String DEFAULT_REDIS = "redis://127.0.0.1:6379";
  private static final Pattern SIZE = Pattern.compile("(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(i?b?)\\s*");

  /** Where the cage's data lives, its sample library and calibration (blank: the usual places), which cage it is. */
  public record Home(String data, String samples, String calibration, String cageId) {
    public Home {
      if (data == null || data.isBlank()) {
        throw new IllegalArgumentException("data must name the cage's data directory");
      }
      CageIdentity.of(cageId, Path.of(data));
    }
  }

  /** Where the intake listens, and the largest batch and image it takes. */
  public record Intake(int port, String bind, int maxBatchImages, long maxPixels) {
    public Intake {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port must be between 0 and 65535, got " + port);
      }
      if (bind == null || bind.isBlank()) {
        throw new IllegalArgumentException("bind must be an address (127.0.0.1 keeps the intake on loopback)");
      }
      if (maxBatchImages < 1 || maxBatchImages > 5000) {
        throw new IllegalArgumentException("max_batch_images must be between 1 and 5000, got " + maxBatchImages);
      }
      if (maxPixels < 1) {
        throw new IllegalArgumentException("max_pixels must be at least 1, got " + maxPixels);
      }
    }
  }

  /** The policy the cage runs, its admission, and whether admission follows the host and starts cold. */
  public record Scheduling(String policy, String admission, boolean admissionFollowsHost, boolean admissionColdStart) {
    public Scheduling {
      if (!PolicyCatalog.has(policy)) {
        throw new IllegalArgumentException("unknown policy '" + policy + "'; known: "
            + String.join(", ", PolicyCatalog.ids()));
      }
      AdmissionMode.of(admission);
    }
  }

  /** The caps: CPUs (0: detect), memory (blank: none), processes, a worker's memory and heap, cgroup and CDS use. */
  public record Limits(double cpus, String memory, int maxProcesses, double workerMemoryLimitMb, int workerHeapMb,
      String cgroup, String cds) {
    public Limits {
      if (!(cpus >= 0) || cpus > 1024) {
        throw new IllegalArgumentException("cpus must be between 0 (detect) and 1024, got " + cpus);
      }
      parseSize("memory", memory);
      if (maxProcesses < 1 || maxProcesses > 1000) {
        throw new IllegalArgumentException("max_processes must be between 1 and 1000, got " + maxProcesses);
      }
      nonNegative("worker_memory_limit_mb", workerMemoryLimitMb);
      if (workerHeapMb != 0 && (workerHeapMb < 64 || workerHeapMb > 65536)) {
        throw new IllegalArgumentException("worker_heap_mb must be 0 (auto) or 64..65536, got " + workerHeapMb);
      }
      if (!List.of("auto", "off").contains(cgroup)) {
        throw new IllegalArgumentException("cgroup must be auto or off, got '" + cgroup + "'");
      }
      if (!List.of("auto", "off").contains(cds)) {
        throw new IllegalArgumentException("cds must be auto or off, got '" + cds + "'");
      }
    }

    public long memoryBytes() {
      return parseSize("memory", memory);
    }
  }

  /** Where PostgreSQL and Redis are, and the prefix of the cage's Redis keys. */
  public record Services(String pgUrl, String redisUrl, String redisPrefix) {
    public Services {
      if (pgUrl == null || !pgUrl.startsWith("jdbc:postgresql:")) {
        throw new IllegalArgumentException("pg_url must be a jdbc:postgresql: URL, got '" + pgUrl + "'");
      }
      if (redisUrl == null || !(redisUrl.startsWith("redis://") || redisUrl.startsWith("rediss://"))) {
        throw new IllegalArgumentException("redis_url must be a redis:// URL, got '" + redisUrl + "'");
      }
      if (redisPrefix == null || !redisPrefix.matches("[A-Za-z0-9:_.-]{1,64}")) {
        throw new IllegalArgumentException("redis_prefix must be 1-64 letters, digits, ':', '_', '.' or '-'");
      }
    }
  }

  /** The watchdog's limits (a heartbeat, a spawn, an overrun of the prediction) and the breaker's (restarts). */
  public record Timeouts(double heartbeatTimeoutS, double spawnTimeoutS, double overrunFactor, double overrunGraceS,
      int restartLimit, double restartWindowS) {
    public Timeouts {
      positive("heartbeat_timeout_s", heartbeatTimeoutS);
      positive("spawn_timeout_s", spawnTimeoutS);
      positive("overrun_factor", overrunFactor);
      nonNegative("overrun_grace_s", overrunGraceS);
      if (restartLimit < 1) {
        throw new IllegalArgumentException("restart_limit must be at least 1, got " + restartLimit);
      }
      positive("restart_window_s", restartWindowS);
    }
  }

  /** How often the cage writes a checkpoint and takes a sample. */
  public record Cadence(double checkpointS, double sampleS) {
    public Cadence {
      positive("checkpoint_s", checkpointS);
      positive("sample_s", sampleS);
    }
  }

  public CageConfig {
    Objects.requireNonNull(home, "home");
    Objects.requireNonNull(intake, "intake");
    Objects.requireNonNull(scheduling, "scheduling");
    Objects.requireNonNull(limits, "limits");
    Objects.requireNonNull(services, "services");
    Objects.requireNonNull(timeouts, "timeouts");
    Objects.requireNonNull(cadence, "cadence");
  }

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static CageConfig fromJson(CageConfigJson f) {
    return new CageConfig(new Home(f.data(), f.samples(), f.calibration(), f.cageId()),
        new Intake(f.port(), f.bind(), f.maxBatchImages(), f.maxPixels()),
        new Scheduling(f.policy(), f.admission(), f.admissionFollowsHost(), f.admissionColdStart()),
        new Limits(f.cpus(), f.memory(), f.maxProcesses(), f.workerMemoryLimitMb(), f.workerHeapMb(), f.cgroup(),
            f.cds()),
        new Services(f.pgUrl(), f.redisUrl(), f.redisPrefix()),
        new Timeouts(f.heartbeatTimeoutS(), f.spawnTimeoutS(), f.overrunFactor(), f.overrunGraceS(), f.restartLimit(),
            f.restartWindowS()),
        new Cadence(f.checkpointS(), f.sampleS()));
  }

  @JsonValue
  CageConfigJson json() {
    Home h = home;
    Intake i = intake;
    Scheduling s = scheduling;
    Limits l = limits;
    Services v = services;
    Timeouts w = timeouts;
    Cadence k = cadence;
    return new CageConfigJson(h.data(), i.port(), i.bind(), s.policy(), s.admission(), l.cpus(), l.memory(),
        l.maxProcesses(), v.pgUrl(), v.redisUrl(), v.redisPrefix(), h.calibration(), h.samples(), i.maxBatchImages(),
        i.maxPixels(), w.heartbeatTimeoutS(), w.spawnTimeoutS(), w.overrunFactor(), w.overrunGraceS(),
        l.workerMemoryLimitMb(), l.workerHeapMb(), w.restartLimit(), w.restartWindowS(), k.checkpointS(), k.sampleS(),
        l.cgroup(), l.cds(), h.cageId(), s.admissionFollowsHost(), s.admissionColdStart());
  }

  private static void positive(String field, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(field + " must be a positive number, got " + v);
    }
  }

  private static void nonNegative(String field, double v) {
    if (!(v >= 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(field + " must be zero or more, got " + v);
    }
  }

  public static CageConfig defaults(String data) {
    // by name, as a configuration file says them: a default in the wrong place cannot compile into the wrong field
    ObjectNode d = DataFile.JSON.createObjectNode().put("data", data).put("port", 7070).put("bind", "127.0.0.1")
        .put("policy", "pool-edf-10").put("admission", "edf-fit").put("cpus", 0.0).put("memory", "")
        .put("max_processes", 32).put("pg_url", DEFAULT_PG).put("redis_url", DEFAULT_REDIS)
        .put("redis_prefix", "helperlab").put("max_batch_images", 500).put("max_pixels", ImageHeader.DEFAULT_MAX_PIXELS)
        .put("heartbeat_timeout_s", 3.0).put("spawn_timeout_s", 60.0).put("overrun_factor", 10.0)
        .put("overrun_grace_s", 10.0).put("worker_memory_limit_mb", 0.0).put("worker_heap_mb", 0).put("restart_limit", 5)
        .put("restart_window_s", 10.0).put("checkpoint_s", 2.0).put("sample_s", 1.0).put("cgroup", "auto")
        .put("cds", "auto").put("admission_follows_host", true)
        .put("admission_cold_start", true);
    return DataFile.JSON.convertValue(d, CageConfig.class);
  }

  /**
   * The configuration from a file (may be null), flag overrides (JSON field names to values; nulls
   * are skipped) and the environment. Errors name the file or flag and the field.
   */
  public static CageConfig load(Path file, Map<String, Object> flags, Map<String, String> env) {
    ObjectNode tree = DataFile.JSON.valueToTree(defaults(flags.get("data") != null ? flags.get("data").toString() : "data"));
    if (file != null) {
      JsonNode fromFile = DataFile.read(file, JsonNode.class);
      if (!fromFile.isObject()) {
        throw new DataFileException(file + ": must be a JSON object");
      }
      overlay(tree, (ObjectNode) fromFile, file.toString());
    }
    ObjectNode fromFlags = DataFile.JSON.createObjectNode();
    flags.forEach((k, v) -> {
      if (v != null) {
        fromFlags.set(k, DataFile.JSON.valueToTree(v));
      }
    });
    overlay(tree, fromFlags, "flags");
    if (env.get(ENV_PG) != null && !env.get(ENV_PG).isBlank()) {
      tree.put("pg_url", env.get(ENV_PG));
    }
    if (env.get(ENV_REDIS) != null && !env.get(ENV_REDIS).isBlank()) {
      tree.put("redis_url", env.get(ENV_REDIS));
    }
    CageConfig c = DataFile.parse(tree.toString(), file == null ? "configuration" : file.toString(), CageConfig.class);
    if (c.services().pgUrl().equals(DEFAULT_PG)) {
      // Nobody said which database: the cage's own, so cages on one server never share one by accident.
      tree.put("pg_url", DEFAULT_PG.replace("/helperlab?", "/" + c.identity().defaultDatabase() + "?"));
      c = DataFile.parse(tree.toString(), file == null ? "configuration" : file.toString(), CageConfig.class);
    }
    return c;
  }

  /** Which cage this is (the configured cage_id, else the data directory's). */
  public CageIdentity identity() {
    return CageIdentity.of(home.cageId(), dataDir());
  }

  private static void overlay(ObjectNode into, ObjectNode from, String source) {
    for (Iterator<Map.Entry<String, JsonNode>> it = from.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!into.has(e.getKey())) {
        throw new DataFileException(source + ": unknown field '" + e.getKey() + "'");
      }
      into.set(e.getKey(), e.getValue());
    }
  }

  public Path dataDir() {
    return Path.of(home.data());
  }

  public Path inbox() {
    return dataDir().resolve("inbox");
  }

  public Path outbox() {
    return dataDir().resolve("outbox");
  }

  public Path deadLetters() {
    return dataDir().resolve("deadletters");
  }

  public Path runsDir() {
    return dataDir().resolve("runs");
  }

  /** Private files of the running supervisor: its lock, control socket, worker pids, CDS archive. */
  public Path runDir() {
    return dataDir().resolve("run");
  }

  public Path samplesDir() {
    String samples = home.samples();
    return samples == null || samples.isBlank() ? dataDir().resolve("samples") : Path.of(samples);
  }

  public long memoryBytes() {
    return limits.memoryBytes();
  }

  /** "2g", "1536m", "512MiB", "1073741824": bytes; blank is 0 (no cap). */
  public static long parseSize(String field, String s) {
    if (s == null || s.isBlank()) {
      return 0;
    }
    Matcher m = SIZE.matcher(s);
    if (!m.matches()) {
      throw new IllegalArgumentException(field + " must be a size like 2g, 1536m or 512MiB, got '" + s + "'");
    }
    double n = Double.parseDouble(m.group(1));
    long unit = switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "k" -> 1L << 10;
      case "m" -> 1L << 20;
      case "g" -> 1L << 30;
      case "t" -> 1L << 40;
      default -> 1;
    };
    long bytes = (long) (n * unit);
    if (bytes < 16L << 20) {
      throw new IllegalArgumentException(field + " must be at least 16 MiB, got '" + s + "'");
    }
    return bytes;
  }
}
