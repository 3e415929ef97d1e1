package helperlab.remote;

import java.nio.file.Path;

/**
 * How to reach a cage over SSH: the target, a private key (or none, for password login), the
 * known_hosts file host keys are checked against, an optional jump host, the command that starts
 * {@code ctl} on the server, and how long to wait for a connection.
 */
public record SshSettings(SshTarget target, Path identity, Path knownHosts, SshTarget jump, String remoteCommand,
    int connectTimeoutMs) {

  public static final String DEFAULT_REMOTE_COMMAND = "helper-lab ctl";

  public SshSettings {
    if (target == null) {
      throw new IllegalArgumentException("an SSH target (user@host[:port]) is needed");
    }
    if (knownHosts == null) {
      knownHosts = Path.of(System.getProperty("user.home"), ".ssh", "known_hosts");
    }
    if (remoteCommand == null || remoteCommand.isBlank()) {
      remoteCommand = DEFAULT_REMOTE_COMMAND;
    }
    if (remoteCommand.indexOf('\n') >= 0 || remoteCommand.indexOf('\r') >= 0) {
      throw new IllegalArgumentException("the remote command must be one line");
    }
    if (connectTimeoutMs <= 0) {
      connectTimeoutMs = 10_000;
    }
  }

  public static SshSettings of(SshTarget target, Path identity) {
    return new SshSettings(target, identity, null, null, null, 0);
  }
}
