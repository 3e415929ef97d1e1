package helperlab.remote;

import static helperlab.remote.DeployFreshServerTest.sh;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import helperlab.model.DataFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No ctl outlives its SSH session: an account made for the test ({@code useradd}) follows a real cage's
 * exhibit with {@code ctl --ssh} through a private stock OpenSSH {@code sshd}, and the follow is cut ten times
 * in the ways a link breaks - the session's sshd processes killed, the client killed, ctl on the server hung up
 * on, its stream stopped until the client gives up on it - and resumed each time from the last id printed.
 * After each cut no process of the account is left running ctl (awaited, never slept for); then the lab's way of
 * reconnecting (an {@link EventFollower} dropping its connection, as on a stall) is cut three times more, and at
 * the end nothing of the account runs at all. The streams put together are the run's stream: ids 1, 2, 3, ...
 * with none lost and none twice.
 */
@Tag("slow") // a cage, a stock sshd, an account and some 25 JVMs started over SSH
class NoOrphanCtlTest {
  @TempDir
  Path dir;

  /** The ways a cut is made, in turn. */
  private enum Cut { SESSION_KILLED, CLIENT_KILLED, HUNG_UP, STALLED }

  @Test
  void tenCutAndResumedFollowsLeaveNoCtlOfTheAccountAndLoseOrRepeatNothing() throws Exception {
    StockSshdTest.assumeSshd();
    assumeTrue(Files.isExecutable(Path.of("/usr/sbin/useradd")), "no useradd here");
    Path shared = Files.createDirectories(Path.of("/tmp", "helperlab-orphan-"
        + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(0, 6)));
    try (TestAccount a = TestAccount.create(dir);
        TestCage cage = TestCage.start(Files.createDirectories(shared.resolve("cage")));
        StockSshdTest.PrivateSshd sshd = new StockSshdTest.PrivateSshd(Files.createDirectory(dir.resolve("sshd")),
            a.authorizedKeys)) {
      Path jar = DeployFreshServerTest.readableJar(shared.resolve("build"));
      // the account reaches the cage's control socket as a deployed cage's own login would: it owns the run directory
      sh("chmod", "a+rX", shared.toString(), cage.data.toString());
      sh("chown", "-R", a.user, cage.data.resolve("run").toString());
      Path knownHosts = Files.writeString(dir.resolve("known_hosts"), sshd.hostKeyLine);
      String remote = SshTestServer.quote(SshTestServer.javaCommand()) + " -jar " + SshTestServer.quote(jar.toString())
          + " ctl --data " + SshTestServer.quote(cage.data.toString());
      List<String> ssh = List.of("ctl", "--ssh", a.user + "@127.0.0.1:" + sshd.port, "--identity", a.key.toString(),
          "--known-hosts", knownHosts.toString(), "--remote-command", remote);

      String run = DataFile.JSON.readTree(CliRun.run(dir, "{\"op\":\"exhibit\",\"policy\":\"pool-edf-10\","
          + "\"scenario\":\"calm\",\"seed\":6,\"duration_s\":900}\n", "ctl", "--data", cage.data.toString()).out())
          .get("run").asText();
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        Cut cut = Cut.values()[i % Cut.values().length];
        String from = ids.isEmpty() ? "0-0" : ids.get(ids.size() - 1);
        List<String> args = new ArrayList<>(ssh);
        if (cut == Cut.STALLED) {
          args.addAll(List.of("--stall-limit", "3"));
        }
        try (FollowProcess f = FollowProcess.start(dir, "{\"op\":\"follow\",\"run\":\"" + run + "\",\"from\":\"" + from
            + "\"}\n", args)) {
          await("entries streaming").atMost(Duration.ofMinutes(2)).until(() -> f.entries() >= 3 || !f.process.isAlive());
          assertTrue(f.process.isAlive(), cut + ": " + f);
          ProcessHandle ctl = ctlsOf(a.user).get(0);
          switch (cut) {
            case SESSION_KILLED -> sessionOf(ctl, sshd).forEach(ProcessHandle::destroyForcibly);
            case CLIENT_KILLED -> f.process.destroyForcibly();
            case HUNG_UP -> signal("-HUP", ctl);
            case STALLED -> signal("-STOP", ctl);
          }
          int code = f.exit();
          if (cut == Cut.STALLED) {
            signal("-CONT", ctl); // the client gave up on it and left; continued, it finds its session gone
          }
          if (cut != Cut.CLIENT_KILLED) {
            assertEquals(CtlExit.UNREACHABLE.code, code, cut + ": " + f);
            assertTrue(f.reason().contains("to resume where it broke"), cut + ": " + f.reason());
          }
          ids.addAll(f.ids());
        }
        await("no ctl of the account left after " + cut).atMost(Duration.ofMinutes(1))
            .until(() -> ctlsOf(a.user).isEmpty());
      }

      // the lab's reconnect: its follower drops a connection (as on a stall) and opens a new one from the last id
      SshTransport transport = new SshTransport(new SshSettings(new SshTarget(a.user, "127.0.0.1", sshd.port), a.key,
          knownHosts, null, remote, 20_000), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);
      RemoteCageTest.Heard heard = new RemoteCageTest.Heard(1);
      try (EventFollower lab = new EventFollower(transport, run, ids.get(ids.size() - 1), heard, 100, 1000, 20).start()) {
        for (int drop = 1; drop <= 3; drop++) {
          int before = heardCount(heard);
          await("the lab's stream moves").atMost(Duration.ofMinutes(2)).until(() -> heardCount(heard) >= before + 3);
          ProcessHandle ctl = ctlsOf(a.user).get(0);
          lab.dropConnection();
          await("the dropped connection's ctl is gone").atMost(Duration.ofMinutes(1)).until(() -> !ctl.isAlive());
        }
        int before = heardCount(heard);
        await("the lab's stream moves").atMost(Duration.ofMinutes(2)).until(() -> heardCount(heard) >= before + 3);
      }
      synchronized (heard) {
        ids.addAll(heard.ids);
      }
      await("nothing of the account runs").atMost(Duration.ofMinutes(1)).until(() -> a.processes().isEmpty());

      for (int i = 0; i < ids.size(); i++) {
        assertEquals((i + 1) + "-0", ids.get(i), "the resumed streams lose and repeat nothing: " + ids);
      }
      assertTrue(ids.size() <= cage.streamLength(run), "nothing the cage did not send");
      System.out.printf("10 cut follows and 3 lab reconnects: %d stream entries, each once%n", ids.size());
    } finally {
      sh("rm", "-rf", shared.toString());
    }
  }

  private static int heardCount(RemoteCageTest.Heard heard) {
    synchronized (heard) {
      return heard.ids.size();
    }
  }

  /** The account's JVMs (a JVM's command line is longer than /proc lets Java read: its program is enough). */
  private static List<ProcessHandle> ctlsOf(String user) {
    return ProcessHandle.allProcesses().filter(p -> user.equals(p.info().user().orElse(""))
        && p.info().command().orElse("").endsWith("/java")).toList();
  }

  /** The session's own sshd processes above a ctl (its privileged monitor and the login's process). */
  private static List<ProcessHandle> sessionOf(ProcessHandle ctl, StockSshdTest.PrivateSshd sshd) {
    List<ProcessHandle> session = new ArrayList<>();
    Optional<ProcessHandle> p = ctl.parent();
    while (p.isPresent() && p.get().pid() != sshd.process.pid()) {
      session.add(p.get());
      p = p.get().parent();
    }
    return session;
  }

  private static void signal(String sig, ProcessHandle p) throws Exception {
    new ProcessBuilder("kill", sig, Long.toString(p.pid())).start().waitFor(30, TimeUnit.SECONDS);
  }
}
