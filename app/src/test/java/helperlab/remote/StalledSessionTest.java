package helperlab.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.remote.RemoteRun;
import helperlab.lab.remote.CageSource;
import helperlab.lab.remote.WatchedExhibit;
import helperlab.model.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stalled SSH session, for real: the lab follows an exhibit through a private stock OpenSSH
 * {@code sshd} to a real cage; every process of that sshd (the listener, the session's privileged and
 * user processes, the ctl it runs) is stopped with SIGSTOP, so the TCP connection stays open and says
 * nothing. The lab's link must say "stalled", not "closed"; once they are continued (SIGCONT) the link
 * resumes from the last event, the down band is at least as wide as the silence the lab lived through
 * (the stall detection time included), and the record arrives with every event once. No timing is
 * assumed: each step waits for the state before it, and the band is held to times taken in order.
 */
@Tag("heavy") // a stock sshd, a cage and a 40 s exhibit
class StalledSessionTest {
  @TempDir
  Path dir;

  @Test
  void aStoppedSessionIsAStallAndTheLinkResumesWithTheBandCoveringTheGap() throws Exception {
    StockSshdTest.assumeSshd();
    Path authorized = dir.resolve("authorized_keys");
    Path key = SshTestServer.userKey(dir, "id_lab", authorized, null);
    Path knownHosts = dir.resolve("known_hosts");
    try (TestCage cage = TestCage.start(Files.createDirectories(dir.resolve("cage")));
        StockSshdTest.PrivateSshd sshd = new StockSshdTest.PrivateSshd(Files.createDirectories(dir.resolve("sshd")),
            authorized)) {
      Files.writeString(knownHosts, sshd.hostKeyLine);
      String remote = SshTestServer.quote(SshTestServer.javaCommand()) + " -cp "
          + SshTestServer.quote(SshTestServer.classpath()) + " helperlab.cli.Main ctl --data "
          + SshTestServer.quote(cage.data.toString());
      SshTransport ssh = new SshTransport(new SshSettings(new SshTarget(System.getProperty("user.name"), "127.0.0.1",
          sshd.port), key, knownHosts, null, remote, 20_000), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);
      CageSource source = new CageSource();
      source.connectTo(new CageClient(ssh));
      WatchedExhibit exhibit = WatchedExhibit.start(source, 40);
      RemoteRun run = exhibit.run();
      List<String> failures = exhibit.failures();
      await("samples streaming over ssh").atMost(Duration.ofMinutes(2))
          .until(() -> run.samples().size() >= 3 || !failures.isEmpty());
      assertEquals(List.of(), failures, run.link());

      // every process of the sshd: the listener and, below it, the session and the ctl it runs
      ProcessHandle listener = sshd.process.toHandle();
      List<ProcessHandle> stopped = new ArrayList<>(List.of(listener));
      listener.descendants().forEach(stopped::add);
      // (a JVM's command line is longer than /proc lets Java read: its program is enough)
      assertTrue(stopped.stream().anyMatch(p -> p.info().command().orElse("").endsWith("/java")),
          "the session's ctl is among them: " + stopped.stream().map(p -> p.info().command().orElse("?")).toList());
      signal("-STOP", stopped);
      String stallSaid;
      long stallSeenMs;
      try {
        await("the link says stalled").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(20))
            .until(() -> !run.link().startsWith("following"));
        stallSeenMs = System.currentTimeMillis();
        stallSaid = run.link();
        assertTrue(run.stale(), "the values shown are stale while stalled");
        RemoteRun.Gap open = run.openGap();
        assertTrue(open != null && open.toS() > open.fromS(), "the band grows while the link is down: " + open);
      } finally {
        signal("-CONT", stopped);
      }
      long continuedMs = System.currentTimeMillis();
      assertTrue(stallSaid.startsWith("stalled: no event or sample for"), stallSaid);
      assertFalse(stallSaid.contains("closed the connection"), stallSaid);

      await("the link resumes").atMost(Duration.ofMinutes(3)).until(() -> !run.gaps().isEmpty() || !failures.isEmpty());
      assertEquals(List.of(), failures, run.link());
      assertTrue(run.link().startsWith("reconnected: nothing came for"), run.link());
      assertFalse(run.stale());
      assertEquals(null, run.openGap(), "no open band once the link is back");
      RemoteRun.Gap gap = run.gaps().get(0);
      // the lab heard nothing from before the stall was noticed (at least STALL_MS after the last line)
      // until after the processes were continued: the band is at least that wide
      double silentAtLeastS = (continuedMs - stallSeenMs + RemoteRun.STALL_MS) / 1000.0;
      System.out.printf("stall said: %s%nband %.1f-%.1f s (%.1f s); the lab was silent at least %.1f s%n", stallSaid,
          gap.fromS(), gap.toS(), gap.toS() - gap.fromS(), silentAtLeastS);
      assertTrue(gap.toS() - gap.fromS() >= silentAtLeastS, "the band covers the gap: " + gap + " against "
          + silentAtLeastS + " s");

      await("the record fetched").atMost(Duration.ofMinutes(3)).until(() -> exhibit.record() != null || !failures.isEmpty());
      assertEquals(List.of(), failures, run.link());
      assertEquals(0, run.duplicates(), "nothing twice across the stall");
      assertEquals(0, run.missing(), "nothing skipped across the stall");
    }
  }

  private static void signal(String sig, List<ProcessHandle> ps) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("kill", sig));
    ps.forEach(p -> cmd.add(Long.toString(p.pid())));
    Process k = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    k.waitFor(30, TimeUnit.SECONDS);
  }
}
