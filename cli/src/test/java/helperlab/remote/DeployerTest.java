package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;

/**
 * Deploy over real SSH and SFTP to the embedded server, whose "home" is a temporary directory: the
 * jar arrives byte for byte, the cage starts there as a real background process and answers status,
 * and a second deploy (from the command line) stops it and starts the new one.
 */
@Tag("slow") // deploys over SSH to a scratch directory
class DeployerTest {
  @TempDir
  Path dir;

  /** A runnable jar of this build: the classes stay where they are, its manifest points at them. */
  static Path thinJar(Path dir) throws Exception {
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, helperlab.cli.Main.class.getName());
    List<String> cp = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      cp.add(Path.of(e).toUri().toString());
    }
    m.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", cp));
    Path jar = dir.resolve("helper-lab-under-test.jar");
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
      j.putNextEntry(new JarEntry("helper-lab-deploy-test.txt"));
      j.write(("built at " + System.nanoTime()).getBytes());
      j.closeEntry();
    }
    return jar;
  }

  @Test
  void aJarIsCopiedTheCageStartsAndASecondDeployRestartsIt() throws Exception {
    Path jar = thinJar(dir);
    try (SshTestServer.Login login = SshTestServer.login(dir, true);
        TestCage services = TestCage.services(dir.resolve("unused"))) {
      SshTestServer server = login.server();
      Path key = login.key();
      Path knownHosts = login.knownHosts();
      List<String> settings = List.of("port=0", "samples=" + TestCage.library(), "cgroup=off", "cds=off",
          "redis_prefix=" + services.prefix, "pg_url=" + services.pgUrl());
      List<String> serveArgs = new ArrayList<>();
      for (String s : settings) {
        serveArgs.add("--set");
        serveArgs.add(s);
      }
      Path remote = server.home.resolve("helper-lab");
      long first = -1;
      long second = -1;
      try {
        List<String> progress = new ArrayList<>();
        DeployReport r = new Deployer(new SshSettings(new SshTarget("lab", "127.0.0.1", server.port()), key, knownHosts,
            null, null, 10_000), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE)
            .deploy(jar, new DeployOptions(null, null, serveArgs, false, 120, false,
            services.pgUrl(), TestCage.REDIS, false), progress::add);
        first = r.pid();
        assertArrayEquals(Files.readAllBytes(jar), Files.readAllBytes(remote.resolve("helper-lab.jar")),
            "the jar arrived byte for byte");
        assertEquals(remote.toRealPath().toString(), r.remoteDir());
        assertTrue(r.status().ok(), r.status().toString());
        assertEquals("pool-edf-10", r.status().policy());
        assertEquals("nothing was running", r.stoppedPrevious());
        assertTrue(r.startedAs().startsWith("background process"), r.startedAs());
        assertTrue(ProcessHandle.of(first).map(ProcessHandle::isAlive).orElse(false), "the cage runs as pid " + first);
        assertTrue(ProcessHandle.of(first).get().info().commandLine().orElse("").contains("helper-lab.jar"));
        assertTrue(Files.isDirectory(remote.resolve("cage-data").resolve("run")), "its data directory is the remote one");
        assertTrue(progress.stream().anyMatch(l -> l.contains("SFTP")), progress.toString());
        assertTrue(progress.stream().anyMatch(l -> l.startsWith("copied 100% of ")), progress.toString());
        // given services: the deployment's own Redis key prefix, named for the login and directory
        JsonNode config = DataFile.JSON.readTree(Files.readString(remote.resolve("cage.json")));
        assertEquals("helperlab-" + System.getProperty("user.name") + "-helper-lab", config.path("redis_prefix").asText(),
            config.toString());
        assertEquals(services.pgUrl(), config.path("pg_url").asText());
        try (var files = Files.list(remote)) {
          assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".upload-")), "no temporary left");
        }

        // Again, from the command line: the running cage is stopped and the new one answers.
        List<String> cli = new ArrayList<>(List.of("deploy", "--ssh", "lab@127.0.0.1:" + server.port(), "--identity",
            key.toString(), "--known-hosts", knownHosts.toString(), "--jar", jar.toString(), "--no-systemd",
            "--pg-url", services.pgUrl(), "--redis-url", TestCage.REDIS));
        for (String s : settings) {
          cli.addAll(List.of("--set", s));
        }
        CliRun again = CliRun.run(dir, "", cli.toArray(String[]::new));
        assertEquals(0, again.code(), again.toString());
        JsonNode status = DataFile.JSON.readTree(again.out());
        assertTrue(status.get("ok").asBoolean(), again.toString());
        assertTrue(again.err().contains("stopped process " + first), again.toString());
        second = Long.parseLong(Files.readString(remote.resolve("cage.pid")).strip());
        assertNotEquals(first, second);
        assertFalse(ProcessHandle.of(first).map(ProcessHandle::isAlive).orElse(false), "the first cage is gone");
        assertTrue(ProcessHandle.of(second).map(ProcessHandle::isAlive).orElse(false), "the second one runs");

        // what deploy made, looked after from the command line: status, logs, stop
        List<String> base = List.of("deploy", "--ssh", "lab@127.0.0.1:" + server.port(), "--identity", key.toString(),
            "--known-hosts", knownHosts.toString());
        CliRun st = CliRun.run(dir, "", concat(base, "--status"));
        assertEquals(0, st.code(), st.toString());
        assertTrue(st.out().contains("cage: running as process " + second), st.toString());
        assertTrue(st.out().contains("status: {\"ok\":true"), st.toString());
        CliRun logs = CliRun.run(dir, "", concat(base, "--logs", "--lines", "50"));
        assertEquals(0, logs.code(), logs.toString());
        assertTrue(logs.out().contains("cage: serving on http://127.0.0.1:"), logs.toString());
        CliRun stop = CliRun.run(dir, "", concat(base, "--stop"));
        assertEquals(0, stop.code(), stop.toString());
        assertTrue(stop.out().contains("stopped process " + second), stop.toString());
        assertFalse(ProcessHandle.of(second).map(ProcessHandle::isAlive).orElse(false), "stopped");
        CliRun bad = CliRun.run(dir, "", concat(base, "--stop", "--status"));
        assertEquals(2, bad.code(), bad.toString());
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

  private static String[] concat(List<String> base, String... more) {
    List<String> all = new ArrayList<>(base);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void remoteDirectoriesAndArgumentsThatAShellWouldReadOtherwiseAreRefused() {
    for (String bad : List.of("~/x; rm -rf ~", "$(reboot)", "../../etc", "~/a/../../b", "dir with space", "-rf",
        "`id`", "~other/x", "a\nb")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new DeployOptions(bad, null, null, null, 0), bad);
      assertTrue(e.getMessage().contains("remote directory"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> new DeployOptions(null, "~/data", null, null, 0));
    // a PostgreSQL given must name the deployment's own database and user, never the server's default one
    for (String shared : List.of("jdbc:postgresql://127.0.0.1:5432/", "jdbc:postgresql://127.0.0.1:5432/helperlab",
        "jdbc:postgresql://127.0.0.1/?user=postgres")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new DeployOptions(null, null, null, null, 0, false, shared, null, false), shared);
      assertTrue(e.getMessage().contains("this deployment's own database and user"), e.getMessage());
    }
    assertTrue(DeployOptions.defaults().privateServices(), "private services unless others are given");
    assertFalse(new DeployOptions(null, null, null, null, 0, false, null, "redis://127.0.0.1:6379", false)
        .privateServices());
    assertThrows(IllegalArgumentException.class, () -> new DeployOptions(null, null, List.of("--set", "a=b\nc"), null, 0));
    assertEquals("\"$HOME\"/'helper-lab'", Deployer.shellPath("~/helper-lab"));
    assertEquals("'/srv/cage'", Deployer.shellPath("/srv/cage"));
    assertEquals("'it'\\''s'", Deployer.quote("it's"));
  }
}
