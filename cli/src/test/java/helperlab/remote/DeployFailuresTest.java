package helperlab.remote;

import static helperlab.remote.DeployFreshServerTest.sh;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deploys onto servers that are not perfect, over a stock OpenSSH {@code sshd} with non-root accounts
 * made for the test: no Java on the PATH, a full disk (a tmpfs), a cage that cannot start, two accounts
 * on one server. Each failure changes nothing, or undoes what the deploy started and says so.
 */
@Tag("heavy") // private PostgreSQL clusters and cages started over SSH
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeployFailuresTest {
  Path shared;
  Path jar;
  Path samples;

  @BeforeAll
  void build() throws Exception {
    TestAccount.assumeServer();
    shared = Files.createDirectories(Path.of("/tmp", "helperlab-deployfail-"
        + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(0, 6)));
    jar = DeployFreshServerTest.readableJar(shared.resolve("build"));
    samples = shared.resolve("samples");
    helperlab.cage.image.SampleLibrary.generate(samples, 6, 0.3, 3, 42);
    sh("chmod", "-R", "a+rX", shared.toString());
  }

  @AfterAll
  void clean() throws Exception {
    if (shared != null) {
      sh("rm", "-rf", shared.toString());
    }
  }

  private List<String> serveArgs(String... more) {
    List<String> a = new ArrayList<>(List.of("--samples", samples.toString(), "--set", "cds=off"));
    a.addAll(List.of(more));
    return a;
  }

  private static DeployOptions options(String remoteDir, List<String> serveArgs) {
    return new DeployOptions(remoteDir, null, serveArgs, false, 300, false, null, null, false); // services: the default
  }

  private static Deployer deployer(TestAccount a, StockSshdTest.PrivateSshd sshd, Path knownHosts) {
    return new Deployer(a.ssh(sshd, knownHosts), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);
  }

  private static Path knownHosts(Path dir, StockSshdTest.PrivateSshd sshd) throws Exception {
    return Files.writeString(dir.resolve("known_hosts"), sshd.hostKeyLine);
  }

  /** This build's jar with {@code mb} MiB of random bytes in it (a jar the size of the real one). */
  private Path bigJar(Path dir, int mb) throws Exception {
    Path big = dir.resolve("helper-lab-big.jar");
    try (JarFile small = new JarFile(jar.toFile()); OutputStream out = Files.newOutputStream(big);
        JarOutputStream j = new JarOutputStream(out, small.getManifest())) {
      j.setLevel(0);
      j.putNextEntry(new JarEntry("ballast.bin"));
      byte[] b = new byte[1 << 20];
      Random r = new Random(1);
      for (int i = 0; i < mb; i++) {
        r.nextBytes(b);
        j.write(b);
      }
      j.closeEntry();
    }
    sh("chmod", "a+r", big.toString());
    return big;
  }

  @Test
  void withoutJavaTheDeployNamesTheMissingPackageAndChangesNothing(@TempDir Path dir) throws Exception {
    // the server's PATH has everything of /usr/bin and /usr/local/bin but java
    Path noJava = Files.createDirectories(shared.resolve("no-java-bin"));
    for (String from : List.of("/usr/local/bin", "/usr/bin")) {
      try (Stream<Path> files = Files.list(Path.of(from))) {
        for (Path f : (Iterable<Path>) files::iterator) {
          String name = f.getFileName().toString();
          if (!name.startsWith("java") && !Files.exists(noJava.resolve(name), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(noJava.resolve(name), f);
          }
        }
      }
    }
    try (TestAccount a = TestAccount.create(dir);
        StockSshdTest.PrivateSshd sshd = new StockSshdTest.PrivateSshd(Files.createDirectory(dir.resolve("sshd")),
            a.authorizedKeys, List.of("SetEnv PATH=" + noJava))) {
      List<String> progress = new ArrayList<>();
      ControlException e = assertThrows(ControlException.class, () -> deployer(a, sshd, knownHosts(dir, sshd))
          .deploy(jar, options(null, serveArgs()), progress::add));
      assertTrue(e.getMessage().startsWith("Java 17 is not installed on "), e.getMessage());
      assertTrue(e.getMessage().contains("install it with: sudo apt-get install -y openjdk-17-jre-headless (or deploy"),
          "only the missing package: " + e.getMessage());
      assertTrue(e.getMessage().endsWith("Nothing was changed there."), e.getMessage());
      assertFalse(Files.exists(a.home.resolve("helper-lab")), "nothing made: " + progress);
      // its SSH session's own process may take a moment to go after the logout
      Awaitility.await("nothing of the account runs").atMost(Duration.ofSeconds(30)).until(() -> a.processes().isEmpty());
    }
  }

  @Test
  void aFullDiskIsSaidPlainlyBeforeTheCopyAndDuringItAndLeavesNoPartialFile(@TempDir Path dir) throws Exception {
    Path big = bigJar(dir, 3);
    try (TestAccount a = TestAccount.create(dir);
        StockSshdTest.PrivateSshd sshd = new StockSshdTest.PrivateSshd(Files.createDirectory(dir.resolve("sshd")),
            a.authorizedKeys)) {
      Deployer d = deployer(a, sshd, knownHosts(dir, sshd));
      // too small from the start: refused before a byte is copied
      Path tiny = a.tmpfs("tiny", 1024);
      ControlException before = assertThrows(ControlException.class,
          () -> d.deploy(big, options("~/tiny", serveArgs()), l -> { }));
      assertTrue(before.getMessage().startsWith("disk full: ") && before.getMessage().contains("Nothing was copied"),
          before.getMessage());
      try (Stream<Path> left = Files.list(tiny)) {
        assertEquals(List.of(), left.toList(), "nothing left in the full directory");
      }

      // room at the start, filled by someone else while the jar is on its way
      Path small = a.tmpfs("small", 5 * 1024);
      List<String> progress = new ArrayList<>();
      ControlException during = assertThrows(ControlException.class, () -> d.deploy(big, options("~/small",
          serveArgs()), line -> {
            progress.add(line);
            if (line.startsWith("copied 10%")) {
              fill(small.resolve("filler"));
            }
          }));
      assertTrue(during.getMessage().startsWith("disk full while copying the jar: "), during.getMessage());
      assertTrue(during.getMessage().contains("Undone: ") && during.getMessage().contains("removed the partial upload"),
          during.getMessage());
      try (Stream<Path> left = Files.list(small)) {
        assertEquals(List.of(small.resolve("filler")), left.toList(), "no partial jar left: " + progress);
      }
      // its SSH session's own process may take a moment to go after the logout
      Awaitility.await("nothing of the account runs").atMost(Duration.ofSeconds(30)).until(() -> a.processes().isEmpty());
    }
  }

  /** Fills the file system of {@code file} to the last byte, as another program on the server would. */
  private static void fill(Path file) {
    try {
      new ProcessBuilder("sh", "-c", "dd if=/dev/zero of='" + file + "' bs=64k 2>/dev/null; true").start().waitFor();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aCageThatCannotStartTakesTheServicesThisDeployStartedWithIt(@TempDir Path dir) throws Exception {
    try (TestAccount a = TestAccount.create(dir);
        StockSshdTest.PrivateSshd sshd = new StockSshdTest.PrivateSshd(Files.createDirectory(dir.resolve("sshd")),
            a.authorizedKeys)) {
      List<String> progress = new ArrayList<>();
      ControlException e = assertThrows(ControlException.class, () -> deployer(a, sshd, knownHosts(dir, sshd))
          .deploy(jar, options(null, serveArgs("--set", "colour=red")), progress::add));
      String m = e.getMessage();
      assertTrue(m.contains("exited right after starting") && m.contains("unknown field 'colour'"), m);
      for (String undone : List.of("stopped the cage this deploy started", "stopped the private Redis this deploy"
          + " started", "stopped the private PostgreSQL this deploy started", "removed ~/helper-lab, which this deploy"
          + " made")) {
        assertTrue(m.contains(undone), "says it " + undone + ": " + m);
      }
      assertTrue(progress.stream().anyMatch(l -> l.startsWith("started a private PostgreSQL")), progress.toString());
      Awaitility.await("nothing of the account runs").atMost(Duration.ofSeconds(30)).until(() -> a.processes().isEmpty());
      assertFalse(Files.exists(a.home.resolve("helper-lab")), "the directory it made is gone");
    }
  }

  @Test
  void twoAccountsOnOneServerBothComeUpAndTheSameJarIsNotCopiedAgain(@TempDir Path dir) throws Exception {
    try (TestAccount a = TestAccount.create(dir); TestAccount b = TestAccount.create(dir);
        StockSshdTest.PrivateSshd sshd = new StockSshdTest.PrivateSshd(Files.createDirectory(dir.resolve("sshd")),
            Path.of("%h/.ssh/authorized_keys"))) {
      Path known = knownHosts(dir, sshd);
      List<String> progressA = new ArrayList<>();
      DeployReport first = deployer(a, sshd, known).deploy(jar, options(null, serveArgs()), progressA::add);
      DeployReport second = deployer(b, sshd, known).deploy(jar, options(null, serveArgs()), l -> { });
      for (DeployReport r : List.of(first, second)) {
        assertTrue(r.status().ok(), r.status().toString());
        assertTrue(String.valueOf(r.status().samples()).matches("\\d+ samples in .*"), "ready for an exhibit: "
            + r.status());
      }
      for (DeployReport r : List.of(first, second)) {
        assertTrue(r.services().contains("started a private PostgreSQL") && r.services().contains("started a private"
            + " Redis"), "each account its own services, though the server's answer on 5432 and 6379: " + r.services());
      }
      int portA = intakePort(a);
      int portB = intakePort(b);
      assertNotEquals(portA, portB, "each account's intake on a port of its own");
      assertTrue(second.services().contains("the intake on 127.0.0.1:" + portB), second.services());
      assertFalse(first.jarUnchanged());

      List<String> again = new ArrayList<>();
      DeployReport redeploy = deployer(a, sshd, known).deploy(jar, options(null, serveArgs()), again::add);
      assertTrue(redeploy.jarUnchanged(), again.toString());
      assertTrue(again.stream().anyMatch(l -> l.contains("not copied again")), again.toString());
      assertFalse(again.stream().anyMatch(l -> l.startsWith("copied ")), again.toString());
      assertEquals(portA, intakePort(a), "the intake keeps its port across deploys");
    }
  }

  private static int intakePort(TestAccount a) throws Exception {
    try (InputStream in = Files.newInputStream(a.home.resolve("helper-lab").resolve(PrivateServices.CONFIG))) {
      JsonNode config = DataFile.JSON.readTree(in);
      return config.path("port").asInt(-1);
    }
  }
}
