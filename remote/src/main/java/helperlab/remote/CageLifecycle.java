package helperlab.remote;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSchException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What {@code deploy} made on a server, afterwards: its status (the cage, the private services, the
 * cage's own {@code status}), stopping it, its log (once or followed), and uninstalling it (the cage
 * stopped, its unit and files removed; the data kept unless purged).
 */
public final class CageLifecycle {
  private final Deployer deployer;
  private final DeployOptions options;

  public CageLifecycle(Deployer deployer, DeployOptions options) {
    this.deployer = deployer;
    this.options = options;
  }

  private String dir() {
    return Deployer.shellPath(options.remoteDir());
  }

  /** One line per part: deployed or not, the cage, the private services, and the cage's status reply. */
  public List<String> status() throws ControlException {
    List<String> out = new ArrayList<>();
    try (SshTransport.Sessions s = deployer.connect()) {
      RemoteShell.Result r = deployer.exec(s, PrivateServices.status(dir()));
      ServerCheck.parse(r.out()).forEach((k, v) -> out.add(k.replace('_', ' ') + ": " + v));
      if (r.out().contains("cage=running")) {
        RemoteShell.Result st = deployer.exec(s, "cd " + dir() + " && printf '%s\\n' '{\"op\":\"status\"}' | ./" + Deployer.CTL);
        out.add("status: " + st.out().strip());
      }
    }
    return out;
  }

  /** Stops the cage and the private services (the files and data stay). */
  public List<String> stop() throws ControlException {
    List<String> out = new ArrayList<>();
    try (SshTransport.Sessions s = deployer.connect()) {
      lines(deployer.run(s, Deployer.stopScript(dir()), "stop the cage"), out);
      lines(deployer.run(s, PrivateServices.stop(dir()), "stop the private services"), out);
    }
    if (out.isEmpty()) {
      out.add("nothing was running");
    }
    return out;
  }

  /**
   * Stops everything, removes the systemd unit, the jar and the scripts; with {@code purge} the
   * whole remote directory (the cage's data, the private databases and their passwords) too.
   */
  public List<String> uninstall(boolean purge) throws ControlException {
    List<String> out = stop();
    try (SshTransport.Sessions s = deployer.connect()) {
      String unit = "\"$HOME/.config/systemd/user/" + Deployer.UNIT + "\"";
      lines(deployer.run(s, "if [ -f " + unit + " ]; then systemctl --user disable " + Deployer.UNIT
          + " >/dev/null 2>&1; rm -f " + unit + "; systemctl --user daemon-reload >/dev/null 2>&1; echo removed the"
          + " systemd user unit " + Deployer.UNIT + "; fi", "remove the unit"), out);
      if (purge) {
        lines(deployer.run(s, "if [ -d " + dir() + " ]; then rm -rf " + dir() + " && echo removed " + dir()
            + " with the data of the cage and of the private databases; fi", "remove the remote directory"), out);
      } else {
        lines(deployer.run(s, "cd " + dir() + " 2>/dev/null || exit 0; rm -f " + Deployer.JAR + " helper-lab cage-serve "
            + Deployer.CTL + " cage.pid .upload-*; echo removed the jar and the scripts from " + dir() + "; echo kept the data"
            + " '(the cage'\\''s, and the private PostgreSQL and Redis with their passwords)': --purge removes it",
            "remove the jar"), out);
      }
    }
    return out;
  }

  /** The cage's log: its last {@code lines} lines; with {@code follow}, then what comes until the stream is closed. */
  public void logs(int lines, boolean follow, OutputStream to) throws ControlException {
    String n = Integer.toString(Math.max(1, lines));
    String script = "cd " + dir() + " || exit 1\n"
        + "if [ -f cage.log ] && ! { command -v systemctl >/dev/null 2>&1 && systemctl --user is-active --quiet "
        + Deployer.UNIT + " 2>/dev/null; }; then exec tail -n " + n + (follow ? " -F" : "") + " cage.log; fi\n"
        + "if command -v journalctl >/dev/null 2>&1; then exec journalctl --user -u " + Deployer.UNIT + " -n " + n
        + " --no-pager" + (follow ? " -f" : "") + "; fi\n"
        + "echo 'no cage log here (deploy first)' >&2; exit 1\n";
    try (SshTransport.Sessions s = deployer.connect()) {
      ChannelExec c = (ChannelExec) s.session().openChannel("exec");
      c.setCommand("sh -c " + Deployer.quote(script));
      c.setErrStream(to, true);
      InputStream in = c.getInputStream();
      c.connect(deployer.transport().settings().connectTimeoutMs());
      in.transferTo(to);
      to.flush();
      c.disconnect();
    } catch (JSchException | IOException e) {
      throw new ControlException(ControlException.Kind.CLOSED, deployer.transport().describe() + ": " + e.getMessage(),
          e);
    }
  }

  private static void lines(String text, List<String> out) {
    for (String l : text.split("\n")) {
      if (!l.isBlank()) {
        out.add(l.strip());
      }
    }
  }

  /** Each line to {@code sink}. */
  public static void print(List<String> lines, Consumer<String> sink) {
    lines.forEach(sink);
  }
}
