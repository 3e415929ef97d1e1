package helperlab.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broken link is never a finished run: {@code ctl --ssh} through a private stock OpenSSH {@code sshd} to a
 * real cage, its link cut for real in the middle of an answer - the session's sshd processes killed, ctl on
 * the server killed or hung up on, its stream stopped (SIGSTOP) past the stall limit, the whole session stopped
 * until the SSH keep-alives give up - exits 3 with one line
 * on stderr that names the link, says what happened and how to resume; a follow that reaches its run's end
 * exits 0 with the end line. Each cut's server-side ctl is gone afterwards. (The cage closing a follow early
 * is the server ctl's own exit 3: {@link CageClosedFollowTest}.)
 */
@Tag("slow") // a cage, a stock sshd and a ctl JVM at each end per case
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CutLinkTest {
  Path dir;
  TestCage cage;
  StockSshdTest.PrivateSshd sshd;
  Path key;
  Path knownHosts;
  String remote;
  /** The long exhibit the cuts happen in (started by the waited exhibit whose link is cut). */
  String longRun;

  @BeforeAll
  void start(@TempDir Path tmp) throws Exception {
    StockSshdTest.assumeSshd();
    dir = tmp;
    Path authorized = dir.resolve("authorized_keys");
    key = SshTestServer.userKey(dir, "id_lab", authorized, null);
    knownHosts = dir.resolve("known_hosts");
    cage = TestCage.start(Files.createDirectories(dir.resolve("cage")));
    sshd = new StockSshdTest.PrivateSshd(Files.createDirectories(dir.resolve("sshd")), authorized);
    Files.writeString(knownHosts, sshd.hostKeyLine);
    remote = SshTestServer.quote(SshTestServer.javaCommand()) + " -cp " + SshTestServer.quote(SshTestServer.classpath())
        + " helperlab.cli.Main ctl --data " + SshTestServer.quote(cage.data.toString());
  }

  @AfterAll
  void stop() throws Exception {
    if (sshd != null) {
      sshd.close();
    }
    if (cage != null) {
      cage.close();
    }
  }

  private String target() {
    return System.getProperty("user.name") + "@127.0.0.1:" + sshd.port;
  }

  private FollowProcess ctl(String requests, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("ctl", "--ssh", target(), "--identity", key.toString(),
        "--known-hosts", knownHosts.toString(), "--remote-command", remote));
    args.addAll(List.of(more));
    return FollowProcess.start(dir, requests, args);
  }

  private static String follow(String run, String from) {
    return "{\"op\":\"follow\",\"from\":\"" + from + "\",\"run\":\"" + run + "\"}\n"; // as the lab writes it
  }

  /** The ctl JVMs the sshd runs (a JVM's command line is longer than /proc lets Java read: its program is enough). */
  private List<ProcessHandle> serverCtls() {
    return sshd.process.toHandle().descendants().filter(p -> p.info().command().orElse("").endsWith("/java")).toList();
  }

  /** The one ctl the sshd runs, once it runs. */
  private ProcessHandle serverCtl() {
    await("ctl runs on the server").atMost(Duration.ofMinutes(1)).until(() -> serverCtls().size() == 1);
    return serverCtls().get(0);
  }

  /** The session's own sshd processes above a ctl (its privileged monitor and the login's process). */
  private List<ProcessHandle> sessionOf(ProcessHandle ctl) {
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

  private void noServerCtlLeft() {
    await("no ctl left on the server").atMost(Duration.ofMinutes(1)).until(() -> serverCtls().isEmpty());
  }

  /** Follows the long run from its start until a few entries came, for a cut to land in the middle. */
  private FollowProcess followingTheLongRun(String... more) throws Exception {
    FollowProcess f = ctl(follow(longRun, "0-0"), more);
    await("entries streaming").atMost(Duration.ofMinutes(2)).until(() -> f.entries() >= 3 || !f.process.isAlive());
    assertTrue(f.process.isAlive(), f.toString());
    return f;
  }

  /** One sentence on stderr naming the link, what broke and how to resume from the last id printed. */
  private void saysTheLinkBroke(FollowProcess f, String what) throws Exception {
    long t0 = System.nanoTime();
    assertEquals(CtlExit.UNREACHABLE.code, f.exit(), f.toString());
    String reason = f.reason();
    System.out.printf("exit 3 %.1f s after the cut: %s%n", (System.nanoTime() - t0) / 1e9, reason);
    assertTrue(reason.startsWith("helper-lab ctl: the link to ssh " + target() + " " + what), reason);
    List<String> ids = f.ids();
    assertTrue(reason.contains("follow again with " + follow(longRun, ids.get(ids.size() - 1)).strip()
        + " to resume where it broke"), "resumes after the last id printed: " + reason);
    for (String line : f.lines) {
      DataFile.JSON.readTree(line); // every line printed is a whole answer
    }
  }

  @Test
  @Order(1)
  void aFollowThatReachesItsRunsEndExitsZeroWithTheEndLine() throws Exception {
    String run = DataFile.JSON.readTree(CliRun.run(dir, "{\"op\":\"exhibit\",\"policy\":\"pool-edf-10\","
        + "\"scenario\":\"calm\",\"seed\":3,\"duration_s\":6}\n", "ctl", "--data", cage.data.toString()).out())
        .get("run").asText();
    try (FollowProcess f = ctl(follow(run, "0-0"))) {
      assertEquals(CtlExit.OK.code, f.exit(), f.toString());
      JsonNode last = DataFile.JSON.readTree(f.lines.get(f.lines.size() - 1));
      assertEquals("end", last.path("type").asText(), f.toString());
      assertEquals(cage.streamLength(run), f.entries(), "every entry of the run");
      assertEquals("", f.stderr().strip(), "nothing to say");
    }
    noServerCtlLeft();
  }

  @Test
  @Order(2)
  void aWaitedExhibitWhoseSessionIsKilledExitsThree() throws Exception {
    await("the short exhibit is over").atMost(Duration.ofMinutes(2)).until(() -> cage.supervisor().currentRun() == null
        || !cage.supervisor().currentRun().contains("-s3-"));
    try (FollowProcess f = ctl("{\"op\":\"exhibit\",\"policy\":\"pool-edf-10\",\"scenario\":\"calm\",\"seed\":5,"
        + "\"duration_s\":900,\"wait\":true}\n")) {
      ProcessHandle ctl = serverCtl();
      await("the exhibit runs").atMost(Duration.ofMinutes(1)).until(() -> cage.supervisor().currentRun() != null
          && cage.supervisor().currentRun().contains("-s5-"));
      longRun = cage.supervisor().currentRun();
      for (ProcessHandle p : sessionOf(ctl)) {
        p.destroyForcibly();
      }
      assertEquals(CtlExit.UNREACHABLE.code, f.exit(), f.toString());
      assertTrue(f.reason().startsWith("helper-lab ctl: the link to ssh " + target() + " was cut while waiting for the"
          + " answer to exhibit, 0 lines in: the SSH session ended before ctl on the server finished"), f.reason());
      assertTrue(f.reason().endsWith("run it again when the link is back"), f.reason());
    }
    noServerCtlLeft();
  }

  @Test
  @Order(3)
  void aFollowWhoseSessionIsKilledExitsThreeAndSaysHowToResume() throws Exception {
    try (FollowProcess f = followingTheLongRun()) {
      for (ProcessHandle p : sessionOf(serverCtl())) {
        p.destroyForcibly();
      }
      saysTheLinkBroke(f, "was cut while following run " + longRun);
    }
    noServerCtlLeft();
  }

  @Test
  @Order(4)
  void aFollowWhoseServerCtlIsKilledExitsThree() throws Exception {
    try (FollowProcess f = followingTheLongRun()) {
      serverCtl().destroyForcibly();
      saysTheLinkBroke(f, "was cut while following run " + longRun);
    }
    noServerCtlLeft();
  }

  @Test
  @Order(5)
  void aFollowWhoseServerCtlIsHungUpOnExitsThree() throws Exception {
    try (FollowProcess f = followingTheLongRun()) {
      signal("-HUP", serverCtl());
      saysTheLinkBroke(f, "was cut while following run " + longRun);
      assertTrue(f.reason().contains("ctl on the server ended with status 129"), f.reason());
    }
    noServerCtlLeft();
  }

  @Test
  @Order(6)
  void aStreamStoppedPastTheStallLimitExitsThree() throws Exception {
    try (FollowProcess f = followingTheLongRun("--stall-limit", "3")) {
      ProcessHandle ctl = serverCtl();
      signal("-STOP", ctl);
      try {
        saysTheLinkBroke(f, "stalled: no line for 3 s while following run " + longRun);
        assertTrue(f.reason().contains("or allow a longer silence with --stall-limit"), f.reason());
      } finally {
        signal("-CONT", ctl);
      }
    }
    noServerCtlLeft(); // continued, it finds its session gone
  }

  @Test
  @Order(7)
  void aWholeSessionStoppedIsDroppedByItsKeepAlivesAndExitsThree() throws Exception {
    // the session's sshd processes and its ctl stopped: the TCP connection open and silent, as when the network
    // holds the packets; the SSH keep-alives (every 5 s, 3 unanswered) give up before the stream's stall limit
    try (FollowProcess f = followingTheLongRun("--stall-limit", "120")) {
      ProcessHandle ctl = serverCtl();
      List<ProcessHandle> stopped = new ArrayList<>(sessionOf(ctl));
      stopped.add(ctl);
      for (ProcessHandle p : stopped) {
        signal("-STOP", p);
      }
      try {
        saysTheLinkBroke(f, "was cut while following run " + longRun);
        assertTrue(f.reason().matches(".* lines in: nothing came for \\d+ s and the server answered no SSH keep-alive,"
            + " so the session was dropped \\(the server or the network stopped\\); .*"), f.reason());
      } finally {
        for (ProcessHandle p : stopped) {
          signal("-CONT", p);
        }
      }
    }
    noServerCtlLeft();
  }
}
