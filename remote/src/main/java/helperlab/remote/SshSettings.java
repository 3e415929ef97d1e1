package helperlab.remote;

import java.nio.file.Path;

/**
 * How to reach a cage over SSH: the target, a private key (or none, for password login), the
 * known_hosts file host keys are checked against, an optional jump host, the command that starts
 * {@code ctl} on the server, and how long to wait for a connection.
 */
public record SshSettings(SshTarget target, Path identity, Path knownHosts, SshTarget jump, String remoteCommand,
    int connectTimeoutMs) {

  /** ctl of the cage deployed in the default directory, else a {@code helper-lab} on the server's PATH. */
  public static final String DEFAULT_REMOTE_COMMAND = deployedCtl(DeployOptions.DEFAULT_REMOTE_DIR);

  /** Before deployed cages left a {@code ctl} script: kept in old settings, read as the default. */
  public static final String OLD_DEFAULT_REMOTE_COMMAND = "helper-lab ctl";

  /**
   * The command that starts ctl for the cage {@code deploy} put in {@code remoteDir} (its {@code ctl}
   * script knows the data directory), falling back to {@code helper-lab ctl} on the PATH.
   */
  public static String deployedCtl(String remoteDir) {
    String ctl = Deployer.shellPath(remoteDir) + "/" + Deployer.CTL;
    return "test -x " + ctl + " && exec " + ctl + "; exec helper-lab ctl";
  }

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
