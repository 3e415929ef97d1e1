package helperlab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.ChannelSftp;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.SftpException;
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
import java.util.function.Consumer;

/**
 * Puts the cage on a server over SSH: the jar goes over SFTP under a temporary name and is renamed
 * into place (rename(2): a reader sees the old jar or the new one, never half of one); a launcher
 * and a start script are written beside it; the cage this deployer started before (pid file or
 * systemd user unit) is stopped; the new one starts in the background; then {@code ctl status} is
 * asked until it answers. Every shell word made from an option is validated and single-quoted.
 */
public final class Deployer {
  /** The systemd user unit the cage runs as when systemd is used. */
  public static final String UNIT = "helper-lab-cage.service";
  static final String JAR = "helper-lab.jar";

  private final SshTransport ssh;

  public Deployer(SshSettings settings, HostKeyPrompt hostKeys, CredentialsPrompt credentials) {
    this.ssh = new SshTransport(settings, hostKeys, credentials);
  }

  /** Copies {@code jar}, (re)starts the cage and returns its first status. */
  public DeployReport deploy(Path jar, DeployOptions options, Consumer<String> progress) throws ControlException {
    long t0 = System.nanoTime();
    if (!Files.isRegularFile(jar)) {
      throw new ControlException(ControlException.Kind.REFUSED_INPUT, "no jar at " + jar + " (build it with mvn package)");
    }
    try (SshTransport.Sessions s = ssh.connect()) {
      String dir = shellPath(options.remoteDir());
      progress.accept("connected to " + ssh.describe() + "; remote directory " + options.remoteDir());
      String abs = run(s, "mkdir -p " + dir + " && chmod 700 " + dir + " && cd " + dir + " && pwd", "make "
          + options.remoteDir()).strip();
      String tmp = ".upload-" + System.nanoTime();
      long bytes = Files.size(jar);
      progress.accept("copying " + jar.getFileName() + " (" + bytes / 1024 + " KiB) over SFTP");
      String sha = upload(s, jar, sftpPath(options.remoteDir()) + "/" + tmp + "." + JAR, progress);
      upload(s, launcher(), sftpPath(options.remoteDir()) + "/" + tmp + ".launcher");
      upload(s, serveScript(options), sftpPath(options.remoteDir()) + "/" + tmp + ".serve");
      String remoteSha = run(s, "cd " + dir + " && (sha256sum " + tmp + "." + JAR + " 2>/dev/null || echo none)",
          "check the copy").strip().split("\\s+")[0];
      if (!remoteSha.equals("none") && !remoteSha.equals(sha)) {
        throw new ControlException(ControlException.Kind.CLOSED, "the jar arrived damaged on " + ssh.describe()
            + " (SHA-256 " + remoteSha + ", sent " + sha + ")");
      }
      String services = services(s, options, dir, progress);
      boolean systemd = useSystemd(s, options, abs);
      progress.accept("stopping the cage this deployer started before, if any");
      String stopped = run(s, stopScript(dir), "stop the previous cage").strip();
      run(s, "cd " + dir + " && chmod 755 " + tmp + ".launcher " + tmp + ".serve && mv -f " + tmp + "." + JAR + " " + JAR
          + " && mv -f " + tmp + ".launcher helper-lab && mv -f " + tmp + ".serve cage-serve", "put the new jar in place");
      String startedAs;
      long pid = -1;
      if (systemd) {
        progress.accept("starting the cage as the systemd user unit " + UNIT);
        run(s, systemdScript(abs), "start " + UNIT);
        startedAs = "systemd user unit " + UNIT;
        String main = run(s, "systemctl --user show -p MainPID --value " + UNIT, "read the unit's pid").strip();
        pid = main.matches("\\d+") ? Long.parseLong(main) : -1;
      } else {
        progress.accept("starting the cage in the background (nohup)");
        String out = run(s, "cd " + dir + " && (if command -v setsid >/dev/null; then"
            + " setsid nohup ./cage-serve > cage.log 2>&1 < /dev/null & else nohup ./cage-serve > cage.log 2>&1"
            + " < /dev/null & fi; echo $! > cage.pid; cat cage.pid)", "start the cage").strip();
        pid = out.matches("\\d+") ? Long.parseLong(out) : -1;
        startedAs = "background process " + pid;
      }
      JsonNode status = awaitStatus(s, options, dir, progress);
      return new DeployReport(abs, bytes, sha, startedAs, pid, stopped.isEmpty() ? "nothing was running" : stopped,
          services, status, (System.nanoTime() - t0) / 1_000_000);
    } catch (IOException e) {
      throw new ControlException(ControlException.Kind.REFUSED_INPUT, "cannot read " + jar + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@code deploy --check}: what the server offers the cage, one item per line, changing nothing
   * there; {@code pgPort} and {@code redisPort} are where the cage would look for PostgreSQL and Redis.
   */
  public java.util.List<ServerCheck.Item> check(DeployOptions options, int pgPort, int redisPort)
      throws ControlException {
    try (SshTransport.Sessions s = ssh.connect()) {
      Result r = exec(s, ServerCheck.script(shellPath(options.remoteDir()), pgPort, redisPort));
      return ServerCheck.items(ServerCheck.parse(r.out()));
    }
  }

  /**
   * PostgreSQL and Redis for the cage: private ones started (or found running) in the remote
   * directory where the system's do not answer or {@code --private-services} asks; binaries missing
   * are installed through {@code sudo -n} with {@code --install}, else named with the command that
   * installs them.
   */
  private String services(SshTransport.Sessions s, DeployOptions o, String dir, Consumer<String> progress)
      throws ControlException {
    progress.accept("PostgreSQL and Redis: " + (o.privateServices() ? "private ones (--private-services)"
        : "the system's where they answer, else private ones"));
    String script = PrivateServices.ensure(dir, o.privateServices(), o.pgUrl(), o.redisUrl());
    Result r = exec(s, script);
    java.util.Map<String, String> f = ServerCheck.parse(r.out());
    if (r.code() == 3) {
      String install = ServerCheck.installCommand(ServerCheck.parse(exec(s, ServerCheck.script(dir, 5432, 6379)).out()));
      String missing = f.getOrDefault("missing", "a service");
      if (!o.install()) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, missing + " is not installed on "
            + ssh.describe() + "; install it with: " + install + " (or deploy with --install to run that through sudo -n)");
      }
      if (!install.startsWith("sudo ")) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, missing + " is not installed on "
            + ssh.describe() + " and its package manager is not one deploy knows: " + install);
      }
      progress.accept("installing: " + install);
      Result inst = exec(s, "sudo -n " + install.substring("sudo ".length()));
      if (inst.code() != 0) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, "could not install " + missing + " on "
            + ssh.describe() + ": sudo -n is not allowed for this login (or the install failed: "
            + tail(inst.err()) + "); run it by hand: " + install);
      }
      r = exec(s, script);
      f = ServerCheck.parse(r.out());
    }
    if (r.code() != 0) {
      throw new ControlException(ControlException.Kind.COMMAND_FAILED, "could not start the private "
          + f.getOrDefault("failed", "services") + " on " + ssh.describe() + " (exit status " + r.code() + "); its log: "
          + tail(r.out().replaceAll("(?m)^[a-z_]+=.*$", "")) + tail(r.err()));
    }
    String pg = describe("PostgreSQL", f.get("pg"), f.get("pg_port"), 5432);
    String redis = describe("Redis", f.get("redis"), f.get("redis_port"), 6379);
    progress.accept(pg);
    progress.accept(redis);
    return pg + "; " + redis;
  }

  private static String describe(String what, String how, String port, int systemPort) {
    return switch (how == null ? "" : how) {
      case "started" -> "started a private " + what + " on 127.0.0.1:" + port;
      case "running" -> "the private " + what + " runs on 127.0.0.1:" + port;
      case "given" -> what + " as given";
      default -> "the system's " + what + " on 127.0.0.1:" + systemPort;
    };
  }

  private static String tail(String text) {
    String t = text.strip().replace('\n', ' ');
    return t.length() <= 400 ? t : "…" + t.substring(t.length() - 400);
  }

  /** The directory as a shell word: {@code ~/x} becomes {@code "$HOME"/'x'}, anything else is quoted. */
  static String shellPath(String dir) {
    if (dir.equals("~")) {
      return "\"$HOME\"";
    }
    if (dir.startsWith("~/")) {
      return "\"$HOME\"/" + quote(dir.substring(2));
    }
    return dir.startsWith("/") ? quote(dir) : "\"$HOME\"/" + quote(dir);
  }

  /** The directory for SFTP, which starts in the login's home. */
  static String sftpPath(String dir) {
    if (dir.equals("~")) {
      return ".";
    }
    return dir.startsWith("~/") ? dir.substring(2) : dir;
  }

  /** One shell word that the shell reads back as exactly {@code s}. */
  public static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  private static InputStreamSource launcher() {
    return InputStreamSource.of("#!/bin/sh\n# Written by helper-lab deploy: runs the jar beside this script.\n"
        + "exec java ${HELPERLAB_JAVA_OPTS:-} -jar \"$(dirname \"$0\")/" + JAR + "\" \"$@\"\n");
  }

  private static InputStreamSource serveScript(DeployOptions o) {
    StringBuilder cmd = new StringBuilder("exec ./helper-lab cage serve --data ").append(quote(o.dataDir()));
    for (String a : o.serveArgs()) {
      cmd.append(' ').append(quote(a));
    }
    cmd.append(" \"$@\"");
    // the PostgreSQL and Redis URLs with their passwords: from a 0600 file, never on the command line
    return InputStreamSource.of("#!/bin/sh\n# Written by helper-lab deploy: the cage, as deployed.\n"
        + "cd \"$(dirname \"$0\")\" || exit 1\n"
        + "if [ -f " + PrivateServices.CONFIG + " ]; then set -- --config " + PrivateServices.CONFIG + "; else set --; fi\n"
        + cmd + "\n");
  }

  /** Stops what a previous deploy started: its unit, or the process in its pid file if that is still our java. */
  static String stopScript(String dir) {
    return "cd " + dir + " || exit 1\n"
        + "if command -v systemctl >/dev/null 2>&1 && systemctl --user is-active --quiet " + UNIT + " 2>/dev/null; then\n"
        + "  systemctl --user stop " + UNIT + " && echo \"stopped the systemd user unit " + UNIT + "\"\n"
        + "fi\n"
        + "if [ -f cage.pid ]; then\n"
        + "  pid=$(cat cage.pid)\n"
        + "  case \"$pid\" in ''|*[!0-9]*) pid= ;; esac\n"
        + "  if [ -n \"$pid\" ] && kill -0 \"$pid\" 2>/dev/null && tr '\\0' ' ' < /proc/\"$pid\"/cmdline 2>/dev/null"
        + " | grep -q " + JAR + "; then\n"
        + "    kill \"$pid\"\n"
        + "    i=0; while kill -0 \"$pid\" 2>/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done\n"
        + "    if kill -0 \"$pid\" 2>/dev/null; then kill -9 \"$pid\"; sleep 0.5; echo \"killed process $pid (it did not"
        + " stop in 30 s)\"; else echo \"stopped process $pid\"; fi\n"
        + "  fi\n"
        + "  rm -f cage.pid\n"
        + "fi\n";
  }

  private static String systemdScript(String abs) {
    String unit = "[Unit]\nDescription=Helper Lab cage (written by helper-lab deploy)\n\n[Service]\n"
        + "ExecStart=/bin/sh " + abs + "/cage-serve\nRestart=on-failure\nKillSignal=SIGTERM\nTimeoutStopSec=30\n\n"
        + "[Install]\nWantedBy=default.target\n";
    return "mkdir -p \"$HOME/.config/systemd/user\" && printf '%s' " + quote(unit) + " > \"$HOME/.config/systemd/user/"
        + UNIT + "\" && systemctl --user daemon-reload && systemctl --user restart " + UNIT;
  }

  private boolean useSystemd(SshTransport.Sessions s, DeployOptions o, String abs) throws ControlException {
    if (Boolean.FALSE.equals(o.systemd())) {
      return false;
    }
    boolean works = exec(s, "systemctl --user show-environment >/dev/null 2>&1").code() == 0;
    if (!works && Boolean.TRUE.equals(o.systemd())) {
      throw new ControlException(ControlException.Kind.COMMAND_FAILED, "systemctl --user does not work on "
          + ssh.describe() + " (no user systemd session; try loginctl enable-linger, or deploy with --no-systemd)");
    }
    if (works && !DeployOptions.SAFE_PATH.matcher(abs).matches()) {
      throw new ControlException(ControlException.Kind.REFUSED_INPUT, "the remote directory " + abs
          + " has characters a systemd unit cannot take safely; deploy with --no-systemd");
    }
    return works;
  }

  private JsonNode awaitStatus(SshTransport.Sessions s, DeployOptions o, String dir, Consumer<String> progress)
      throws ControlException {
    SshSettings base = ssh.settings();
    SshSettings ctl = new SshSettings(base.target(), base.identity(), base.knownHosts(), base.jump(),
        "cd " + dir + " && ./helper-lab ctl --data " + quote(o.dataDir()), base.connectTimeoutMs());
    long end = System.nanoTime() + o.statusTimeoutS() * 1_000_000_000L;
    ControlException last = null;
    progress.accept("waiting for the cage to answer status");
    while (System.nanoTime() < end) {
      try (CageClient client = new CageClient(new SshTransport(ctl, (h, t, f) -> false, CredentialsPrompt.NONE))) {
        return client.request(CageClient.op("status"), 30_000);
      } catch (ControlException e) {
        if (e.kind() == ControlException.Kind.AUTH_FAILED || e.kind() == ControlException.Kind.HOST_KEY_CHANGED
            || e.kind() == ControlException.Kind.HOST_KEY_REJECTED) {
          throw e;
        }
        last = e;
      }
      String alive = exec(s, "cd " + dir + " && if [ -f cage.pid ]; then kill -0 \"$(cat cage.pid)\" 2>/dev/null"
          + " && echo up || { echo down; tail -n 5 cage.log; }; else echo up; fi").out().strip();
      if (alive.startsWith("down")) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, "the cage on " + ssh.describe()
            + " exited right after starting; the end of its log (" + o.remoteDir() + "/cage.log): "
            + alive.substring(4).strip().replace('\n', ' '));
      }
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    throw new ControlException(ControlException.Kind.TIMEOUT, "the cage on " + ssh.describe() + " did not answer"
        + " status within " + o.statusTimeoutS() + " s (see " + o.remoteDir() + "/cage.log)"
        + (last != null ? "; last: " + last.getMessage() : ""));
  }

  /** An exec's outcome. */
  record Result(int code, String out, String err) {}

  /** Connects once for a few scripts (the lifecycle's). */
  SshTransport.Sessions connect() throws ControlException {
    return ssh.connect();
  }

  SshTransport transport() {
    return ssh;
  }

  /** Runs a POSIX sh script on the server (through {@code sh -c}, whatever the login shell is). */
  Result exec(SshTransport.Sessions s, String script) throws ControlException {
    try {
      ChannelExec c = (ChannelExec) s.session().openChannel("exec");
      c.setCommand("sh -c " + quote(script));
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

  String run(SshTransport.Sessions s, String script, String what) throws ControlException {
    Result r = exec(s, script);
    if (r.code() != 0) {
      throw new ControlException(ControlException.Kind.COMMAND_FAILED, "could not " + what + " on " + ssh.describe()
          + " (exit status " + r.code() + "): " + r.err().strip().replace('\n', ' '));
    }
    return r.out();
  }

  private String upload(SshTransport.Sessions s, Path file, String remote, Consumer<String> progress)
      throws ControlException, IOException {
    long size = Files.size(file);
    try (InputStream in = Files.newInputStream(file)) {
      DigestInputStream digest = new DigestInputStream(in, sha256());
      upload(s, () -> digest, remote, new CopyProgress(size, progress));
      return HexFormat.of().formatHex(digest.getMessageDigest().digest());
    }
  }

  private void upload(SshTransport.Sessions s, InputStreamSource source, String remote) throws ControlException {
    upload(s, source, remote, null);
  }

  private void upload(SshTransport.Sessions s, InputStreamSource source, String remote,
      com.jcraft.jsch.SftpProgressMonitor monitor) throws ControlException {
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
  private static final class CopyProgress implements com.jcraft.jsch.SftpProgressMonitor {
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
        progress.accept(String.format(java.util.Locale.ROOT, "copied %d%% of %.1f MiB", now * 10, size / 1048576.0));
      }
      return true;
    }

    @Override
    public void end() {
      // the last tenth was reported by count
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Something to upload. */
  private interface InputStreamSource {
    InputStream open() throws IOException;

    static InputStreamSource of(String text) {
      return () -> new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
  }
}
