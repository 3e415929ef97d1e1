package helperlab.remote;

import helperlab.protocol.CageStatusReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Puts the cage on a server over SSH: first checks what the server lacks ({@link DeployPreflight}:
 * Java, the services' binaries, room for the jar), changing nothing; the jar goes over SFTP under a
 * temporary name (skipped when the same jar is there) and is renamed into place (rename(2): a reader sees the old jar or the new one, never half of one); a launcher
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
  private final DeployPreflight preflight;

  public Deployer(SshSettings settings, HostKeyPrompt hostKeys, CredentialsPrompt credentials) {
    this.shell = new RemoteShell(new SshTransport(settings, hostKeys, credentials));
    this.services = new DeployServices(shell);
    this.start = new CageStart(shell);
    this.preflight = new DeployPreflight(shell);
  }

  /**
   * Checks the server, copies {@code jar} (unless the same jar is there), (re)starts the cage and
   * returns its status once it can take an exhibit. A failed step stops the deploy and undoes what
   * it started (its services, its cage, its partial files); the error says what was undone.
   */
  public DeployReport deploy(Path jar, DeployOptions options, Consumer<String> progress) throws ControlException {
    long t0 = System.nanoTime();
    if (!Files.isRegularFile(jar)) {
      throw new ControlException(ControlException.Kind.REFUSED_INPUT, "no jar at " + jar + " (build it with mvn package)");
    }
    long bytes;
    String sha;
    try {
      bytes = Files.size(jar);
      sha = RemoteShell.sha256(jar);
    } catch (IOException e) {
      throw new ControlException(ControlException.Kind.REFUSED_INPUT, "cannot read " + jar + ": " + e.getMessage(), e);
    }
    SshTransport ssh = shell.transport();
    try (SshTransport.Sessions s = ssh.connect()) {
      String dir = shellPath(options.remoteDir());
      progress.accept("connected to " + ssh.describe() + "; remote directory " + options.remoteDir());
      DeployPreflight.Found found = preflight.check(s, options, dir, bytes, sha, progress);
      DeployUndo undo = new DeployUndo(shell);
      try {
        return steps(s, new Copy(jar, bytes, sha), options, dir, found, undo, progress, t0);
      } catch (ControlException e) {
        if (undo.isEmpty()) {
          throw e;
        }
        progress.accept("the deploy failed: undoing what it started");
        List<String> undone = undo.run(s);
        undone.forEach(l -> progress.accept("undone: " + l));
        throw new ControlException(e.kind(), e.getMessage() + (e.getMessage().endsWith(".") ? "" : ".")
            + " Undone: " + String.join("; ", undone) + ".", e);
      }
    }
  }

  /** The jar to deploy: its file, size and SHA-256. */
  private record Copy(Path jar, long bytes, String sha) {}

  private DeployReport steps(SshTransport.Sessions s, Copy copy, DeployOptions options, String dir,
      DeployPreflight.Found found, DeployUndo undo, Consumer<String> progress, long t0) throws ControlException {
    SshTransport ssh = shell.transport();
    String abs;
    try {
      abs = run(s, "mkdir -p " + dir + " && chmod 700 " + dir + " && cd " + dir + " && pwd", "make "
          + options.remoteDir()).strip();
    } catch (ControlException e) {
      // the check before found it usable: something changed since, or the file system refuses
      throw new ControlException(e.kind(), e.getMessage() + "; check that " + ssh.settings().target().user()
          + " can write there (and that its file system is not full or read-only), or deploy with --remote-dir set"
          + " to a directory it can write", e);
    }
    if (!found.dirExists()) {
      undo.push("removed " + options.remoteDir() + ", which this deploy made", "rm -rf " + dir);
    }
    String tmp = ".upload-" + System.nanoTime();
    String remoteTmp = sftpPath(options.remoteDir()) + "/" + tmp;
    undo.push("removed the partial upload", "cd " + dir + " && rm -f " + tmp + ".*");
    boolean same = copy.sha().equals(found.remoteJarSha());
    if (same) {
      progress.accept("the jar there is this one (sha256 " + copy.sha().substring(0, 12) + "…): not copied again");
    } else {
      progress.accept("copying " + copy.jar().getFileName() + " (" + copy.bytes() / 1024 + " KiB) over SFTP");
      uploadJar(s, copy, dir, options.remoteDir(), remoteTmp + "." + JAR, progress);
      String remoteSha = run(s, "cd " + dir + " && (sha256sum " + tmp + "." + JAR + " 2>/dev/null || echo none)",
          "check the copy").strip().split("\\s+")[0];
      if (!remoteSha.equals("none") && !remoteSha.equals(copy.sha())) {
        throw new ControlException(ControlException.Kind.CLOSED, "the jar arrived damaged on " + ssh.describe()
            + " (SHA-256 " + remoteSha + ", sent " + copy.sha() + ")");
      }
    }
    shell.upload(s, launcher(), remoteTmp + ".launcher");
    shell.upload(s, serveScript(options), remoteTmp + ".serve");
    shell.upload(s, ctlScript(options), remoteTmp + ".ctl");
    String servicesUsed = services.ensure(s, options, dir, progress, undo);
    boolean systemd = start.useSystemd(s, options, abs);
    progress.accept("stopping the cage this deployer started before, if any");
    String stopped = run(s, stopScript(dir), "stop the previous cage").strip();
    run(s, "cd " + dir + " && chmod 755 " + tmp + ".launcher " + tmp + ".serve " + tmp + ".ctl"
        + (same ? "" : " && mv -f " + tmp + "." + JAR + " " + JAR) + " && mv -f " + tmp + ".launcher helper-lab"
        + " && mv -f " + tmp + ".serve cage-serve && mv -f " + tmp + ".ctl " + CTL, "put the new jar in place");
    undo.push("stopped the cage this deploy started", stopScript(dir));
    CageStart.Started started = start.start(s, systemd, dir, abs, progress);
    CageStatusReport status = start.awaitReady(s, options, dir, progress);
    return new DeployReport(abs, copy.bytes(), copy.sha(), started.as(), started.pid(),
        stopped.isEmpty() ? "nothing was running" : stopped, servicesUsed, status,
        (System.nanoTime() - t0) / 1_000_000, same);
  }

  /** Copies the jar; a copy cut short by a full disk says so in plain words (the partial file is undone). */
  private void uploadJar(SshTransport.Sessions s, Copy copy, String dir, String shown, String remote,
      Consumer<String> progress)
      throws ControlException {
    try {
      shell.upload(s, copy.jar(), remote, progress);
    } catch (IOException e) {
      throw new ControlException(ControlException.Kind.REFUSED_INPUT, "cannot read " + copy.jar() + ": "
          + e.getMessage(), e);
    } catch (ControlException e) {
      long free = preflight.freeKb(s, dir);
      if (free >= 0 && free * 1024 < DeployPreflight.MARGIN_BYTES) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, DeployPreflight.diskFull(
            shell.transport().describe(), shown, free, copy.bytes() + DeployPreflight.MARGIN_BYTES)
            .replace("disk full:", "disk full while copying the jar:"), e);
      }
      throw e;
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
    // UTF-8 whatever the login's locale (a POSIX one makes Java write non-ASCII text as '?')
    return RemoteShell.Upload.of("#!/bin/sh\n# Written by helper-lab deploy: runs the jar beside this script.\n"
        + "case \"$(locale -a 2>/dev/null)\" in *C.utf8*|*C.UTF-8*) export LC_ALL=C.UTF-8 ;; esac\n"
        + "exec java -Dfile.encoding=UTF-8 -Dsun.stdout.encoding=UTF-8 -Dsun.stderr.encoding=UTF-8"
        + " ${HELPERLAB_JAVA_OPTS:-} -jar \"$(dirname \"$0\")/" + JAR + "\" \"$@\"\n");
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
        + "HELPERLAB_DEPLOYMENT=\"$(pwd)\" exec ./helper-lab ctl --data " + quote(o.dataDir()) + " \"$@\"\n");
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
