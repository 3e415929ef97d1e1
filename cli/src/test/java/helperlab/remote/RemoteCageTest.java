package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import helperlab.protocol.CageStatusReport;
import helperlab.protocol.ctl.PolicySwitched;
import helperlab.protocol.events.FollowLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;

/**
 * A real cage controlled over real SSH: the embedded server runs the real {@code helper-lab ctl
 * --data DIR} (a process of its own) against a real running cage. Status, set-policy, a followed run
 * cut in the middle that resumes with every event exactly once, and injection attempts that stay
 * data.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("slow") // a cage driven over SSH end to end
class RemoteCageTest {
  Path dir;
  TestCage cage;
  SshTestServer server;
  Path key;
  Path knownHosts;

  @BeforeAll
  void start(@TempDir Path tmp) throws Exception {
    dir = tmp;
    cage = TestCage.start(Files.createDirectories(dir.resolve("cage")));
    SshTestServer.Login login = SshTestServer.login(dir, false);
    server = login.server();
    key = login.key();
    knownHosts = login.knownHosts();
  }

  @AfterAll
  void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    if (cage != null) {
      cage.close();
    }
  }

  private String ctlCommand() {
    return "helper-lab ctl --data " + SshTestServer.quote(cage.data.toString());
  }

  private SshTransport transport() {
    return new SshTransport(new SshSettings(new SshTarget("lab", "127.0.0.1", server.port()), key, knownHosts, null,
        ctlCommand(), 10_000), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);
  }

  @Test
  @Order(1)
  void statusOverSshShowsTheCagesPolicyAndBudget() throws Exception {
    try (CageClient client = new CageClient(transport())) {
      CageStatusReport s = client.status();
      assertTrue(s.ok(), s.toString());
      assertEquals("pool-edf-10", s.policy());
      assertTrue(s.budget().workers() >= 1, s.toString());
      assertTrue(s.limits() != null && s.breaker() != null, s.toString());
      assertEquals("live", s.run().kind(), s.toString());
    }
  }

  @Test
  @Order(2)
  void setPolicyOverSshTakesEffect() throws Exception {
    try (CageClient client = new CageClient(transport())) {
      PolicySwitched set = client.setPolicy("pool-fifo-1");
      assertEquals("pool-edf-10", set.was(), set.toString());
      assertEquals("pool-fifo-1", client.status().policy());
      client.setPolicy("pool-edf-10");
      assertEquals("pool-edf-10", client.status().policy());
    }
  }

  @Test
  @Order(3)
  void theCommandLineTalksToTheSameCage() throws Exception {
    CliRun r = CliRun.run(dir, "{\"op\":\"set-policy\",\"policy\":\"pool-edf-1\"}\n{\"op\":\"status\"}\n",
        "ctl", "--ssh", "lab@127.0.0.1:" + server.port(), "--identity", key.toString(), "--known-hosts",
        knownHosts.toString(), "--remote-command", ctlCommand());
    assertEquals(0, r.code(), r.toString());
    String[] lines = r.out().strip().split("\n");
    assertEquals(2, lines.length, r.toString());
    assertEquals("pool-edf-10", DataFile.JSON.readTree(lines[0]).get("was").asText(), r.toString());
    assertEquals("pool-edf-1", DataFile.JSON.readTree(lines[1]).get("policy").asText(), r.toString());
    try (CageClient client = new CageClient(transport())) {
      client.setPolicy("pool-edf-10");
    }
  }

  @Test
  @Order(4)
  void injectionAttemptsInAPolicyNameStayData() throws Exception {
    Path canary = dir.resolve("canary");
    List<String> names = List.of("x; rm -rf " + canary + "; touch " + canary, "`touch " + canary + "`",
        "$(touch " + canary + ")", "pool-edf-10\ntouch " + canary, "x' ; touch '" + canary, "x\" && touch \"" + canary);
    try (CageClient client = new CageClient(transport())) {
      for (String name : names) {
        ControlException e = org.junit.jupiter.api.Assertions.assertThrows(ControlException.class,
            () -> client.setPolicy(name));
        assertEquals(ControlException.Kind.REMOTE_ERROR, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("unknown policy '" + name + "'"), e.getMessage());
      }
      assertFalse(Files.exists(canary), "no policy name was run as a command");
      assertEquals("pool-edf-10", client.status().policy(), "the cage is unchanged and still answers");
    }
    // The same through the command line, where the request is one JSON line on stdin.
    CliRun r = CliRun.run(dir, "{\"op\":\"set-policy\",\"policy\":\"$(touch " + canary + ")\\n`touch " + canary
        + "`\"}\n{\"op\":\"status\"}\n", "ctl", "--ssh", "lab@127.0.0.1:" + server.port(), "--identity",
        key.toString(), "--known-hosts", knownHosts.toString(), "--remote-command", ctlCommand());
    assertEquals(CtlExit.REFUSED.code, r.code(), "the refused policy, for a script: " + r);
    assertTrue(r.out().contains("unknown policy"), r.toString());
    assertTrue(r.out().contains("\"policy\":\"pool-edf-10\""), r.toString());
    assertFalse(Files.exists(canary), "no policy name was run as a command");
  }

  /** Collects what a follower hears. */
  static final class Heard implements EventFollower.Listener {
    final List<String> ids = new ArrayList<>();
    final List<String> types = new ArrayList<>();
    final AtomicInteger disconnects = new AtomicInteger();
    final List<Long> reconnects = new ArrayList<>();
    final CountDownLatch stopped = new CountDownLatch(1);
    final CountDownLatch some;
    volatile ControlException failure;

    Heard(int some) {
      this.some = new CountDownLatch(some);
    }

    @Override
    public synchronized void line(FollowLine line) {
      ids.add(line.id());
      types.add(line.type());
      some.countDown();
    }

    @Override
    public void disconnected(ControlException why) {
      disconnects.incrementAndGet();
    }

    @Override
    public synchronized void reconnected(long downMs) {
      reconnects.add(downMs);
    }

    @Override
    public void stopped(ControlException failure) {
      this.failure = failure;
      stopped.countDown();
    }
  }

  @Test
  @Order(5)
  void aFollowedRunCutInTheMiddleResumesWithEveryEventExactlyOnce() throws Exception {
    String run;
    try (CageClient client = new CageClient(transport())) {
      run = client.exhibit("pool-edf-10", "calm", 3, 8).run();
    }
    Heard cut = new Heard(3);
    Heard whole = new Heard(1);
    try (EventFollower a = new EventFollower(transport(), run, "0-0", cut, 100, 1000, 20).start();
        EventFollower b = new EventFollower(transport(), run, "0-0", whole, 100, 1000, 20).start()) {
      assertTrue(cut.some.await(60, TimeUnit.SECONDS), "the follower heard the run begin");
      a.dropConnection();
      assertTrue(cut.stopped.await(90, TimeUnit.SECONDS), "the cut follower reached the end");
      assertTrue(whole.stopped.await(90, TimeUnit.SECONDS), "the uncut follower reached the end");
    }
    assertEquals(null, cut.failure);
    assertEquals(null, whole.failure);
    assertEquals(1, cut.disconnects.get(), "the drop was heard once");
    assertEquals(1, cut.reconnects.size(), "and the link came back");
    assertEquals(0, whole.disconnects.get());
    Set<String> distinct = new HashSet<>(cut.ids);
    assertEquals(cut.ids.size(), distinct.size(), "no event twice: " + cut.ids);
    for (int i = 0; i < cut.ids.size(); i++) {
      assertEquals((i + 1) + "-0", cut.ids.get(i), "no gap: the stream's ids run 1, 2, 3, ...");
    }
    assertEquals(whole.ids, cut.ids, "the cut stream is the uncut one");
    assertEquals(whole.types, cut.types);
    assertEquals("end", cut.types.get(cut.types.size() - 1));
    assertEquals(cage.streamLength(run), cut.ids.size(), "every entry Redis holds for the run");
    try (CageClient client = new CageClient(transport())) {
      JsonNode record = client.run(run).record();
      assertEquals(record.get("events").size() + record.get("samples").get("t").size() + 1, cut.ids.size(),
          "every event and sample of the final record, and the end");
    }
  }
}
