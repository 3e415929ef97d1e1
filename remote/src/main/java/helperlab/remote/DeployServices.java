package helperlab.remote;

import java.util.Map;
import java.util.function.Consumer;

/**
 * A deploy's PostgreSQL and Redis: private ones started (or found running) in the remote directory
 * where the system's do not answer or {@code --private-services} asks; binaries missing are installed
 * through {@code sudo -n} with {@code --install}, else named with the command that installs them.
 */
final class DeployServices {
  private final RemoteShell shell;

  DeployServices(RemoteShell shell) {
    this.shell = shell;
  }

  /**
   * Makes sure both answer for the cage in {@code dir} and picks the intake's port; returns what was
   * used, in words. What this call starts goes on {@code undo}.
   */
  String ensure(SshTransport.Sessions s, DeployOptions o, String dir, Consumer<String> progress, DeployUndo undo)
      throws ControlException {
    String where = shell.transport().describe();
    // never the system's PostgreSQL or Redis unasked: on a shared server another account's cage would be there too
    progress.accept("PostgreSQL and Redis: " + (o.pgUrl() == null && o.redisUrl() == null ? "private ones of this"
        + " deployment" : "as given, else private ones of this deployment"));
    String script = PrivateServices.ensure(dir, true, o.pgUrl(), o.redisUrl());
    RemoteShell.Result r = shell.exec(s, script);
    Map<String, String> f = ServerCheck.parse(r.out());
    if (r.code() == 3) {
      String install = ServerCheck.installCommand(
          ServerCheck.parse(shell.exec(s, ServerCheck.script(dir, 5432, 6379)).out()));
      String missing = f.getOrDefault("missing", "a service");
      if (!o.install()) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, missing + " is not installed on "
            + where + "; install it with: " + install + " (or deploy with --install to run that through sudo -n)");
      }
      if (!install.startsWith("sudo ")) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, missing + " is not installed on "
            + where + " and its package manager is not one deploy knows: " + install);
      }
      progress.accept("installing: " + install);
      RemoteShell.Result inst = shell.exec(s, "sudo -n " + install.substring("sudo ".length()));
      if (inst.code() != 0) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, "could not install " + missing + " on "
            + where + ": sudo -n is not allowed for this login (or the install failed: "
            + RemoteShell.tail(inst.err()) + "); run it by hand: " + install);
      }
      r = shell.exec(s, script);
      f = ServerCheck.parse(r.out());
    }
    if ("started".equals(f.get("pg"))) {
      undo.push("stopped the private PostgreSQL this deploy started", PrivateServices.stopPostgres(dir));
    }
    if ("started".equals(f.get("redis"))) {
      undo.push("stopped the private Redis this deploy started", PrivateServices.stopRedis(dir));
    }
    if (r.code() != 0) {
      throw new ControlException(ControlException.Kind.COMMAND_FAILED, "could not start the private "
          + f.getOrDefault("failed", "services") + " on " + where + " (exit status " + r.code() + "); its log: "
          + RemoteShell.tail(r.out().replaceAll("(?m)^[a-z_]+=.*$", "")) + RemoteShell.tail(r.err()));
    }
    String pg = describe("PostgreSQL", f.get("pg"), f.get("pg_port"), 5432);
    String redis = describe("Redis", f.get("redis"), f.get("redis_port"), 6379);
    String port = f.getOrDefault("cage_port", "");
    String intake = "the intake on 127.0.0.1:" + port + (port.equals("" + PrivateServices.INTAKE_PORT) ? ""
        : " (" + PrivateServices.INTAKE_PORT + " is taken; kept in " + PrivateServices.CONFIG + ")");
    progress.accept(pg);
    progress.accept(redis);
    progress.accept(intake);
    return pg + "; " + redis + "; " + intake;
  }

  private static String describe(String what, String how, String port, int systemPort) {
    return switch (how == null ? "" : how) {
      case "started" -> "started a private " + what + " on 127.0.0.1:" + port;
      case "running" -> "the private " + what + " runs on 127.0.0.1:" + port;
      case "given" -> what + " as given";
      default -> "the system's " + what + " on 127.0.0.1:" + systemPort;
    };
  }
}
