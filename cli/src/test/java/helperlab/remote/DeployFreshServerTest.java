package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import helperlab.cage.measure.CageCalibration;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.protocol.CageStatusReport;
import helperlab.protocol.ctl.CalibrationLine;
import helperlab.runs.Replay;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fresh server, as a user rents one: a stock OpenSSH {@code sshd} logs in a non-root account made
 * for the test, whose PostgreSQL and Redis are nowhere (it deploys with {@code --private-services}, so
 * the ports it gets have nothing on them). Deploy brings up a private PostgreSQL cluster, a private
 * redis-server and the cage; its status says both are up; the quick ladder calibrates it; a
 * one-minute exhibit plays with a complete record and its exact replay; a second deploy is
 * idempotent (same ports, same data); {@code --uninstall} leaves no process of the account and
 * nothing listening. Nothing listens beyond loopback; the password files are 0600.
 */
@Tag("heavy") // minutes: a calibration and a one-minute exhibit
class DeployFreshServerTest {
  @TempDir
  Path dir;

  static String sh(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", cmd));
    if (p.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed (" + p.exitValue() + "): " + out);
    }
    return out;
  }

  /** This build, readable by another account: its classes and libraries copied where it can read them. */
  static Path readableJar(Path into) throws Exception {
    Files.createDirectories(into);
    List<String> cp = new ArrayList<>();
    int n = 0;
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path from = Path.of(e);
      if (!Files.exists(from)) {
        continue;
      }
      Path to = into.resolve((n++) + "-" + from.getFileName());
      if (Files.isDirectory(from)) {
        try (Stream<Path> files = Files.walk(from)) {
          for (Path f : (Iterable<Path>) files::iterator) {
            Path t = to.resolve(from.relativize(f).toString());
            if (Files.isDirectory(f)) {
              Files.createDirectories(t);
            } else {
              Files.copy(f, t);
            }
          }
        }
        cp.add(to.toUri().toString());
      } else {
        Files.copy(from, to);
        cp.add(to.toUri().toString());
      }
    }
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, helperlab.cli.Main.class.getName());
    m.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", cp));
    Path jar = into.resolve("helper-lab-under-test.jar");
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
      j.flush();
    }
    sh("chmod", "-R", "a+rX", into.toString());
    return jar;
  }

  @Test
  void aFreshNonRootAccountGetsACalibratedCageWithPrivateServicesAndLosesItAllOnUninstall() throws Exception {
    assumeTrue(Files.isExecutable(StockSshdTest.SSHD), "no /usr/sbin/sshd here");
    assumeTrue("root".equals(System.getProperty("user.name")), "creating the test's account needs root (useradd)");
    assumeTrue(Files.isExecutable(Path.of("/usr/sbin/useradd")), "no useradd here");
    try (Stream<Path> pg = Files.list(Path.of("/usr/lib/postgresql"))) {
      assumeTrue(pg.anyMatch(v -> Files.isExecutable(v.resolve("bin/initdb"))), "no PostgreSQL binaries installed");
    } catch (java.nio.file.NoSuchFileException e) {
      assumeTrue(false, "no PostgreSQL binaries installed (/usr/lib/postgresql)");
    }
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/redis-server")), "no redis-server installed");

    String user = "hlt" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(0, 6);
    Path shared = Files.createDirectories(Path.of("/tmp", "helperlab-" + user));
    sh("useradd", "-m", "-s", "/bin/bash", user);
    try {
      sh("usermod", "-p", "*", user); // not locked: sshd without PAM refuses locked accounts
      Path home = Path.of(sh("sh", "-c", "getent passwd " + user + " | cut -d: -f6").strip());
      Path jar = readableJar(shared.resolve("build"));
      // a small sample library the account can read (the cage's default would make 0.3-70 MP images)
      Path lib = shared.resolve("samples");
      helperlab.cage.image.SampleLibrary.generate(lib, 6, 0.3, 3, 42);
      sh("chmod", "-R", "a+rX", shared.toString());
      Path authorized = home.resolve(".ssh").resolve("authorized_keys");
      Files.createDirectories(authorized.getParent());
      Path key = SshTestServer.userKey(dir, "id_fresh", authorized, null);
      sh("chown", "-R", user + ":" + user, home.resolve(".ssh").toString());
      try (StockSshdTest.PrivateSshd sshd = new StockSshdTest.PrivateSshd(Files.createDirectory(dir.resolve("sshd")),
          authorized)) {
        Path knownHosts = dir.resolve("known_hosts");
        Files.writeString(knownHosts, sshd.hostKeyLine);
        SshSettings ssh = new SshSettings(new SshTarget(user, "127.0.0.1", sshd.port), key, knownHosts, null, null,
            20_000);
        List<String> serveArgs = List.of("--port", "0", "--samples", lib.toString(), "--set", "cds=off");
        DeployOptions options = new DeployOptions(null, null, serveArgs, false, 300, true, null, null, false);
        Deployer deployer = new Deployer(ssh, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);

        // --check first: it changes nothing
        List<ServerCheck.Item> check = deployer.check(options, 5432, 6379);
        assertEquals(ServerCheck.Level.OK, check.get(0).level(), check.toString());
        assertFalse(Files.exists(home.resolve("helper-lab")), "--check made nothing");

        List<String> progress = new ArrayList<>();
        long t0 = System.nanoTime();
        DeployReport r = deployer.deploy(jar, options, progress::add);
        double firstStatusS = (System.nanoTime() - t0) / 1e9;
        System.out.printf("deploy to the first status: %.1f s (%s)%n", firstStatusS, r.services());
        CageStatusReport st = r.status();
        assertTrue(st.postgres().up(), st.toString());
        assertTrue(st.redis().up(), st.toString());
        assertTrue(r.services().contains("started a private PostgreSQL on 127.0.0.1:"), r.services());
        assertTrue(r.services().contains("started a private Redis on 127.0.0.1:"), r.services());
        assertFalse(st.postgres().url().matches(".*password=[0-9a-f]+.*"), "no password shown");
        Path remote = home.resolve("helper-lab");
        for (Path secret : List.of(remote.resolve("secrets/pg.password"), remote.resolve("secrets/redis.password"),
            remote.resolve("cage.json"), remote.resolve("redis/redis.conf"))) {
          assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
              Files.getPosixFilePermissions(secret), secret.toString());
        }
        assertLoopbackOnly(user);

        // the cage, over SSH: calibrated by the quick ladder, then a one-minute exhibit
        SshSettings ctlSsh = new SshSettings(ssh.target(), key, knownHosts, null,
            "cd ~/helper-lab && ./helper-lab ctl --data cage-data", 20_000);
        try (CageClient c = new CageClient(new SshTransport(ctlSsh, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE))) {
          assertFalse(c.status().calibrated(), "a fresh cage is not calibrated");
          Awaitility.await("the cage's samples loaded").atMost(Duration.ofMinutes(2))
              .until(() -> String.valueOf(c.status().samples()).matches("\\d+ samples in .*"));
          List<String> lines = new ArrayList<>();
          CalibrationLine.Done done = c.calibrate(true, lines::add);
          assertTrue(done.calibrated(), done + "\n" + String.join("\n", lines));
          assertTrue(c.status().calibrated());
          assertTrue(Files.isRegularFile(CageCalibration.ownFile(remote.resolve("cage-data"))));
          String run = c.exhibit("pool-edf-10", "calm", 1, 60).run();
          RunRecord record = Awaitility.await("the exhibit's record").atMost(Duration.ofMinutes(5))
              .pollInterval(Duration.ofSeconds(2)).ignoreExceptions()
              .until(() -> DataFile.JSON.treeToValue(c.run(run).record(), RunRecord.class), x -> x != null);
          assertEquals(RunRecord.KIND_REAL, record.kind());
          assertTrue(CageCalibration.measuredHere(record.calibration()), "the record says it is calibrated");
          assertTrue(record.tasks().size() > 0 && record.samples().t().length > 10, "a complete record");
          assertEquals(record.tasks().size(), record.metrics().submitted(), "every task of the exhibit in its record");
          RunRecord replay = Replay.of(record);
          assertEquals(record.id(), replay.replayOf());
          assertEquals(record.tasks().size(), replay.tasks().size());
        }

        // a second deploy: the same private services (running, same ports), the cage restarted
        String firstServices = r.services();
        DeployReport again = deployer.deploy(jar, options, progress::add);
        assertEquals(firstServices.replace("started a private", "the private").replaceAll("(private \\w+) on ", "$1 runs on "),
            again.services(), "the same services (and intake port), kept");
        assertTrue(again.status().postgres().up(), again.status().toString());
        assertTrue(again.stoppedPrevious().startsWith("stopped process"), again.stoppedPrevious());

        CageLifecycle life = new CageLifecycle(deployer, options);
        List<String> status = life.status();
        assertTrue(status.stream().anyMatch(l -> l.startsWith("private postgresql: running on 127.0.0.1:")),
            status.toString());
        List<String> gone = life.uninstall(false);
        assertTrue(gone.contains("stopped the private PostgreSQL"), gone.toString());
        assertTrue(gone.contains("stopped the private Redis"), gone.toString());
        Awaitility.await("no process of " + user).atMost(Duration.ofSeconds(60))
            .until(() -> processesOf(user).isEmpty());
        assertEquals("", listening(user), "nothing of the account listens");
        assertTrue(Files.isDirectory(remote.resolve("pg/data")), "the data stays without --purge");
        assertFalse(Files.exists(remote.resolve("helper-lab.jar")), "the jar is gone");
        life.uninstall(true);
        assertFalse(Files.exists(remote), "--purge removes the directory");
      }
    } finally {
      // the test's own account: whatever of it is left (a failed run) goes, then the account
      new ProcessBuilder("pkill", "-KILL", "-u", user).start().waitFor(30, TimeUnit.SECONDS);
      Awaitility.await("the account's processes gone").atMost(Duration.ofSeconds(60))
          .until(() -> processesOf(user).isEmpty());
      new ProcessBuilder("userdel", "-r", user).start().waitFor(30, TimeUnit.SECONDS);
      sh("rm", "-rf", shared.toString());
    }
  }

  static String processesOf(String user) throws Exception {
    Process p = new ProcessBuilder("pgrep", "-u", user, "-l").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    p.waitFor(30, TimeUnit.SECONDS);
    return out;
  }

  /** The account's listening TCP sockets, from ss (its owner's uid). */
  private static String listening(String user) throws Exception {
    String uid = sh("id", "-u", user).strip();
    Process p = new ProcessBuilder("sh", "-c", "ss -Hltne | grep ' uid:" + uid + " ' || true")
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    p.waitFor(30, TimeUnit.SECONDS);
    return out;
  }

  private static void assertLoopbackOnly(String user) throws Exception {
    String ls = listening(user);
    assertFalse(ls.isEmpty(), "the private services listen");
    for (String line : ls.split("\n")) {
      String local = line.trim().split("\\s+")[3];
      assertTrue(local.startsWith("127.0.0.1:") || local.startsWith("[::ffff:127.0.0.1]:") || local.startsWith("[::1]:"),
          "loopback only: " + line);
    }
  }
}
