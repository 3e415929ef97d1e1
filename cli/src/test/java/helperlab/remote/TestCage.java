package helperlab.remote;

import helperlab.cage.config.CageConfig;
import helperlab.cage.ctl.CtlServer;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.intake.Intake;
import helperlab.cage.supervisor.Supervisor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import redis.clients.jedis.Jedis;

/**
 * A real cage for the remote tests, as the cage's own tests make one: supervisor, intake and control
 * socket in this JVM with real worker processes, a PostgreSQL database and a Redis key prefix of its
 * own (dropped and deleted on close), so it never sees another run's data.
 */
final class TestCage implements AutoCloseable {
  static final String PG_SERVER = System.getenv().getOrDefault("HELPERLAB_TEST_PG",
      "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres");
  static final String REDIS = System.getenv().getOrDefault("HELPERLAB_TEST_REDIS", "redis://127.0.0.1:6379");

  final Path data;
  final String database;
  final String prefix;
  private Supervisor supervisor;
  private Intake intake;
  private CtlServer ctl;

  private TestCage(Path data) {
    this.data = data;
    String tag = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()).substring(0, 12);
    this.database = "helperlab_test_" + tag;
    this.prefix = "helperlab-test-" + tag;
  }

  /** Only a database and a prefix (for a cage started elsewhere, e.g. by a deploy). */
  static TestCage services(Path data) throws SQLException {
    TestCage c = new TestCage(data);
    try (Connection conn = DriverManager.getConnection(PG_SERVER); Statement s = conn.createStatement()) {
      s.execute("create database " + c.database);
    }
    return c;
  }

  static TestCage start(Path data) throws Exception {
    TestCage c = services(data);
    try {
      Map<String, Object> flags = new LinkedHashMap<>();
      flags.put("data", data.toString());
      flags.put("port", 0);
      flags.put("pg_url", c.pgUrl());
      flags.put("redis_url", REDIS);
      flags.put("redis_prefix", c.prefix);
      flags.put("samples", library().toString());
      flags.put("cgroup", "off");
      flags.put("cds", "off");
      // the lab's tests drive the cage, not admission's following of the host: a busy machine must not refuse their
      // batches (AdmissionCapacityTest and LiveAdmissionTest test the following)
      flags.put("admission_follows_host", false);
      c.supervisor = Supervisor.start(CageConfig.load(null, flags, Map.of()));
      c.intake = new Intake(c.supervisor);
      c.ctl = new CtlServer(c.supervisor);
      return c;
    } catch (Exception e) {
      c.close();
      throw e;
    }
  }

  String pgUrl() {
    return PG_SERVER.replaceFirst("(jdbc:postgresql://[^/]*/)[^?]*", "$1" + database);
  }

  Supervisor supervisor() {
    return supervisor;
  }

  /**
   * Closes the control socket alone, as the cage's death does (its runs go on here): the connections it
   * serves close without a run's end line.
   */
  void closeControl() {
    ctl.close();
  }

  /** Six small photo-like JPEGs, made once for all remote tests. */
  static synchronized Path library() throws IOException {
    Path dir = Path.of("target", "remote-test-images", "library").toAbsolutePath();
    if (!Files.isRegularFile(dir.resolve(SampleLibrary.MANIFEST))) {
      SampleLibrary.generate(dir, 6, 0.3, 3, 42);
    }
    return dir;
  }

  /** The number of entries of a run's stream in Redis (the ground truth a follower is checked against). */
  long streamLength(String run) {
    java.net.URI u = java.net.URI.create(REDIS);
    try (Jedis j = new Jedis(u.getHost(), u.getPort() > 0 ? u.getPort() : 6379)) {
      return j.xlen(prefix + ":run:" + run);
    }
  }

  @Override
  public void close() throws Exception {
    if (intake != null) {
      intake.close();
    }
    if (supervisor != null) {
      supervisor.close();
    }
    if (ctl != null) {
      ctl.close();
    }
    try {
      helperlab.cage.TestRedis.dropKeys(REDIS, prefix);
    } catch (RuntimeException e) {
      // nothing to clean
    }
    try (Connection conn = DriverManager.getConnection(PG_SERVER); Statement s = conn.createStatement()) {
      s.execute("drop database if exists " + database + " with (force)");
    }
  }
}
