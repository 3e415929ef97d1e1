package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SSH transport against a real SSH server on loopback: keys, host keys, failures, jump hosts. */
class SshTransportTest {
  @TempDir
  Path dir;
  Path authorized;
  Path key;
  Path knownHosts;
  SshTestServer server;

  @BeforeEach
  void start() throws Exception {
    authorized = dir.resolve("authorized_keys");
    key = SshTestServer.userKey(dir, "id_lab", authorized, null);
    server = new SshTestServer(dir, authorized);
    knownHosts = dir.resolve("known_hosts");
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private SshSettings settings(String command) {
    return new SshSettings(new SshTarget("lab", "127.0.0.1", server.port()), key, knownHosts, null, command, 5000);
  }

  @Test
  void aKnownHostAndAGoodKeyGetALineChannel() throws Exception {
    Files.writeString(knownHosts, server.knownHostsLine());
    List<String> asked = new ArrayList<>();
    SshTransport t = new SshTransport(settings("cat"), (h, type, fp) -> asked.add(h) && false, CredentialsPrompt.NONE);
    try (LineChannel c = t.open()) {
      c.send("{\"op\":\"status\"}");
      assertEquals("{\"op\":\"status\"}", c.receive(5000));
    }
    assertTrue(asked.isEmpty(), "a known host is not asked about");
  }

  @Test
  void aTrustedHostIsAddedOnceToAnExistingKnownHostsFile() throws Exception {
    String other = "[cage.example]:2223 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBj1aMig9IaVhsX5tg9XxbU06+kZfsefDQ2GS8gS4x4K\n";
    Files.writeString(knownHosts, other);
    SshTransport t = new SshTransport(settings("cat"), (h, type, fp) -> true, CredentialsPrompt.NONE);
    t.open().close();
    List<String> lines = Files.readAllLines(knownHosts);
    assertEquals(other.strip(), lines.get(0), "the other server's line kept as it was");
    assertEquals(1, lines.stream().filter(l -> l.startsWith("[127.0.0.1]:" + server.port() + " ")).count(),
        "this server's key written once: " + lines);
    assertEquals(2, lines.size(), lines.toString());
  }

  @Test
  void anUnknownHostShowsItsFingerprintAndIsSavedWhenTrusted() throws Exception {
    List<String> fingerprints = new ArrayList<>();
    SshTransport t = new SshTransport(settings("cat"), (h, type, fp) -> fingerprints.add(fp), CredentialsPrompt.NONE);
    try (LineChannel c = t.open()) {
      c.send("hello");
      assertEquals("hello", c.receive(5000));
    }
    assertEquals(List.of(server.fingerprint()), fingerprints, "the user sees the server's real SHA256 fingerprint");
    assertTrue(Files.readString(knownHosts).startsWith("[127.0.0.1]:" + server.port() + " ecdsa-sha2-"),
        Files.readString(knownHosts));
    SshTransport again = new SshTransport(settings("cat"), (h, type, fp) -> {
      throw new AssertionError("asked twice");
    }, CredentialsPrompt.NONE);
    again.open().close();
    assertEquals(1, Files.readAllLines(knownHosts).size(), "written once: " + Files.readString(knownHosts));
  }

  @Test
  void anUnknownHostThatIsNotTrustedIsRefused() {
    SshTransport t = new SshTransport(settings("cat"), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);
    ControlException e = assertThrows(ControlException.class, t::open);
    assertEquals(ControlException.Kind.HOST_KEY_REJECTED, e.kind());
    assertTrue(e.getMessage().contains("not trusted"), e.getMessage());
    assertFalse(Files.exists(knownHosts));
  }

  @Test
  void aChangedHostKeyIsRefusedWithAWarningAndNeverAskedAbout() throws Exception {
    try (SshTestServer other = new SshTestServer(Files.createDirectory(dir.resolve("other")), authorized)) {
      String otherKey = other.knownHostsLine().split(" ", 2)[1];
      Files.writeString(knownHosts, "[127.0.0.1]:" + server.port() + " " + otherKey);
    }
    SshTransport t = new SshTransport(settings("cat"), (h, type, fp) -> {
      throw new AssertionError("a changed key must not be offered for trust");
    }, CredentialsPrompt.NONE);
    ControlException e = assertThrows(ControlException.class, t::open);
    assertEquals(ControlException.Kind.HOST_KEY_CHANGED, e.kind());
    assertTrue(e.getMessage().contains("CHANGED") && e.getMessage().contains(knownHosts.toString()), e.getMessage());
  }

  @Test
  void aWrongUserKeyIsRefused() throws Exception {
    Files.writeString(knownHosts, server.knownHostsLine());
    Path stranger = SshTestServer.userKey(dir, "id_stranger", null, null);
    SshSettings s = new SshSettings(new SshTarget("lab", "127.0.0.1", server.port()), stranger, knownHosts, null, "cat", 5000);
    ControlException e = assertThrows(ControlException.class,
        () -> new SshTransport(s, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE).open());
    assertEquals(ControlException.Kind.AUTH_FAILED, e.kind());
    assertTrue(e.getMessage().contains("did not accept the key"), e.getMessage());
  }

  @Test
  void anEncryptedKeyAsksForItsPassphrase() throws Exception {
    Files.writeString(knownHosts, server.knownHostsLine());
    Path locked = SshTestServer.userKey(dir, "id_locked", authorized, "sesame".getBytes());
    SshSettings s = new SshSettings(new SshTarget("lab", "127.0.0.1", server.port()), locked, knownHosts, null, "cat", 5000);
    CredentialsPrompt right = new CredentialsPrompt() {
      @Override
      public char[] passphrase(Path keyFile) {
        return "sesame".toCharArray();
      }

      @Override
      public char[] password(SshTarget target) {
        return null;
      }
    };
    new SshTransport(s, HostKeyPrompt.REFUSE, right).open().close();
    ControlException none = assertThrows(ControlException.class,
        () -> new SshTransport(s, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE).open());
    assertTrue(none.getMessage().contains("encrypted and no passphrase"), none.getMessage());
  }

  @Test
  void aHostThatDoesNotAnswerIsAClearError() throws Exception {
    int silent;
    try (ServerSocket s = new ServerSocket(0)) {
      silent = s.getLocalPort(); // closed again: nothing listens there
    }
    SshSettings s = new SshSettings(new SshTarget("lab", "127.0.0.1", silent), key, knownHosts, null, "cat", 2000);
    ControlException e = assertThrows(ControlException.class,
        () -> new SshTransport(s, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE).open());
    assertEquals(ControlException.Kind.UNREACHABLE, e.kind());
    assertTrue(e.transientFailure());
    assertEquals("lab@127.0.0.1:" + silent + ": connection refused (nothing listens on that port)", e.getMessage());
  }

  @Test
  void aNameThatDoesNotResolveIsToldApartFromARefusal() {
    SshSettings s = new SshSettings(new SshTarget("lab", "no-such-host.invalid", 22), key, knownHosts, null, "cat", 2000);
    ControlException e = assertThrows(ControlException.class,
        () -> new SshTransport(s, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE).open());
    assertEquals("cannot find lab@no-such-host.invalid: the name does not resolve (check its spelling, or the DNS)",
        e.getMessage());
  }

  @Test
  void exceptionClassNamesAreLeftOutOfMessages() {
    assertEquals("Network is unreachable", NetworkFailure.plain("java.net.SocketException: Network is unreachable"));
    assertEquals("boom", NetworkFailure.plain("com.jcraft.jsch.JSchException: boom"));
  }

  @Test
  void aServerThatClosesMidLineIsReportedAsSuch() throws Exception {
    Files.writeString(knownHosts, server.knownHostsLine());
    SshTransport t = new SshTransport(settings("printf {\"ok\":tr"), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);
    try (LineChannel c = t.open()) {
      ControlException e = assertThrows(ControlException.class, () -> c.receive(5000));
      assertEquals(ControlException.Kind.CLOSED, e.kind());
      assertTrue(e.getMessage().contains("in the middle of a reply"), e.getMessage());
    }
  }

  @Test
  void aMissingRemoteCommandIsNamedWithItsExitStatus() throws Exception {
    Files.writeString(knownHosts, server.knownHostsLine());
    try (LineChannel c = new SshTransport(settings("nosuchcmd --data x"), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE)
        .open()) {
      c.send("{\"op\":\"status\"}");
      ControlException e = assertThrows(ControlException.class, () -> c.receive(10_000));
      assertEquals(ControlException.Kind.COMMAND_FAILED, e.kind());
      assertFalse(e.transientFailure(), "retrying a missing command is pointless");
      assertTrue(e.getMessage().contains("'nosuchcmd --data x' was not found") && e.getMessage().contains("127"),
          e.getMessage());
    }
  }

  @Test
  void aCommandThatFailsReportsItsExitStatus() throws Exception {
    Files.writeString(knownHosts, server.knownHostsLine());
    try (LineChannel c = new SshTransport(settings("exit 3"), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE).open()) {
      ControlException e = assertThrows(ControlException.class, () -> c.receive(10_000));
      assertEquals(ControlException.Kind.COMMAND_FAILED, e.kind());
      assertTrue(e.getMessage().contains("exited with status 3"), e.getMessage());
    }
  }

  @Test
  void aJumpHostForwardsToTheTarget() throws Exception {
    try (SshTestServer target = new SshTestServer(Files.createDirectory(dir.resolve("target")), authorized)) {
      Files.writeString(knownHosts, server.knownHostsLine() + target.knownHostsLine());
      SshSettings s = new SshSettings(new SshTarget("lab", "127.0.0.1", target.port()), key, knownHosts,
          new SshTarget("jumper", "127.0.0.1", server.port()), "cat", 5000);
      SshTransport t = new SshTransport(s, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);
      assertTrue(t.describe().contains("via jumper@127.0.0.1"));
      try (LineChannel c = t.open()) {
        c.send("through the jump");
        assertEquals("through the jump", c.receive(5000));
      }
    }
  }

  @Test
  void aRequestWithALineBreakIsRefusedBeforeItIsSent() throws Exception {
    Files.writeString(knownHosts, server.knownHostsLine());
    try (LineChannel c = new SshTransport(settings("cat"), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE).open()) {
      ControlException e = assertThrows(ControlException.class, () -> c.send("{\"op\":\"set-policy\"}\n{\"op\":\"x\"}"));
      assertEquals(ControlException.Kind.REFUSED_INPUT, e.kind());
    }
  }

  @Test
  void aPipeCopiesRequestsAndRepliesUntilTheServerIsDone() throws Exception {
    Files.writeString(knownHosts, server.knownHostsLine());
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (LineChannel c = new SshTransport(settings("cat"), HostKeyPrompt.REFUSE, CredentialsPrompt.NONE).open()) {
      LinePipe.run(c, new java.io.ByteArrayInputStream("{\"ok\":true,\"op\":\"status\"}\n\n{\"ok\":true}\n".getBytes()),
          new java.io.PrintWriter(out, true));
    }
    assertEquals("{\"ok\":true,\"op\":\"status\"}\n{\"ok\":true}\n", out.toString());
  }
}
