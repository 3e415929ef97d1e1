package helperlab.lab.remote;

import helperlab.remote.SshSettings;
import helperlab.remote.SshTarget;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How the lab reaches a cage over SSH, as typed in the Connect dialog (and remembered): no secret is
 * part of it; a key's passphrase is asked for each time it is needed.
 */
public record RemoteSettings(String host, int port, String user, String keyFile, String jump, String remoteCommand,
    String knownHosts) {

  public static RemoteSettings defaults() {
    return new RemoteSettings("", 22, System.getProperty("user.name", ""), defaultKey(), "",
        SshSettings.DEFAULT_REMOTE_COMMAND, defaultKnownHosts());
  }

  private static String defaultKey() {
    Path ssh = Path.of(System.getProperty("user.home"), ".ssh");
    for (String name : new String[] {"id_ed25519", "id_ecdsa", "id_rsa"}) {
      if (Files.isRegularFile(ssh.resolve(name))) {
        return ssh.resolve(name).toString();
      }
    }
    return "";
  }

  public static String defaultKnownHosts() {
    return Path.of(System.getProperty("user.home"), ".ssh", "known_hosts").toString();
  }

  /** The transport's settings; throws with a message naming the field that is wrong. */
  public SshSettings toSsh() {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("Host: give the server's name or address");
    }
    SshTarget target;
    try {
      target = new SshTarget(user == null ? "" : user.trim(), host.trim(), port);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Connection: " + e.getMessage());
    }
    Path key = null;
    if (keyFile != null && !keyFile.isBlank()) {
      key = Path.of(keyFile.trim());
      if (!Files.isReadable(key)) {
        throw new IllegalArgumentException("Private key: cannot read " + key);
      }
    }
    SshTarget via = null;
    if (jump != null && !jump.isBlank()) {
      try {
        via = SshTarget.parse(jump.trim());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("Jump host: " + e.getMessage());
      }
    }
    Path known = knownHosts == null || knownHosts.isBlank() ? null : Path.of(knownHosts.trim());
    try {
      return new SshSettings(target, key, known, via, remoteCommand, 10_000);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Remote command: " + e.getMessage());
    }
  }

  /** For the window: {@code user@host:port}. */
  public String describe() {
    return user + "@" + host + (port == 22 ? "" : ":" + port) + (jump == null || jump.isBlank() ? "" : " via " + jump);
  }
}
