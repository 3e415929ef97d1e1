package helperlab.remote;

import static helperlab.remote.DeployFreshServerTest.processesOf;
import static helperlab.remote.DeployFreshServerTest.sh;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.awaitility.Awaitility;

/**
 * A non-root account made for one test ({@code useradd}), with a key it accepts; on close whatever of
 * it is left runs no more (its processes killed, tmpfs mounts in its home undone) and it is deleted.
 */
final class TestAccount implements AutoCloseable {
  final String user;
  final Path home;
  final Path authorizedKeys;
  final Path key;

  private TestAccount(String user, Path home, Path authorizedKeys, Path key) {
    this.user = user;
    this.home = home;
    this.authorizedKeys = authorizedKeys;
    this.key = key;
  }

  /** Skips the test, saying why, where accounts, a stock sshd or the services' binaries are not at hand. */
  static void assumeServer() throws Exception {
    assumeTrue(Files.isExecutable(StockSshdTest.SSHD), "no /usr/sbin/sshd here");
    assumeTrue("root".equals(System.getProperty("user.name")), "creating the test's account needs root (useradd)");
    assumeTrue(Files.isExecutable(Path.of("/usr/sbin/useradd")), "no useradd here");
    try (Stream<Path> pg = Files.list(Path.of("/usr/lib/postgresql"))) {
      assumeTrue(pg.anyMatch(v -> Files.isExecutable(v.resolve("bin/initdb"))), "no PostgreSQL binaries installed");
    } catch (java.nio.file.NoSuchFileException e) {
      assumeTrue(false, "no PostgreSQL binaries installed (/usr/lib/postgresql)");
    }
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/redis-server")), "no redis-server installed");
  }

  /** A fresh account whose key {@code dir/id_NAME} is authorized. */
  static TestAccount create(Path dir) throws Exception {
    String user = "hlt" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(0, 6);
    sh("useradd", "-m", "-s", "/bin/bash", user);
    sh("usermod", "-p", "*", user); // not locked: sshd without PAM refuses locked accounts
    Path home = Path.of(sh("sh", "-c", "getent passwd " + user + " | cut -d: -f6").strip());
    Path authorized = home.resolve(".ssh").resolve("authorized_keys");
    Files.createDirectories(authorized.getParent());
    Path key = SshTestServer.userKey(dir, "id_" + user, authorized, null);
    sh("chown", "-R", user + ":" + user, home.resolve(".ssh").toString());
    return new TestAccount(user, home, authorized, key);
  }

  /** Mounts a tmpfs of {@code sizeKb} KiB, owned by the account, at {@code dir} in its home. */
  Path tmpfs(String dir, int sizeKb) throws Exception {
    Path at = Files.createDirectories(home.resolve(dir));
    String uid = sh("id", "-u", user).strip();
    String gid = sh("id", "-g", user).strip();
    sh("mount", "-t", "tmpfs", "-o", "size=" + sizeKb + "k,uid=" + uid + ",gid=" + gid + ",mode=700", "tmpfs",
        at.toString());
    return at;
  }

  /** The account's processes, one per line ({@code pgrep -l}); empty when none. */
  String processes() throws Exception {
    return processesOf(user);
  }

  SshSettings ssh(StockSshdTest.PrivateSshd sshd, Path knownHosts) {
    return new SshSettings(new SshTarget(user, "127.0.0.1", sshd.port), key, knownHosts, null, null, 20_000);
  }

  @Override
  public void close() throws Exception {
    new ProcessBuilder("pkill", "-KILL", "-u", user).start().waitFor(30, TimeUnit.SECONDS);
    Awaitility.await("the account's processes gone").atMost(Duration.ofSeconds(60))
        .until(() -> processesOf(user).isEmpty());
    String mounts = Files.readString(Path.of("/proc/mounts"));
    for (String line : mounts.split("\n")) {
      String[] f = line.split(" ");
      if (f.length > 1 && f[1].startsWith(home + "/")) {
        new ProcessBuilder("umount", f[1]).start().waitFor(30, TimeUnit.SECONDS);
      }
    }
    new ProcessBuilder("userdel", "-r", user).start().waitFor(30, TimeUnit.SECONDS);
  }
}
