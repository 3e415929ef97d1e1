package helperlab.lab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.config.CageConfig;
import helperlab.cage.ctl.CtlServer;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.supervisor.Supervisor;
import helperlab.model.DataFile;
import helperlab.remote.LocalProcessTransport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A real cage for the lab's tests, in the test's JVM: supervisor (with real worker processes) and
 * control socket, on a PostgreSQL database and a Redis key prefix of its own (dropped afterwards),
 * uncapped (no cgroup), with a small generated sample library. The lab reaches it the way it reaches
 * any cage: through {@code helper-lab ctl --data DIR} run as a real process (locally or over SSH).
 */
public final class TestCage implements AutoCloseable {
  static final String PG_SERVER = System.getenv().getOrDefault("HELPERLAB_TEST_PG",
      "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres");
  static final String REDIS = System.getenv().getOrDefault("HELPERLAB_TEST_REDIS", "redis://127.0.0.1:6379");
  static final Path IMAGES = Path.of("target", "lab-test-images", "library").toAbsolutePath();

  public final Path data;
  private final String database;
  private final String prefix;
  private final Supervisor supervisor;
  private final CtlServer ctl;

  private TestCage(Path data, String database, String prefix, int maxProcesses) throws Exception {
    this.data = data;
    this.database = database;
    this.prefix = prefix;
    Map<String, Object> flags = new LinkedHashMap<>();
    flags.put("data", data.toString());
    flags.put("port", 0);
    flags.put("pg_url", PG_SERVER.replaceFirst("(jdbc:postgresql://[^/]*/)[^?]*", "$1" + database));
    flags.put("redis_url", REDIS);
    flags.put("redis_prefix", prefix);
    flags.put("samples", library().toString());
    flags.put("cgroup", "off");
    flags.put("cds", "off");
    // the lab's tests drive the cage, not admission's following of the host: a busy machine must not refuse their
    // batches (AdmissionCapacityTest and LiveAdmissionTest test the following)
    flags.put("admission_follows_host", false);
    flags.put("max_processes", maxProcesses);
    this.supervisor = Supervisor.start(CageConfig.load(null, flags, Map.of()));
    this.ctl = new CtlServer(supervisor);
  }

  /** A cage on {@code data} (an empty directory) with a database and Redis prefix of its own. */
  public static TestCage start(Path data) throws Exception {
    String name = "helperlab_test_lab_" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
    try (Connection c = DriverManager.getConnection(PG_SERVER); Statement s = c.createStatement()) {
      s.execute("create database " + name);
    }
    String prefix = "helperlab-test-lab-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
    try {
      return new TestCage(data, name, prefix, 3);
    } catch (Exception e) {
      dropDatabase(name);
      throw e;
    }
  }

  /** Six photo-like JPEGs from 0.3 to 3 MP, made once and shared by the lab's tests. */
  static synchronized Path library() throws IOException {
    if (!Files.isRegularFile(IMAGES.resolve(SampleLibrary.MANIFEST))) {
      SampleLibrary.generate(IMAGES, 6, 0.3, 3, 42);
    }
    return IMAGES;
  }

  /** The command that runs this build's {@code helper-lab} (the java running the test, its classpath). */
  public static List<String> helperLab(String... args) {
    List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
        System.getProperty("java.class.path"), helperlab.cli.Main.class.getName()));
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** The control command for this cage as a local child process. */
  public LocalProcessTransport localTransport() {
    return new LocalProcessTransport(helperLab("ctl", "--data", data.toString()));
  }

  /** The cage's status straight from its control socket (not through the lab). */
  public JsonNode status() throws IOException {
    try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      c.connect(UnixDomainSocketAddress.of(ctl.socket()));
      c.write(java.nio.ByteBuffer.wrap("{\"op\":\"status\"}\n".getBytes(StandardCharsets.UTF_8)));
      c.shutdownOutput();
      BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8));
      return DataFile.JSON.readTree(in.readLine());
    }
  }

  /** The run records the cage wrote. */
  public Path runsDir() {
    return supervisor.config().runsDir();
  }

  @Override
  public void close() throws Exception {
    try {
      supervisor.close();
      ctl.close();
    } finally {
      dropDatabase(database);
      dropKeys(prefix);
    }
  }

  private static void dropDatabase(String name) {
    try (Connection c = DriverManager.getConnection(PG_SERVER); Statement s = c.createStatement()) {
      s.execute("drop database if exists " + name + " with (force)");
    } catch (Exception e) {
      System.err.println("could not drop test database " + name + ": " + e.getMessage());
    }
  }

  private static void dropKeys(String prefix) {
    try {
      helperlab.cage.TestRedis.dropKeys(REDIS, prefix);
    } catch (RuntimeException e) {
      System.err.println("could not drop test keys " + prefix + ":*: " + e.getMessage());
    }
  }

}
