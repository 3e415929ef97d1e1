package helperlab.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Upgrading the jar while a batch runs: a cage deployed over real SSH gets a batch, and halfway
 * through it a second deploy puts a new jar in place and restarts the cage (the deploy's own stop: a
 * graceful SIGTERM). Every image of the batch is done exactly once, with one published output each.
 */
@Tag("heavy")
class UpgradeDuringRunTest {
  private static final Pattern SERVING = Pattern.compile("serving on http://127\\.0\\.0\\.1:(\\d+)");
  private static final int COPIES = 6;
  private final HttpClient http = HttpClient.newHttpClient();

  @TempDir
  Path dir;

  private JsonNode batch(int port, long id) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/batches/" + id))
        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    return r.statusCode() == 200 ? DataFile.JSON.readTree(r.body()) : null;
  }

  /** The HTTP port of the cage deploy started last (its log is written anew by each start). */
  private static int port(Path remote) {
    return await("the cage serves").atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(100))
        .until(() -> {
          Path log = remote.resolve("cage.log");
          Matcher m = SERVING.matcher(Files.isRegularFile(log) ? Files.readString(log) : "");
          return m.find() ? Integer.parseInt(m.group(1)) : -1;
        }, p -> p > 0);
  }

  private static long count(String pgUrl, String sql) throws Exception {
    try (Connection c = DriverManager.getConnection(pgUrl); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static String states(String pgUrl, long batch) {
    StringBuilder sb = new StringBuilder();
    try (Connection c = DriverManager.getConnection(pgUrl); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select * from images where batch_id = " + batch + " and state <> 'done'")) {
      while (rs.next()) {
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          sb.append(rs.getMetaData().getColumnName(i)).append('=').append(rs.getString(i)).append(' ');
        }
        sb.append('\n');
      }
    } catch (Exception e) {
      sb.append(e);
    }
    return sb.toString();
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (Exception e) {
      return e.toString();
    }
  }

  @Test
  void aNewJarDeployedMidBatchLosesNoImageAndMakesNoneTwice() throws Exception {
    Path jar1 = DeployerTest.thinJar(Files.createDirectories(dir.resolve("v1")));
    Path jar2 = DeployerTest.thinJar(Files.createDirectories(dir.resolve("v2")));
    assertFalse(java.util.Arrays.equals(Files.readAllBytes(jar1), Files.readAllBytes(jar2)), "two different jars");
    try (SshTestServer.Login login = SshTestServer.login(dir, true);
        TestCage services = TestCage.services(dir.resolve("unused"))) {
      SshTestServer server = login.server();
      List<String> serveArgs = new ArrayList<>();
      for (String s : List.of("port=0", "samples=" + TestCage.library(), "cgroup=off", "cds=off",
          "redis_prefix=" + services.prefix, "pg_url=" + services.pgUrl())) {
        serveArgs.add("--set");
        serveArgs.add(s);
      }
      DeployOptions options = new DeployOptions(null, null, serveArgs, false, 120, false,
            services.pgUrl(), TestCage.REDIS, false);
      Deployer deployer = new Deployer(new SshSettings(new SshTarget("lab", "127.0.0.1", server.port()), login.key(),
          login.knownHosts(), null, null, 10_000), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);
      Path remote = server.home.resolve("helper-lab");
      long first = -1;
      long second = -1;
      try {
        first = deployer.deploy(jar1, options, line -> { }).pid();
        int port = port(remote);

        // a batch of real images, in the deployed cage's inbox
        Path inbox = Files.createDirectories(remote.resolve("cage-data").resolve("inbox"));
        List<String> images = new ArrayList<>();
        List<Path> samples;
        try (Stream<Path> s = Files.list(TestCage.library())) {
          samples = s.filter(p -> p.getFileName().toString().endsWith(".jpg")).sorted().toList();
        }
        assertFalse(samples.isEmpty());
        for (int c = 0; c < COPIES; c++) {
          for (Path p : samples) {
            String name = "c" + c + "-" + p.getFileName();
            Files.copy(p, inbox.resolve(name));
            images.add(name);
          }
        }
        String body = "{\"preset\":\"web\",\"deadline_s\":1800,\"images\":" + DataFile.compact(images) + "}";
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/batches"))
            .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(202, r.statusCode(), r.body());
        long id = DataFile.JSON.readTree(r.body()).get("batch").asLong();
        int oldPort = port;
        JsonNode midway = await("progress").atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofMillis(30))
            .until(() -> batch(oldPort, id), b -> b != null && b.get("done").asInt() >= 4);
        assertTrue(midway.get("done").asInt() < images.size(), "upgraded mid-batch, not after it: " + midway);

        // the upgrade: a second deploy with a new jar stops this cage and starts the new one
        // kept aside, so the new start's port is read, not the old one's
        Files.move(remote.resolve("cage.log"), remote.resolve("cage-before-upgrade.log"));
        DeployReport again = deployer.deploy(jar2, options, line -> { });
        second = again.pid();
        assertNotEquals(first, second);
        assertTrue(again.stoppedPrevious().contains("stopped process " + first), again.stoppedPrevious());
        assertArrayEquals(Files.readAllBytes(jar2), Files.readAllBytes(remote.resolve("helper-lab.jar")), "the new jar runs");
        int newPort = port(remote);

        JsonNode done = await("the batch finishes").atMost(Duration.ofSeconds(600)).pollInterval(Duration.ofMillis(200))
            .until(() -> batch(newPort, id), b -> b != null
                && (b.get("state").asText().equals("met") || b.get("state").asText().equals("late")));
        assertEquals(images.size(), done.get("done").asInt(), done.toString());

        // stopped gracefully, as KillNineTest does, so what the cage keeps writing behind is in the database
        ProcessHandle cage = ProcessHandle.of(second).orElseThrow();
        cage.destroy();
        cage.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
        String pg = services.pgUrl();
        assertEquals(images.size(), count(pg, "select count(*) from images where state = 'done' and batch_id = " + id),
            () -> "every image of the batch done; states: " + states(pg, id) + "\nbefore the upgrade:\n"
                + read(remote.resolve("cage-before-upgrade.log")) + "\nafter:\n" + read(remote.resolve("cage.log")));
        assertEquals(0, count(pg, "select count(*) from (select image from run_events where type = 'image_done'"
            + " and note is null group by image having count(*) > 1) twice"), "no image made twice across both cages");
        Path out = remote.resolve("cage-data").resolve("outbox").resolve(Long.toString(id));
        List<Path> outputs;
        try (Stream<Path> s = Files.list(out)) {
          outputs = s.toList();
        }
        assertEquals(images.size(), outputs.size(), "exactly one output per image, no temp files: " + outputs);
        for (Path p : outputs) {
          assertTrue(ImageIO.read(p.toFile()) != null, p + " decodes");
        }
      } finally {
        for (long pid : new long[] {first, second}) {
          ProcessHandle.of(pid).ifPresent(p -> {
            p.destroy();
            p.onExit().orTimeout(30, java.util.concurrent.TimeUnit.SECONDS).exceptionally(e -> null).join();
          });
        }
      }
    }
  }
}
