package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deploy} run from the desktop jar ({@code java -jar target/helper-lab.jar deploy}) uploads the server jar beside
 * it, over a stock OpenSSH server, and the cage it starts there runs from that headless jar (run in
 * {@code mvn -Pdist verify}, after the jars; tag "dist"). Skipped, saying why, without a root sshd.
 */
@Tag("dist")
class ServerJarDeployTest {
  @TempDir
  Path dir;

  @Test
  void deployFromTheDesktopJarUploadsTheServerJarAndItsCageAnswers() throws Exception {
    StockSshdTest.assumeSshd();
    Path desktop = Path.of("target", "helper-lab.jar");
    Path server = Path.of("target", ServerJar.NAME);
    assertTrue(Files.isRegularFile(desktop) && Files.isRegularFile(server), "build both jars first (mvn package)");
    Path authorized = dir.resolve("authorized_keys");
    Path key = SshTestServer.userKey(dir, "id_lab", authorized, null);
    Path knownHosts = dir.resolve("known_hosts");
    Path remote = dir.resolve("remote");
    String user = System.getProperty("user.name");
    try (TestCage services = TestCage.services(dir.resolve("unused"));
        StockSshdTest.PrivateSshd sshd = new StockSshdTest.PrivateSshd(Files.createDirectories(dir.resolve("sshd")),
            authorized)) {
      Files.writeString(knownHosts, sshd.hostKeyLine);
      List<String> base = List.of("deploy", "--ssh", user + "@127.0.0.1:" + sshd.port, "--identity", key.toString(),
          "--known-hosts", knownHosts.toString(), "--remote-dir", remote.toString());
      List<String> deploy = new ArrayList<>(base);
      deploy.addAll(List.of("--no-systemd", "--pg-url", services.pgUrl(), "--redis-url", TestCage.REDIS));
      for (String s : List.of("port=0", "samples=" + TestCage.library(), "cgroup=off", "cds=off",
          "redis_prefix=" + services.prefix)) {
        deploy.addAll(List.of("--set", s));
      }
      try {
        String out = desktopJar(desktop, deploy);
        assertTrue(out.contains("\"ok\":true"), out + "\nsshd log:\n" + Files.readString(sshd.log));
        assertArrayEquals(Files.readAllBytes(server), Files.readAllBytes(remote.resolve("helper-lab.jar")),
            "the server jar arrived, byte for byte");
        assertFalse(ServerJar.holdsJavaFx(remote.resolve("helper-lab.jar")), "no JavaFX on the server");
      } finally {
        List<String> stop = new ArrayList<>(base);
        stop.add("--stop");
        desktopJar(desktop, stop);
      }
    }
  }

  /** Runs the desktop jar as a user would, with {@code args}; its output, once it has ended with 0. */
  private String desktopJar(Path jar, List<String> args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", jar.toString()));
    cmd.addAll(args);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("deploy.log").toFile())
        .start();
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "deploy did not end within 5 minutes");
    String out = Files.readString(dir.resolve("deploy.log"));
    assertEquals(0, p.exitValue(), String.join(" ", args) + ":\n" + out);
    return out;
  }
}
