package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.fail;

import helperlab.cage.TestDatabase;
import helperlab.cage.TestImages;
import helperlab.cage.TestRedis;
import helperlab.cage.config.CageConfig;
import helperlab.cage.worker.WorkerLauncher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A supervisor in a process of its own ({@code helper-lab cage serve}), so a test can kill -9 it. */
final class SupervisorProcess implements AutoCloseable {
  private static final Pattern SERVING = Pattern.compile("serving on http://127\\.0\\.0\\.1:(\\d+)");

  final Process process;
  final int port;
  final Path log;

  private SupervisorProcess(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  static SupervisorProcess start(Path data, TestDatabase db, TestRedis redis, String... extra) throws Exception {
    Files.createDirectories(data);
    Path out = data.resolve("supervisor-" + System.nanoTime() + ".out");
    List<String> cmd = new ArrayList<>(List.of(WorkerLauncher.javaCommand(), "-Xmx512m", "-cp",
        System.getProperty("java.class.path"), helperlab.cli.Main.class.getName(), "cage", "serve", "--data", data.toString(),
        "--port", "0", "--samples", TestImages.library().dir().toString(), "--set", "cgroup=off", "--set", "cds=off",
        "--set", "redis_prefix=" + redis.prefix, "--set", "admission_follows_host=false")); // kills, not admission, are tried
    cmd.addAll(List.of(extra));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put(CageConfig.ENV_PG, db.url());
    pb.environment().put(CageConfig.ENV_REDIS, redis.url);
    pb.redirectErrorStream(true);
    pb.redirectOutput(out.toFile());
    Process p = pb.start();
    try {
      Matcher m = await("the supervisor serves").atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(50))
          .until(() -> {
            if (!p.isAlive()) {
              fail("the supervisor exited with " + p.exitValue() + ":\n" + Files.readString(out));
            }
            return SERVING.matcher(Files.readString(out));
          }, Matcher::find);
      return new SupervisorProcess(p, Integer.parseInt(m.group(1)), out);
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      p.destroyForcibly();
      fail("the supervisor did not start:\n" + Files.readString(out));
      return null;
    }
  }

  /** kill -9: no shutdown hook, no last checkpoint. */
  void kill9() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }

  /** SIGTERM: the graceful stop. */
  int stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      return -1;
    }
    return process.exitValue();
  }

  String output() throws IOException {
    return Files.readString(log);
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
