package helperlab.cage;

import java.time.Duration;
import static org.awaitility.Awaitility.await;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Redis and PostgreSQL servers of a test's own, on free loopback ports, that the test may stop and
 * start again (the shared services on 6379 and 5432 are never restarted by a test). Each says why
 * it cannot run here (binaries missing, no postgres user) so the test can skip with that reason.
 */
public final class PrivateServices {
  private PrivateServices() {}

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static void waitFor(String what, java.util.function.BooleanSupplier up) throws Exception {
    await(what + " comes up").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(up::getAsBoolean);
  }

  /** Sends {@code signal} ("STOP", "CONT") to each of {@code pids} (processes a test started). */
  static void signal(String signal, List<Long> pids) throws Exception {
    for (long pid : pids) {
      new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }
  }

  private static boolean listening(int port) {
    try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean waitClosed(int port) {
    try {
      await("port " + port + " closes").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
          .until(() -> !listening(port));
      return true;
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      return false;
    }
  }

  /** A redis-server with no persistence: a restart comes back empty, as on the cage's machines. */
  public static final class Redis implements AutoCloseable {
    final int port;
    private Process process;

    public Redis() throws Exception {
      this.port = freePort();
      start();
    }

    public static String unavailable() {
      return Files.isExecutable(Path.of("/usr/bin/redis-server")) ? null : "redis-server is not installed";
    }

    public String url() {
      return "redis://127.0.0.1:" + port;
    }

    public void start() throws Exception {
      process = new ProcessBuilder("/usr/bin/redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1",
          "--save", "", "--appendonly", "no", "--daemonize", "no")
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      waitFor("redis on " + port, () -> listening(port));
    }

    public void stop() throws Exception {
      process.destroy();
      process.waitFor(10, TimeUnit.SECONDS);
      waitClosed(port);
    }

    /** kill -9: no shutdown of its own; it comes back empty at {@link #start()}. */
    public void kill9() throws Exception {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
      waitClosed(port);
    }

    /** SIGSTOP: it holds its connections and answers nothing until {@link #thaw()}. */
    public void freeze() throws Exception {
      signal("STOP", List.of(process.pid()));
    }

    public void thaw() throws Exception {
      signal("CONT", List.of(process.pid()));
    }

    @Override
    public void close() throws Exception {
      if (process != null && process.isAlive()) {
        thaw();
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  /** A PostgreSQL cluster made with initdb (trust auth, user postgres) in a directory of its own. */
  public static final class Postgres implements AutoCloseable {
    final int port;
    private final Path root;
    private final Path bin;

    public Postgres() throws Exception {
      this.bin = binDir();
      this.port = freePort();
      this.root = Files.createTempDirectory(Path.of("/tmp"), "helperlab-pg-");
      Files.setPosixFilePermissions(root, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
      run(List.of("chown", "postgres", root.toString()));
      asPostgres(List.of(bin.resolve("initdb").toString(), "-D", root.resolve("db").toString(), "-A", "trust", "-U",
          "postgres", "--no-sync"));
      start();
    }

    static Path binDir() {
      try (Stream<Path> s = Files.list(Path.of("/usr/lib/postgresql"))) {
        return s.sorted(Comparator.reverseOrder()).map(p -> p.resolve("bin")).filter(p -> Files.isExecutable(p.resolve("pg_ctl")))
            .findFirst().orElse(null);
      } catch (IOException e) {
        return null;
      }
    }

    public static String unavailable() {
      if (binDir() == null) {
        return "PostgreSQL server binaries are not installed (/usr/lib/postgresql/*/bin)";
      }
      if (!Files.isExecutable(Path.of("/usr/sbin/runuser"))) {
        return "runuser is missing (initdb must not run as root)";
      }
      try {
        Process p = new ProcessBuilder("id", "-u", "postgres").redirectErrorStream(true).start();
        if (p.waitFor() != 0) {
          return "there is no postgres user to run a private cluster";
        }
        if (!"0".equals(new String(new ProcessBuilder("id", "-u").start().getInputStream().readAllBytes()).trim())) {
          return "a private cluster needs root (to run it as the postgres user)";
        }
      } catch (IOException | InterruptedException e) {
        return "cannot check for a postgres user: " + e.getMessage();
      }
      return null;
    }

    public String serverUrl() {
      return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres";
    }

    public void start() throws Exception {
      asPostgres(List.of(bin.resolve("pg_ctl").toString(), "-D", root.resolve("db").toString(), "-l",
          root.resolve("log").toString(), "-w", "-o", "-p " + port + " -k " + root + " -c listen_addresses=127.0.0.1"
              + " -c fsync=off", "start"));
    }

    public void stop() throws Exception {
      asPostgres(List.of(bin.resolve("pg_ctl").toString(), "-D", root.resolve("db").toString(), "-w", "-m", "fast",
          "stop"));
    }

    /** The server's processes: the postmaster and its backends. */
    private List<Long> processes() throws Exception {
      long postmaster = Long.parseLong(Files.readAllLines(root.resolve("db").resolve("postmaster.pid")).get(0).trim());
      List<Long> pids = new ArrayList<>(List.of(postmaster));
      ProcessHandle.of(postmaster).ifPresent(p -> p.descendants().forEach(d -> pids.add(d.pid())));
      return pids;
    }

    private List<Long> frozen = List.of();

    /**
     * kill -9 of the postmaster and every backend (a crash of the server, as the OOM killer or a dead host would
     * make it); {@link #start()} brings it back through crash recovery.
     */
    public void kill9() throws Exception {
      List<Long> pids = processes();
      for (long pid : pids) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      }
      await("the server's processes are gone").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
          .until(() -> pids.stream().noneMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)));
      waitClosed(port);
    }

    /** SIGSTOP of the postmaster and every backend: connections hang, nothing answers, until {@link #thaw()}. */
    public void freeze() throws Exception {
      frozen = processes();
      signal("STOP", frozen);
    }

    public void thaw() throws Exception {
      signal("CONT", frozen);
      frozen = List.of();
    }

    private static void asPostgres(List<String> cmd) throws Exception {
      List<String> full = new ArrayList<>(List.of("/usr/sbin/runuser", "-u", "postgres", "--"));
      full.addAll(cmd);
      run(full);
    }

    private static void run(List<String> cmd) throws Exception {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
      }
    }

    @Override
    public void close() throws Exception {
      thaw();
      try {
        stop();
      } catch (Exception e) {
        // already stopped
      }
      try (Stream<Path> s = Files.walk(root)) {
        for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }
}
