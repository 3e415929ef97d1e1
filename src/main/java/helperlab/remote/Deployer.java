package helperlab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Puts the cage on a server over SSH: the jar goes over SFTP under a temporary name and is renamed
 * into place (rename(2): a reader sees the old jar or the new one, never half of one); a launcher
 * and a start script are written beside it; PostgreSQL and Redis are made sure of
 * ({@link DeployServices}); the cage this deployer started before (pid file or systemd user unit) is
 * stopped; the new one starts in the background and {@code ctl status} is asked until it answers
 * ({@link CageStart}). Every shell word made from an option is validated and single-quoted.
 */
public final class Deployer {
  /** The systemd user unit the cage runs as when systemd is used. */
  public static final String UNIT = "helper-lab-cage.service";
  static final String JAR = "helper-lab.jar";
  /** The script beside the jar that runs ctl for the cage deployed there (the default remote command looks for it). */
  public static final String CTL = "ctl";

  private final RemoteShell shell;
  private final DeployServices services;
  private final CageStart start;

  public Deployer(SshSettings settings, HostKeyPrompt hostKeys, CredentialsPrompt credentials) {
    this.shell = new RemoteShell(new SshTransport(settings, hostKeys, credentials));
    this.services = new DeployServices(shell);
    this.start = new CageStart(shell);
  }

  /** Copies {@code jar}, (re)starts the cage and returns its first status. */
  public DeployReport deploy(Path jar, DeployOptions options, Consumer<String> progress) throws ControlException {
    long t0 = System.nanoTime();
    if (!Files.isRegularFile(jar)) {
      throw new ControlException(ControlException.Kind.REFUSED_INPUT, "no jar at " + jar + " (build it with mvn package)");
    }
    SshTransport ssh = shell.transport();
    try (SshTransport.Sessions s = ssh.connect()) {
      String dir = shellPath(options.remoteDir());
      progress.accept("connected to " + ssh.describe() + "; remote directory " + options.remoteDir());
      String abs = run(s, "mkdir -p " + dir + " && chmod 700 " + dir + " && cd " + dir + " && pwd", "make "
          + options.remoteDir()).strip();
      String tmp = ".upload-" + System.nanoTime();
      long bytes = Files.size(jar);
      progress.accept("copying " + jar.getFileName() + " (" + bytes / 1024 + " KiB) over SFTP");
      String sha = shell.upload(s, jar, sftpPath(options.remoteDir()) + "/" + tmp + "." + JAR, progress);
      shell.upload(s, launcher(), sftpPath(options.remoteDir()) + "/" + tmp + ".launcher");
      shell.upload(s, serveScript(options), sftpPath(options.remoteDir()) + "/" + tmp + ".serve");
      shell.upload(s, ctlScript(options), sftpPath(options.remoteDir()) + "/" + tmp + ".ctl");
      String remoteSha = run(s, "cd " + dir + " && (sha256sum " + tmp + "." + JAR + " 2>/dev/null || echo none)",
          "check the copy").strip().split("\\s+")[0];
      if (!remoteSha.equals("none") && !remoteSha.equals(sha)) {
        throw new ControlException(ControlException.Kind.CLOSED, "the jar arrived damaged on " + ssh.describe()
            + " (SHA-256 " + remoteSha + ", sent " + sha + ")");
      }
      String servicesUsed = services.ensure(s, options, dir, progress);
      boolean systemd = start.useSystemd(s, options, abs);
      progress.accept("stopping the cage this deployer started before, if any");
      String stopped = run(s, stopScript(dir), "stop the previous cage").strip();
      run(s, "cd " + dir + " && chmod 755 " + tmp + ".launcher " + tmp + ".serve " + tmp + ".ctl && mv -f " + tmp + "."
          + JAR + " " + JAR + " && mv -f " + tmp + ".launcher helper-lab && mv -f " + tmp + ".serve cage-serve && mv -f "
          + tmp + ".ctl " + CTL, "put the new jar in place");
      CageStart.Started started = start.start(s, systemd, dir, abs, progress);
      JsonNode status = start.awaitStatus(s, options, dir, progress);
      return new DeployReport(abs, bytes, sha, started.as(), started.pid(),
          stopped.isEmpty() ? "nothing was running" : stopped, servicesUsed, status,
          (System.nanoTime() - t0) / 1_000_000);
    } catch (IOException e) {
      throw new ControlException(ControlException.Kind.REFUSED_INPUT, "cannot read " + jar + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@code deploy --check}: what the server offers the cage, one item per line, changing nothing
   * there; {@code pgPort} and {@code redisPort} are where the cage would look for PostgreSQL and Redis.
   */
  public List<ServerCheck.Item> check(DeployOptions options, int pgPort, int redisPort)
      throws ControlException {
    try (SshTransport.Sessions s = connect()) {
      RemoteShell.Result r = exec(s, ServerCheck.script(shellPath(options.remoteDir()), pgPort, redisPort));
      return ServerCheck.items(ServerCheck.parse(r.out()));
    }
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

  private static RemoteShell.Upload launcher() {
    return RemoteShell.Upload.of("#!/bin/sh\n# Written by helper-lab deploy: runs the jar beside this script.\n"
        + "exec java ${HELPERLAB_JAVA_OPTS:-} -jar \"$(dirname \"$0\")/" + JAR + "\" \"$@\"\n");
  }

  private static RemoteShell.Upload serveScript(DeployOptions o) {
    StringBuilder cmd = new StringBuilder("exec ./helper-lab cage serve --data ").append(quote(o.dataDir()));
    for (String a : o.serveArgs()) {
      cmd.append(' ').append(quote(a));
    }
    cmd.append(" \"$@\"");
    // the PostgreSQL and Redis URLs with their passwords: from a 0600 file, never on the command line
    return RemoteShell.Upload.of("#!/bin/sh\n# Written by helper-lab deploy: the cage, as deployed.\n"
        + "cd \"$(dirname \"$0\")\" || exit 1\n"
        + "if [ -f " + PrivateServices.CONFIG + " ]; then set -- --config " + PrivateServices.CONFIG + "; else set --; fi\n"
        + cmd + "\n");
  }

  /** ctl for the cage deployed here, whatever directory it is called from; its exit codes are ctl's ({@link CtlExit}). */
  static RemoteShell.Upload ctlScript(DeployOptions o) {
    return RemoteShell.Upload.of("#!/bin/sh\n# Written by helper-lab deploy: ctl for the cage deployed beside this script.\n"
        + "cd \"$(dirname \"$0\")\" || exit " + CtlExit.UNREACHABLE.code + "\n"
        + "exec ./helper-lab ctl --data " + quote(o.dataDir()) + " \"$@\"\n");
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

  /** Connects once for a few scripts (the lifecycle's). */
  SshTransport.Sessions connect() throws ControlException {
    return shell.transport().connect();
  }

  SshTransport transport() {
    return shell.transport();
  }

  /** Runs a POSIX sh script on the server (through {@code sh -c}, whatever the login shell is). */
  RemoteShell.Result exec(SshTransport.Sessions s, String script) throws ControlException {
    return shell.exec(s, script);
  }

  String run(SshTransport.Sessions s, String script, String what) throws ControlException {
    return shell.run(s, script, what);
  }
}
