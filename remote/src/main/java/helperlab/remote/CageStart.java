package helperlab.remote;

import helperlab.protocol.CageStatusReport;
import java.util.function.Consumer;

/**
 * Starting the deployed cage: as a systemd user unit where the login has a user systemd session
 * (or {@code --systemd} asks), else in the background with nohup; then {@code ctl status} asked until
 * it answers.
 */
final class CageStart {
  /** How the cage was started, and its process id (-1 when unknown). */
  record Started(String as, long pid) {}

  private final RemoteShell shell;

  CageStart(RemoteShell shell) {
    this.shell = shell;
  }

  /** Whether to start through systemd; refuses when {@code --systemd} asks and it cannot. */
  boolean useSystemd(SshTransport.Sessions s, DeployOptions o, String abs) throws ControlException {
    if (Boolean.FALSE.equals(o.systemd())) {
      return false;
    }
    boolean works = shell.exec(s, "systemctl --user show-environment >/dev/null 2>&1").code() == 0;
    if (!works && Boolean.TRUE.equals(o.systemd())) {
      throw new ControlException(ControlException.Kind.COMMAND_FAILED, "systemctl --user does not work on "
          + shell.transport().describe()
          + " (no user systemd session; try loginctl enable-linger, or deploy with --no-systemd)");
    }
    if (works && !DeployOptions.SAFE_PATH.matcher(abs).matches()) {
      throw new ControlException(ControlException.Kind.REFUSED_INPUT, "the remote directory " + abs
          + " has characters a systemd unit cannot take safely; deploy with --no-systemd");
    }
    return works;
  }

  /** Starts the cage in {@code dir} ({@code abs}: its absolute path). */
  Started start(SshTransport.Sessions s, boolean systemd, String dir, String abs, Consumer<String> progress)
      throws ControlException {
    if (systemd) {
      progress.accept("starting the cage as the systemd user unit " + Deployer.UNIT);
      shell.run(s, systemdScript(abs), "start " + Deployer.UNIT);
      String main = shell.run(s, "systemctl --user show -p MainPID --value " + Deployer.UNIT, "read the unit's pid")
          .strip();
      return new Started("systemd user unit " + Deployer.UNIT, main.matches("\\d+") ? Long.parseLong(main) : -1);
    }
    progress.accept("starting the cage in the background (nohup)");
    String out = shell.run(s, "cd " + dir + " && (if command -v setsid >/dev/null; then"
        + " setsid nohup ./cage-serve > cage.log 2>&1 < /dev/null & else nohup ./cage-serve > cage.log 2>&1"
        + " < /dev/null & fi; echo $! > cage.pid; cat cage.pid)", "start the cage").strip();
    long pid = out.matches("\\d+") ? Long.parseLong(out) : -1;
    return new Started("background process " + pid, pid);
  }

  private static String systemdScript(String abs) {
    String unit = "[Unit]\nDescription=Helper Lab cage (written by helper-lab deploy)\n\n[Service]\n"
        + "ExecStart=/bin/sh " + abs + "/cage-serve\nRestart=on-failure\nKillSignal=SIGTERM\nTimeoutStopSec=30\n\n"
        + "[Install]\nWantedBy=default.target\n";
    return "mkdir -p \"$HOME/.config/systemd/user\" && printf '%s' " + Deployer.quote(unit)
        + " > \"$HOME/.config/systemd/user/" + Deployer.UNIT + "\" && systemctl --user daemon-reload"
        + " && systemctl --user restart " + Deployer.UNIT;
  }

  /**
   * Asks the new cage for its status until it can take an exhibit (it answers and its sample library
   * is ready), it exits, or the options' timeout passes. A first start makes the sample library, which
   * takes about a minute: that is said while it happens.
   */
  CageStatusReport awaitReady(SshTransport.Sessions s, DeployOptions o, String dir, Consumer<String> progress)
      throws ControlException {
    SshTransport ssh = shell.transport();
    SshSettings base = ssh.settings();
    SshSettings ctl = new SshSettings(base.target(), base.identity(), base.knownHosts(), base.jump(),
        "cd " + dir + " && ./" + Deployer.CTL, base.connectTimeoutMs());
    long t0 = System.nanoTime();
    long end = t0 + o.statusTimeoutS() * 1_000_000_000L;
    ControlException last = null;
    CageStatusReport answered = null;
    String preparing = null;
    progress.accept("waiting for the cage to answer status");
    try (CageClient client = new CageClient(new SshTransport(ctl, (h, t, f) -> false, CredentialsPrompt.NONE))) {
      while (System.nanoTime() < end) {
        try {
          answered = client.status(30_000);
          String samples = answered.samples() == null ? "" : answered.samples();
          if (samples.matches("\\d+ samples in .*")) {
            return answered;
          }
          if (samples.startsWith("no sample library")) {
            throw new ControlException(ControlException.Kind.COMMAND_FAILED, "the cage on " + ssh.describe()
                + " answers but cannot take an exhibit: " + samples);
          }
          if (!samples.equals(preparing)) {
            preparing = samples;
            progress.accept("the cage answers and is preparing its sample images (" + samples + "; the first start"
                + " takes about a minute); it can take an exhibit when they are ready");
          }
        } catch (ControlException e) {
          if (e.kind() == ControlException.Kind.AUTH_FAILED || e.kind() == ControlException.Kind.HOST_KEY_CHANGED
              || e.kind() == ControlException.Kind.HOST_KEY_REJECTED || e.getMessage().startsWith("the cage on ")) {
            throw e;
          }
          last = e;
        }
        String alive = shell.exec(s, "cd " + dir + " && if [ -f cage.pid ]; then kill -0 \"$(cat cage.pid)\" 2>/dev/null"
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
    }
    if (answered != null) {
      throw new ControlException(ControlException.Kind.TIMEOUT, "the cage on " + ssh.describe() + " answers but its"
          + " sample images were not ready within " + o.statusTimeoutS() + " s (" + preparing + "); deploy with a longer"
          + " --status-timeout, or see " + o.remoteDir() + "/cage.log");
    }
    throw new ControlException(ControlException.Kind.TIMEOUT, "the cage on " + ssh.describe() + " did not answer"
        + " status within " + o.statusTimeoutS() + " s (see " + o.remoteDir() + "/cage.log)"
        + (last != null ? "; last: " + last.getMessage() : ""));
  }
}
