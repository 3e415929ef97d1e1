package helperlab.remote;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.KeyPair;
import com.jcraft.jsch.Session;
import com.jcraft.jsch.UserInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.Arrays;

/**
 * The control command on a server, over SSH (JSch): public-key login (passphrase asked when the key
 * is encrypted), optional password login (asked, never kept), host keys checked against known_hosts,
 * an optional jump host, and {@code ctl} run through an exec channel. The command is fixed by the
 * settings; requests travel as JSON on stdin, never as command-line words.
 */
public final class SshTransport implements ControlTransport {
  private final SshSettings settings;
  private final HostKeyPrompt hostKeys;
  private final CredentialsPrompt credentials;
  private final int maxLineBytes;

  public SshTransport(SshSettings settings, HostKeyPrompt hostKeys, CredentialsPrompt credentials) {
    this(settings, hostKeys, credentials, LineChannel.DEFAULT_MAX_LINE_BYTES);
  }

  /** With a limit on one reply line (a smaller one for scripts that expect no records). */
  public SshTransport(SshSettings settings, HostKeyPrompt hostKeys, CredentialsPrompt credentials, int maxLineBytes) {
    this.settings = settings;
    this.hostKeys = hostKeys;
    this.credentials = credentials;
    this.maxLineBytes = maxLineBytes;
  }

  public SshSettings settings() {
    return settings;
  }

  /** A session to the target (through the jump host if any), for SFTP and commands other than ctl. */
  Sessions connect() throws ControlException {
    Session jump = null;
    Session session = null;
    try {
      JSch jsch = new JSch();
      KnownHostsVerifier verifier = new KnownHostsVerifier(jsch, settings.knownHosts(), hostKeys);
      jsch.setHostKeyRepository(verifier);
      addIdentity(jsch);
      SshTarget target = settings.target();
      if (settings.jump() != null) {
        jump = connect(jsch, verifier, settings.jump(), settings.jump().host(), settings.jump().port(), null);
        int local = jump.setPortForwardingL("127.0.0.1", 0, target.host(), target.port());
        session = connect(jsch, verifier, target, "127.0.0.1", local, target.knownHostsName());
      } else {
        session = connect(jsch, verifier, target, target.host(), target.port(), null);
      }
      return new Sessions(session, jump);
    } catch (ControlException e) {
      disconnect(session, jump);
      throw e;
    } catch (JSchException | IOException e) {
      disconnect(session, jump);
      throw new ControlException(ControlException.Kind.UNREACHABLE, describe() + ": " + e.getMessage(), e);
    }
  }

  /** A logged-in session and the jump session under it (null without a jump host); closing ends both. */
  record Sessions(Session session, Session jump) implements AutoCloseable {
    @Override
    public void close() {
      disconnect(session, jump);
    }
  }

  @Override
  public String describe() {
    return "ssh " + settings.target() + (settings.jump() != null ? " via " + settings.jump() : "");
  }

  @Override
  public LineChannel open() throws ControlException {
    Sessions sessions = connect();
    try {
      ChannelExec exec = (ChannelExec) sessions.session().openChannel("exec");
      exec.setCommand(settings.remoteCommand());
      exec.setErrStream(System.err, true);
      InputStream in = exec.getInputStream();
      OutputStream out = exec.getOutputStream();
      exec.connect(settings.connectTimeoutMs());
      return new LineChannel(in, out, describe(), maxLineBytes, () -> {
        exec.disconnect();
        sessions.close();
      }).exitStatus(settings.remoteCommand(), () -> exitStatus(exec));
    } catch (JSchException | IOException e) {
      sessions.close();
      throw new ControlException(ControlException.Kind.UNREACHABLE, describe() + ": cannot start '"
          + settings.remoteCommand() + "': " + e.getMessage(), e);
    }
  }

  /**
   * The exec channel's exit status, -1 when none came: the server sends it just before closing the channel, so
   * wait until it is closed (a busy server may take seconds); a channel whose session was cut closes without one.
   */
  static int exitStatus(ChannelExec exec) {
    long end = System.nanoTime() + 30_000_000_000L;
    while (exec.getExitStatus() < 0 && !exec.isClosed() && System.nanoTime() < end) {
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return exec.getExitStatus();
  }

  private static void disconnect(Session session, Session jump) {
    if (session != null) {
      session.disconnect();
    }
    if (jump != null) {
      jump.disconnect();
    }
  }

  private void addIdentity(JSch jsch) throws ControlException, JSchException {
    if (settings.identity() == null) {
      return;
    }
    if (!Files.isReadable(settings.identity())) {
      throw new ControlException(ControlException.Kind.AUTH_FAILED, "cannot read the key file " + settings.identity());
    }
    KeyPair key = KeyPair.load(jsch, settings.identity().toString());
    boolean encrypted = key.isEncrypted();
    key.dispose();
    if (!encrypted) {
      jsch.addIdentity(settings.identity().toString());
      return;
    }
    char[] passphrase = credentials.passphrase(settings.identity());
    if (passphrase == null) {
      throw new ControlException(ControlException.Kind.AUTH_FAILED, "the key " + settings.identity()
          + " is encrypted and no passphrase was given");
    }
    byte[] bytes = new String(passphrase).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Arrays.fill(passphrase, '\0');
    try {
      jsch.addIdentity(settings.identity().toString(), bytes);
    } catch (JSchException e) {
      throw new ControlException(ControlException.Kind.AUTH_FAILED, "wrong passphrase for " + settings.identity(), e);
    } finally {
      Arrays.fill(bytes, (byte) 0);
    }
  }

  private Session connect(JSch jsch, KnownHostsVerifier verifier, SshTarget who, String host, int port, String alias)
      throws ControlException {
    Session s;
    try {
      s = jsch.getSession(who.user(), host, port);
    } catch (JSchException e) {
      throw NetworkFailure.of(e, who.toString(), settings.connectTimeoutMs());
    }
    if (alias != null) {
      s.setHostKeyAlias(alias);
    }
    s.setConfig("StrictHostKeyChecking", "yes");
    s.setConfig("PreferredAuthentications", "publickey,keyboard-interactive,password");
    s.setUserInfo(new PasswordOnce(who));
    try {
      s.setServerAliveInterval(5_000);
      s.setServerAliveCountMax(3);
      s.connect(settings.connectTimeoutMs());
      return s;
    } catch (JSchException e) {
      String refusal = verifier.refusal();
      String msg = String.valueOf(e.getMessage());
      if (refusal != null && refusal.contains("CHANGED")) {
        throw new ControlException(ControlException.Kind.HOST_KEY_CHANGED, refusal, e);
      }
      if (refusal != null || msg.contains("UnknownHostKey") || msg.contains("reject HostKey")) {
        throw new ControlException(ControlException.Kind.HOST_KEY_REJECTED,
            refusal != null ? refusal : who + ": host key not trusted", e);
      }
      if (msg.contains("Auth fail") || msg.contains("Auth cancel")) {
        throw new ControlException(ControlException.Kind.AUTH_FAILED, who + ": the server did not accept the key"
            + (settings.identity() != null ? " " + settings.identity() : "") + " (or the password)", e);
      }
      throw NetworkFailure.of(e, who.toString(), settings.connectTimeoutMs());
    }
  }

  /** Supplies a password once if the user gives one; it is not kept after the login. */
  private final class PasswordOnce implements UserInfo {
    private final SshTarget who;
    private String password;

    PasswordOnce(SshTarget who) {
      this.who = who;
    }

    @Override
    public String getPassphrase() {
      return null;
    }

    @Override
    public String getPassword() {
      String p = password;
      password = null;
      return p;
    }

    @Override
    public boolean promptPassword(String message) {
      char[] p = credentials.password(who);
      if (p == null) {
        return false;
      }
      password = new String(p);
      Arrays.fill(p, '\0');
      return true;
    }

    @Override
    public boolean promptPassphrase(String message) {
      return false;
    }

    @Override
    public boolean promptYesNo(String message) {
      return false; // host keys are decided by KnownHostsVerifier, never by a yes/no here
    }

    @Override
    public void showMessage(String message) {
      // nothing to show
    }
  }
}
