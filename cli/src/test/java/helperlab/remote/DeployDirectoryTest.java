package helperlab.remote;

import static helperlab.remote.DeployFreshServerTest.sh;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory the login cannot use is said plainly before anything changes, with what to do - never the raw
 * {@code mkdir}/{@code chmod} error: over a stock OpenSSH {@code sshd}, an account made with {@code useradd}
 * deploys into a parent it may not write, a directory of another owner, a read-only mount, a file, and finally
 * into a home directory that is not its own.
 */
class DeployDirectoryTest {
  @TempDir
  Path dir;

  private static String failure(Deployer d, Path jar, String remoteDir) {
    DeployOptions o = new DeployOptions(remoteDir, null, List.of(), false, 300, false, null, null, false);
    return assertThrows(ControlException.class, () -> d.deploy(jar, o, l -> { })).getMessage();
  }

  private static void plain(String message, String... phrases) {
    for (String p : phrases) {
      assertTrue(message.contains(p), "should say '" + p + "': " + message);
    }
    assertFalse(message.contains("mkdir:") || message.contains("chmod:") || message.contains("exit status"),
        "not the raw error: " + message);
    assertTrue(message.endsWith("Nothing was changed there."), message);
  }

  @Test
  void directoriesTheLoginCannotUseAreSaidWithWhatToDo() throws Exception {
    StockSshdTest.assumeSshd();
    assumeTrue(Files.isExecutable(Path.of("/usr/sbin/useradd")), "no useradd here");
    Path jar = Files.writeString(dir.resolve("helper-lab.jar"), "not run: every deploy here stops before the copy");
    try (TestAccount a = TestAccount.create(dir);
        StockSshdTest.PrivateSshd sshd = new StockSshdTest.PrivateSshd(Files.createDirectory(dir.resolve("sshd")),
            a.authorizedKeys)) {
      Path knownHosts = Files.writeString(dir.resolve("known_hosts"), sshd.hostKeyLine);
      Deployer d = new Deployer(a.ssh(sshd, knownHosts), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);
      String where = "ssh " + a.user + "@127.0.0.1:" + sshd.port;

      // a parent the login may not write (root's, 755)
      Path rootOwned = Files.createDirectories(a.home.resolve("shelf"));
      sh("chmod", "755", rootOwned.toString());
      plain(failure(d, jar, rootOwned + "/cage"), "cannot make " + rootOwned + "/cage on " + where + ": " + a.user
          + " may not create anything in " + rootOwned + " (owner root, mode 755); ask an administrator to make "
          + rootOwned + "/cage for " + a.user + " (sudo install -d -o " + a.user + " -m 700 '" + rootOwned + "/cage')",
          "or deploy with --remote-dir set to a directory " + a.user + " can write");
      assertFalse(Files.exists(rootOwned.resolve("cage")));

      // a directory of another owner: deploy would make it 0700, which only its owner may
      Path others = Files.createDirectories(a.home.resolve("others"));
      sh("chmod", "777", others.toString());
      plain(failure(d, jar, others.toString()), "cannot deploy into " + others + " on " + where + ": " + others
          + " belongs to root, not " + a.user + " (mode 777)", "sudo chown -R " + a.user + " '" + others + "'");
      assertEquals("777", sh("stat", "-c", "%a", others.toString()).strip(), "its mode untouched");

      // a read-only file system
      Path ro = a.tmpfs("ro", 1024);
      sh("mount", "-o", "remount,ro", ro.toString());
      plain(failure(d, jar, "ro/cage"), "cannot make ro/cage on " + where + ": " + ro + " is on a read-only file"
          + " system; deploy with --remote-dir set to a directory " + a.user + " can write");

      // a file where the directory should be
      Path file = Files.writeString(a.home.resolve("plain-file"), "x");
      plain(failure(d, jar, "~/plain-file"), "cannot deploy into ~/plain-file on " + where + ": " + file
          + " is a file, not a directory");
      assertEquals("x", Files.readString(file));

      // a home that is not the login's (root's, 755)
      sh("chown", "root:root", a.home.toString());
      sh("chmod", "755", a.home.toString());
      plain(failure(d, jar, "~/helper-lab"), "cannot make ~/helper-lab on " + where + ": the home directory " + a.home
          + " is not writable by " + a.user + " (owner root, mode 755); ask an administrator to give " + a.user
          + " its home (sudo chown " + a.user + " '" + a.home + "')");
      assertFalse(Files.exists(a.home.resolve("helper-lab")), "nothing made");
    }
  }
}
