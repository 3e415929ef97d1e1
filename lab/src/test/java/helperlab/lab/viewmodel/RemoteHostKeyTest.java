package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.remote.SshTestServer;
import helperlab.lab.remote.RemoteSettings;
import helperlab.lab.viewmodel.RemoteViewModel.Connection;
import helperlab.remote.CredentialsPrompt;
import helperlab.remote.HostKeyPrompt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Host keys as the Remote cage view meets them, against a real SSH server on loopback: an unknown
 * host the user does not trust is refused and not saved; a changed key is refused with the
 * transport's warning and the user is never asked to accept it.
 */
class RemoteHostKeyTest {
  @TempDir Path dir;
  private final UiThread ui = new UiThread();
  private SshTestServer ssh;
  private RemoteViewModel vm;
  private Path key;
  private Path knownHosts;
  private Path authorized;

  @BeforeEach
  void start() throws Exception {
    authorized = dir.resolve("authorized_keys");
    key = SshTestServer.userKey(dir, "id_lab", authorized, null);
    ssh = new SshTestServer(Files.createDirectory(dir.resolve("sshd")), authorized);
    knownHosts = dir.resolve("known_hosts");
    Notices notices = new Notices();
    RunLibrary library = new RunLibrary(new BackgroundWork(ui, notices), dir.resolve("runs"), dir.resolve("history"));
    vm = ui.call(() -> new RemoteViewModel(library, notices, ui, new LabPrefs()));
  }

  @AfterEach
  void stop() throws Exception {
    ui.run(vm::shutdown);
    ui.close();
    ssh.close();
  }

  private RemoteSettings settings() {
    return new RemoteSettings("127.0.0.1", ssh.port(), "lab", key.toString(), "", "cat", knownHosts.toString());
  }

  private String failure() {
    ui.await("the connection failed", Duration.ofSeconds(30), () -> vm.connectionProperty().get()
        == Connection.DISCONNECTED && !vm.errorProperty().get().isEmpty());
    return ui.call(() -> vm.errorProperty().get());
  }

  @Test
  void anUnknownHostThatIsNotTrustedIsRefusedAndNotSaved() throws Exception {
    List<String> asked = new ArrayList<>();
    ui.run(() -> vm.connect(settings(), (host, type, fp) -> asked.add(type + " " + fp) && false,
        CredentialsPrompt.NONE));
    String e = failure();
    assertEquals(1, asked.size(), "asked once: " + asked);
    assertTrue(asked.get(0).startsWith("ecdsa-sha2-") && asked.get(0).endsWith(" " + ssh.fingerprint()), asked.get(0));
    assertTrue(e.contains("not trusted"), e);
    assertFalse(Files.exists(knownHosts) && Files.readString(knownHosts).contains(Integer.toString(ssh.port())));
  }

  @Test
  void aChangedHostKeyIsRefusedWithAWarningAndNeverOffered() throws Exception {
    try (SshTestServer other = new SshTestServer(Files.createDirectory(dir.resolve("other")), authorized)) {
      Files.writeString(knownHosts, "[127.0.0.1]:" + ssh.port() + " " + other.knownHostsLine().split(" ", 2)[1]);
    }
    HostKeyPrompt never = (host, type, fp) -> {
      throw new AssertionError("a changed key must not be offered for trust");
    };
    ui.run(() -> vm.connect(settings(), never, CredentialsPrompt.NONE));
    String e = failure();
    assertTrue(e.startsWith("Cannot connect to lab@127.0.0.1:" + ssh.port()) && e.contains("CHANGED"), e);
  }
}
