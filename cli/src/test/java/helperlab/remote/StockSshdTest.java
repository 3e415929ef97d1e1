package helperlab.remote;

import java.time.Duration;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same ctl over a stock OpenSSH server, not only the embedded one: a private {@code sshd} on a
 * loopback port with its own host key and authorized_keys runs the real {@code ctl} against a real
 * cage. Skipped, saying why, where there is no {@code /usr/sbin/sshd} or we are not root (sshd must
 * be root to log a user in).
 */
class StockSshdTest {
  static final Path SSHD = Path.of("/usr/sbin/sshd");

  @TempDir
  Path dir;

  /** A private sshd: started on a free loopback port, stopped on close. */
  static final class PrivateSshd implements AutoCloseable {
    final Process process;
    final int port;
    final Path log;
    final String hostKeyLine;

    PrivateSshd(Path dir, Path authorizedKeys) throws Exception {
      this(dir, authorizedKeys, List.of());
    }

    /** With more sshd_config lines ({@code SetEnv PATH=...} for a server without Java on the PATH). */
    PrivateSshd(Path dir, Path authorizedKeys, List<String> moreConfig) throws Exception {
      Path hostKey = dir.resolve("ssh_host_ed25519_key");
      run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", hostKey.toString()));
      try (ServerSocket s = new ServerSocket(0)) {
        port = s.getLocalPort();
      }
      Path config = dir.resolve("sshd_config");
      Files.writeString(config, String.join("\n", "Port " + port, "ListenAddress 127.0.0.1", "HostKey " + hostKey,
          "AuthorizedKeysFile " + authorizedKeys, "StrictModes no", "PasswordAuthentication no",
          "KbdInteractiveAuthentication no", "UsePAM no", "PermitRootLogin prohibit-password",
          "PidFile " + dir.resolve("sshd.pid"), "Subsystem sftp internal-sftp", "LogLevel VERBOSE", "")
          + String.join("\n", moreConfig) + "\n");
      Files.createDirectories(Path.of("/run/sshd")); // privilege separation directory, absent until sshd ran once
      log = dir.resolve("sshd.log");
      process = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", config.toString()).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      await("sshd listens").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
        try (Socket s = new Socket("127.0.0.1", port)) {
          return true;
        } catch (IOException e) {
          if (!process.isAlive()) {
            throw new IllegalStateException("sshd exited: " + Files.readString(log));
          }
          return false;
        }
      });
      String[] pub = Files.readString(dir.resolve("ssh_host_ed25519_key.pub")).strip().split(" ");
      hostKeyLine = "[127.0.0.1]:" + port + " " + pub[0] + " " + pub[1] + "\n";
    }

    private static void run(List<String> cmd) throws Exception {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out);
      }
    }

    @Override
    public void close() throws Exception {
      process.destroy();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }

  static void assumeSshd() throws Exception {
    assumeTrue(Files.isExecutable(SSHD), "no OpenSSH server here (" + SSHD + "); apt-get install openssh-server");
    Process id = new ProcessBuilder("id", "-u").start();
    assumeTrue("0".equals(new String(id.getInputStream().readAllBytes()).strip()),
        "a private sshd must run as root to log a user in");
  }

  @Test
  void ctlOverStockOpenSshTalksToARealCage() throws Exception {
    assumeSshd();
    Path authorized = dir.resolve("authorized_keys");
    Path key = SshTestServer.userKey(dir, "id_lab", authorized, null);
    Path knownHosts = dir.resolve("known_hosts");
    String user = System.getProperty("user.name");
    try (TestCage cage = TestCage.start(Files.createDirectories(dir.resolve("cage")));
        PrivateSshd sshd = new PrivateSshd(Files.createDirectories(dir.resolve("sshd")), authorized)) {
      Files.writeString(knownHosts, sshd.hostKeyLine);
      String remote = SshTestServer.quote(SshTestServer.javaCommand()) + " -cp "
          + SshTestServer.quote(SshTestServer.classpath()) + " helperlab.cli.Main ctl --data "
          + SshTestServer.quote(cage.data.toString());
      CliRun r = CliRun.run(dir, "{\"op\":\"status\"}\n{\"op\":\"set-policy\",\"policy\":\"x; touch "
          + dir.resolve("canary") + "\"}\n", "ctl", "--ssh", user + "@127.0.0.1:" + sshd.port, "--identity",
          key.toString(), "--known-hosts", knownHosts.toString(), "--remote-command", remote);
      assertEquals(CtlExit.REFUSED.code, r.code(), "the unknown policy was refused: " + r + "\nsshd log:\n"
          + Files.readString(sshd.log));
      String[] lines = r.out().strip().split("\n");
      assertEquals(2, lines.length, r.toString());
      JsonNode status = DataFile.JSON.readTree(lines[0]);
      assertTrue(status.get("ok").asBoolean(), r.toString());
      assertEquals("pool-edf-10", status.get("policy").asText());
      assertTrue(lines[1].contains("unknown policy"), r.toString());
      assertTrue(!Files.exists(dir.resolve("canary")));

      // A missing command through the stock server: its shell's status 127 becomes a clear message.
      CliRun missing = CliRun.run(dir, "{\"op\":\"status\"}\n", "ctl", "--ssh", user + "@127.0.0.1:" + sshd.port,
          "--identity", key.toString(), "--known-hosts", knownHosts.toString(), "--remote-command", "helper-lab-nowhere ctl");
      assertEquals(CtlExit.UNREACHABLE.code, missing.code(), missing.toString());
      assertTrue(missing.reason().contains("'helper-lab-nowhere ctl' was not found") && missing.reason().contains("127"),
          missing.toString());
    }
  }
}
