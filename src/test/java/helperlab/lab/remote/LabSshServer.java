package helperlab.lab.remote;

import com.jcraft.jsch.JSch;
import com.jcraft.jsch.KeyPair;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.config.keys.AuthorizedKeysAuthenticator;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.server.shell.ProcessShellFactory;

/**
 * An embedded SSH server on loopback (Apache MINA SSHD) for the lab's tests, as the remote package's
 * test server: a host key, public-key login against an authorized_keys file, and commands run as real
 * processes, where {@code helper-lab ...} runs this build's {@code helperlab.cli.Main}.
 */
public final class LabSshServer implements AutoCloseable {
  private final SshServer server;

  public LabSshServer(Path dir, Path authorizedKeys) throws IOException {
    server = SshServer.setUpDefaultServer();
    server.setHost("127.0.0.1");
    server.setPort(0);
    SimpleGeneratorHostKeyProvider hostKeys = new SimpleGeneratorHostKeyProvider(dir.resolve("host-key.ser"));
    hostKeys.setAlgorithm(KeyUtils.EC_ALGORITHM);
    server.setKeyPairProvider(hostKeys);
    server.setPublickeyAuthenticator(new AuthorizedKeysAuthenticator(authorizedKeys));
    server.setPasswordAuthenticator(null);
    server.setCommandFactory((channel, command) -> new ProcessShellFactory(command, translate(command)) {
      @Override
      protected List<String> resolveEffectiveCommand(ChannelSession session, String cmd, List<String> elements) {
        return elements; // MINA would otherwise run "/bin/sh -c cmd", where helper-lab is not on the PATH
      }
    }.createShell(channel));
    server.start();
  }

  static List<String> translate(String command) {
    List<String> words = new ArrayList<>(List.of(command.trim().split("\\s+")));
    if (!words.isEmpty() && words.get(0).equals("helper-lab")) {
      words.remove(0);
      return TestCage.helperLab(words.toArray(String[]::new));
    }
    return words;
  }

  public int port() {
    return server.getPort();
  }

  /** The known_hosts line OpenSSH would write for this server. */
  public String knownHostsLine() throws Exception {
    return "[127.0.0.1]:" + port() + " " + org.apache.sshd.common.config.keys.PublicKeyEntry.toString(
        server.getKeyPairProvider().loadKeys(null).iterator().next().getPublic()) + "\n";
  }

  /** The SHA256 fingerprint of the host key, as the user should see it. */
  public String fingerprint() throws Exception {
    return KeyUtils.getFingerPrint(server.getKeyPairProvider().loadKeys(null).iterator().next().getPublic());
  }

  /** Writes a user key pair (encrypted when a passphrase is given); its public half goes to {@code authorized}. */
  public static Path userKey(Path dir, String name, Path authorized, byte[] passphrase) throws Exception {
    JSch jsch = new JSch();
    KeyPair pair = KeyPair.genKeyPair(jsch, KeyPair.ECDSA, 256);
    Path priv = dir.resolve(name);
    try (OutputStream out = Files.newOutputStream(priv)) {
      if (passphrase == null) {
        pair.writePrivateKey(out);
      } else {
        pair.writePrivateKey(out, passphrase);
      }
    }
    try (OutputStream out = Files.newOutputStream(authorized, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
      pair.writePublicKey(out, name);
    }
    pair.dispose();
    return priv;
  }

  @Override
  public void close() throws IOException {
    server.stop(true);
  }
}
