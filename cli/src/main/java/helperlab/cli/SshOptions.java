package helperlab.cli;

import helperlab.model.UserDirs;
import helperlab.remote.ControlException;
import helperlab.remote.SshSettings;
import helperlab.remote.SshTarget;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The SSH options shared by {@code ctl --ssh} and {@code deploy}: where to log in and how to trust it. */
public final class SshOptions {
  @Option(names = "--ssh", paramLabel = "USER@HOST[:PORT]", description = "the server to reach over SSH")
  String ssh;

  @Option(names = "--identity", paramLabel = "KEYFILE", description = "private key (passphrase asked on the terminal when it is encrypted)")
  Path identity;

  @Option(names = "--known-hosts", paramLabel = "FILE", description = "host keys to check against (default: .ssh/known_hosts under $HOME)")
  Path knownHosts;

  @Option(names = "--jump", paramLabel = "USER@HOST[:PORT]", description = "a jump host to go through")
  String jump;

  @Option(names = "--connect-timeout", paramLabel = "SECONDS", defaultValue = "10",
      description = "how long to wait for the server to answer (default: ${DEFAULT-VALUE})")
  double connectTimeoutS;

  /** The settings, or IllegalArgumentException naming the bad value. */
  SshSettings settings(String remoteCommand) {
    SshTarget target = SshTarget.parse(ssh);
    SshTarget via = jump == null ? null : SshTarget.parse(jump);
    if (identity != null && !java.nio.file.Files.isReadable(identity)) {
      throw new IllegalArgumentException("cannot read the key file " + identity);
    }
    Path hosts = knownHosts != null ? knownHosts : UserDirs.current().knownHosts();
    return new SshSettings(target, identity, hosts, via, remoteCommand, (int) Math.max(1, connectTimeoutS * 1000));
  }

  /** The OpenSSH command that logs in to {@code t} (its port as -p, never in the destination). */
  static String sshCommand(SshTarget t) {
    return "ssh " + (t.port() == 22 ? "" : "-p " + t.port() + " ") + t.user() + "@" + t.host();
  }

  /**
   * The one line to show for a failure; an unknown host refused without a terminal says how to
   * trust it (after checking the fingerprint with whoever runs the server).
   */
  static String explain(ControlException e, SshSettings s) {
    if (e.kind() == ControlException.Kind.HOST_KEY_REJECTED && System.console() == null) {
      SshTarget t = s.target();
      return e.getMessage() + " (no terminal to ask on). Check that fingerprint with the server's owner, then trust it:"
          + " ssh-keyscan -p " + t.port() + " " + t.host() + " >> " + s.knownHosts() + " (or log in once with "
          + sshCommand(t) + ")";
    }
    return e.getMessage();
  }
}
