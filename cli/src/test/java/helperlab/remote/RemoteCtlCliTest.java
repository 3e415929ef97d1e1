package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code helper-lab ctl --ssh} as a script runs it (a process with no terminal) when things go wrong:
 * each failure ends with one clear line on stderr and exit code 3 (2 for bad arguments), and nothing
 * that is not a cage's answer reaches stdout.
 */
@Tag("slow") // ctl over SSH against a cage
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteCtlCliTest {
  Path dir;
  SshTestServer server;
  Path key;
  Path knownHosts;

  @BeforeAll
  void start(@TempDir Path tmp) throws Exception {
    dir = tmp;
    SshTestServer.Login login = SshTestServer.login(dir, false);
    server = login.server();
    key = login.key();
    knownHosts = login.knownHosts();
  }

  @AfterAll
  void stop() throws Exception {
    server.close();
  }

  private CliRun ctl(Path knownHostsFile, Path identity, int port, String remoteCommand, String... more)
      throws Exception {
    List<String> args = new ArrayList<>(List.of("ctl", "--ssh", "lab@127.0.0.1:" + port, "--identity",
        identity.toString(), "--known-hosts", knownHostsFile.toString(), "--connect-timeout", "3"));
    if (remoteCommand != null) {
      args.addAll(List.of("--remote-command", remoteCommand));
    }
    args.addAll(List.of(more));
    return CliRun.run(dir, "{\"op\":\"status\"}\n", args.toArray(String[]::new));
  }

  private static void fails(CliRun r, int code, String... phrases) {
    assertEquals(code, r.code(), r.toString());
    assertTrue(r.reason().startsWith("helper-lab ctl: "), "one line naming the command: " + r);
    for (String p : phrases) {
      assertTrue(r.reason().contains(p), "should say '" + p + "': " + r);
    }
    assertEquals("", r.out(), "nothing but answers on stdout");
  }

  @Test
  void anUnknownHostIsRefusedWithoutATerminalAndTheMessageSaysHowToTrustIt() throws Exception {
    Path empty = dir.resolve("empty_known_hosts");
    CliRun r = ctl(empty, key, server.port(), "cat");
    fails(r, 3, server.fingerprint(), "ssh-keyscan -p " + server.port() + " 127.0.0.1 >> " + empty,
        "log in once with ssh -p " + server.port() + " lab@127.0.0.1)"); // a command OpenSSH takes as it is
    assertFalse(Files.exists(empty), "nothing was trusted");
  }

  @Test
  void aChangedHostKeyIsRefusedWithAWarning() throws Exception {
    Path wrong = dir.resolve("changed_known_hosts");
    try (SshTestServer other = new SshTestServer(Files.createDirectories(dir.resolve("other")), dir.resolve("none"))) {
      Files.writeString(wrong, "[127.0.0.1]:" + server.port() + " " + other.knownHostsLine().split(" ", 2)[1]);
    }
    fails(ctl(wrong, key, server.port(), "cat"), 3, "WARNING", "CHANGED", wrong.toString());
  }

  @Test
  void aWrongUserKeyIsRefused() throws Exception {
    Path stranger = SshTestServer.userKey(dir, "id_stranger", null, null);
    fails(ctl(knownHosts, stranger, server.port(), "cat"), 3, "did not accept the key", stranger.toString());
  }

  @Test
  void aHostThatTakesTheConnectionButNeverAnswersTimesOut() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      List<Socket> held = new ArrayList<>();
      Thread acceptor = new Thread(() -> {
        try {
          while (true) {
            held.add(silent.accept()); // accepted, and never a byte back
          }
        } catch (java.io.IOException e) {
          // closed at the end of the test
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      CliRun r = ctl(knownHosts, key, silent.getLocalPort(), "cat");
      fails(r, 3, "did not answer within 3000 ms", "127.0.0.1:" + silent.getLocalPort()); // it gave up, by its own timeout
    }
  }

  @Test
  void nothingListeningIsUnreachable() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    fails(ctl(knownHosts, key, port, "cat"), 3, "connection refused");
  }

  @Test
  void aMalformedReplyIsNamed() throws Exception {
    fails(ctl(knownHosts, key, server.port(), "echo 'Welcome to the server!'; cat"), 3,
        "malformed JSON", "Welcome to the server!");
  }

  @Test
  void aReplyThatIsJsonButNotAnAnswerIsNamed() throws Exception {
    // the command reads the request first, as a ctl does: MINA's test shell drops the output of a
    // process that exits while a request is still on its way in
    fails(ctl(knownHosts, key, server.port(), "read request; echo '[1,2,3]'"), 3, "not a cage reply", "[1,2,3]");
  }

  @Test
  void anOversizedReplyIsCutOff() throws Exception {
    fails(ctl(knownHosts, key, server.port(), "head -c 3000000 /dev/zero | tr '\\0' x", "--max-reply-bytes", "100000"),
        3, "longer than 100000 bytes");
  }

  @Test
  void aServerThatStopsInTheMiddleOfAReplyIsNamed() throws Exception {
    fails(ctl(knownHosts, key, server.port(), "read request; printf '{\"ok\":tr'"), 3, "in the middle of a reply");
  }

  @Test
  void aServerThatClosesWithoutAnsweringIsAFailure() throws Exception {
    fails(ctl(knownHosts, key, server.port(), "read request"), 3, "without answering");
  }

  @Test
  void aMissingRemoteCommandSaysSo() throws Exception {
    fails(ctl(knownHosts, key, server.port(), "nosuchcmd ctl"), 3, "'nosuchcmd ctl' was not found", "127");
  }

  @Test
  void repliesOfAWorkingCommandArePrintedAsTheyCome() throws Exception {
    CliRun r = ctl(knownHosts, key, server.port(), "sed 's/.*/{\"ok\":true,\"echo\":1}/'");
    assertEquals(0, r.code(), r.toString());
    assertEquals("{\"ok\":true,\"echo\":1}\n", r.out());
  }

  @Test
  void aBadTargetIsAUsageError() throws Exception {
    CliRun r = CliRun.run(dir, "", "ctl", "--ssh", "no-user-here");
    assertEquals(2, r.code(), r.toString());
    assertTrue(r.reason().contains("expected user@host[:port]"), r.toString());
  }
}
