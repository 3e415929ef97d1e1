package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.remote.SshTestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deploy --check} over real SSH to the embedded server, whose commands run this machine's
 * programs: with everything the cage needs it exits 0; with {@code java} gone from the login's PATH
 * it names Java as missing, on its line and in the one-line reason, and exits with its own code 4.
 */
class DeployCheckTest {
  @TempDir
  Path dir;

  private static CliRun check(SshTestServer.Login login) {
    return CliRun.of("deploy", "--ssh", "lab@127.0.0.1:" + login.server().port(), "--identity",
        login.key().toString(), "--known-hosts", login.knownHosts().toString(), "--check");
  }

  @Test
  void aServerWithWhatTheCageNeedsPasses() throws Exception {
    try (SshTestServer.Login login = SshTestServer.login(Files.createDirectories(dir.resolve("ssh")), false)) {
      CliRun r = check(login);
      assertEquals(ExitCodes.OK, r.code(), r.toString());
      assertTrue(r.out().lines().anyMatch(l -> l.startsWith("ok      java")), r.out());
    }
  }

  @Test
  void aServerWithoutJavaIsMissingSomethingNotAFailedDeploy() throws Exception {
    try (SshTestServer.Login login = SshTestServer.login(Files.createDirectories(dir.resolve("ssh")), false)) {
      login.server().withoutPrograms("java");
      CliRun r = check(login);
      assertEquals(DeployCommand.MISSING, r.code(), r.toString());
      assertTrue(r.out().lines().anyMatch(l -> l.startsWith("missing java") && l.contains("no java on the PATH")),
          r.out());
      assertEquals("helper-lab deploy: missing on lab@127.0.0.1:" + login.server().port() + ": java", r.err().strip().lines().reduce((a, b) -> b).orElse(""),
          r.toString());
    }
  }
}
