package helperlab.remote;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.ChannelSftp;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.SftpException;
import com.jcraft.jsch.SftpProgressMonitor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.function.Consumer;

/** A server as a deploy uses it over one SSH login: POSIX sh scripts run there, files put there over SFTP. */
final class RemoteShell {
  private final SshTransport ssh;

  RemoteShell(SshTransport ssh) {
    this.ssh = ssh;
  }

  /** An exec's outcome. */
  record Result(int code, String out, String err) {}

  /** Something to upload. */
  interface Upload {
    InputStream open() throws IOException;

    static Upload of(String text) {
      return () -> new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  SshTransport transport() {
    return ssh;
  }

  /** Runs a POSIX sh script on the server (through {@code sh -c}, whatever the login shell is). */
  Result exec(SshTransport.Sessions s, String script) throws ControlException {
    try {
      ChannelExec c = (ChannelExec) s.session().openChannel("exec");
      c.setCommand("sh -c " + Deployer.quote(script));
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      c.setErrStream(err);
      InputStream in = c.getInputStream();
      c.connect(ssh.settings().connectTimeoutMs());
      byte[] out = in.readAllBytes();
      int code = SshTransport.exitStatus(c);
      c.disconnect();
      return new Result(code, new String(out, StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } catch (JSchException | IOException e) {
      throw new ControlException(ControlException.Kind.CLOSED, ssh.describe() + ": " + e.getMessage(), e);
    }
  }

  /** Runs a script that must succeed ({@code what} it does names the failure); returns its output. */
  String run(SshTransport.Sessions s, String script, String what) throws ControlException {
    Result r = exec(s, script);
    if (r.code() != 0) {
      throw new ControlException(ControlException.Kind.COMMAND_FAILED, "could not " + what + " on " + ssh.describe()
          + " (exit status " + r.code() + "): " + r.err().strip().replace('\n', ' '));
    }
    return r.out();
  }

  /** Copies {@code file} to {@code remote}, reporting each tenth; returns its SHA-256 as sent. */
  String upload(SshTransport.Sessions s, Path file, String remote, Consumer<String> progress)
      throws ControlException, IOException {
    long size = Files.size(file);
    try (InputStream in = Files.newInputStream(file)) {
      DigestInputStream digest = new DigestInputStream(in, sha256());
      upload(s, () -> digest, remote, new CopyProgress(size, progress));
      return HexFormat.of().formatHex(digest.getMessageDigest().digest());
    }
  }

  void upload(SshTransport.Sessions s, Upload source, String remote) throws ControlException {
    upload(s, source, remote, null);
  }

  private void upload(SshTransport.Sessions s, Upload source, String remote, SftpProgressMonitor monitor)
      throws ControlException {
    ChannelSftp sftp = null;
    try {
      sftp = (ChannelSftp) s.session().openChannel("sftp");
      sftp.connect(ssh.settings().connectTimeoutMs());
      try (InputStream in = source.open()) {
        sftp.put(in, remote, monitor, ChannelSftp.OVERWRITE);
      }
    } catch (JSchException | SftpException | IOException e) {
      throw new ControlException(ControlException.Kind.CLOSED, "SFTP to " + ssh.describe() + " failed writing "
          + remote + ": " + e.getMessage(), e);
    } finally {
      if (sftp != null) {
        sftp.disconnect();
      }
    }
  }

  /** Reports the copy in steps of a tenth ("copied 40% of 31.2 MiB"), for the lab's list and the terminal. */
  private static final class CopyProgress implements SftpProgressMonitor {
    private final long size;
    private final Consumer<String> progress;
    private long done;
    private int tenth;

    CopyProgress(long size, Consumer<String> progress) {
      this.size = Math.max(1, size);
      this.progress = progress;
    }

    @Override
    public void init(int op, String src, String dest, long max) {
      // the size is known from the file
    }

    @Override
    public boolean count(long count) {
      done += count;
      int now = (int) Math.min(10, done * 10 / size);
      if (now > tenth) {
        tenth = now;
        progress.accept(String.format(Locale.ROOT, "copied %d%% of %.1f MiB", now * 10, size / 1048576.0));
      }
      return true;
    }

    @Override
    public void end() {
      // the last tenth was reported by count
    }
  }

  /** The SHA-256 of a file, in hex. */
  static String sha256(Path file) throws IOException {
    MessageDigest d = sha256();
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), d)) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
    }
    return HexFormat.of().formatHex(d.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The end of a command's output on one line, for an error message. */
  static String tail(String text) {
    String t = text.strip().replace('\n', ' ');
    return t.length() <= 400 ? t : "…" + t.substring(t.length() - 400);
  }
}
