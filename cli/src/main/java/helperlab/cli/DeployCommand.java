package helperlab.cli;

import helperlab.remote.CageLifecycle;
import helperlab.remote.ControlException;
import helperlab.remote.DeployOptions;
import helperlab.remote.DeployReport;
import helperlab.remote.Deployer;
import helperlab.remote.ServerCheck;
import helperlab.remote.ServerJar;
import helperlab.remote.SshSettings;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code helper-lab deploy}: the jar to a server over SFTP, the cage (re)started there, its status printed. */
@Command(name = "deploy", mixinStandardHelpOptions = true,
    description = {"Copy the server jar to a server over SFTP, (re)start the cage there (a systemd user unit where"
        + " 'systemctl --user' works, else a background process) and print its status once it can take an exhibit."
        + " PostgreSQL and Redis are private ones of this deployment, started in --remote-dir (loopback ports, generated"
        + " passwords in 0600 files), so accounts sharing a server never share a database or keyspace; --pg-url and"
        + " --redis-url use given ones instead (a database of the deployment's own; a Redis key prefix named for it).",
        "It checks the server first (Java, the services' binaries, room for the jar) and changes nothing when"
            + " something is missing; a step that fails undoes what this deploy started and says what.",
        "--check looks without changing anything; --status, --stop, --logs [--follow] and --uninstall [--purge] look"
            + " after what deploy made (one of them at a time). A second deploy keeps the private services, their"
            + " ports and data."},
    exitCodeList = {"3:the server was not reached: nothing answers there, its host key is unknown or changed, or the"
        + " login was refused (nothing was changed)",
        "4:--check: something the cage needs is missing on the server"})
public final class DeployCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  SshOptions remote = new SshOptions();

  @Mixin
  QuietOption quiet = new QuietOption();

  @Option(names = "--jar", description = "the jar to deploy (default: the server jar, helper-lab-server.jar: this one, or the one beside this desktop jar)")
  Path jar;

  @Option(names = "--remote-dir", paramLabel = "DIR", defaultValue = DeployOptions.DEFAULT_REMOTE_DIR,
      description = "where the jar goes on the server (default: ${DEFAULT-VALUE})")
  String remoteDir;

  @Option(names = "--data", paramLabel = "DIR", defaultValue = DeployOptions.DEFAULT_DATA_DIR,
      description = "the cage's data directory on the server, relative to --remote-dir (default: ${DEFAULT-VALUE})")
  String data;

  @Option(names = "--systemd", negatable = true,
      description = "run as a systemd user unit (--no-systemd: a background process; default: systemd when it works)")
  Boolean systemd;

  @Option(names = "--set", paramLabel = "KEY=VALUE", description = "a cage setting passed to 'cage serve --set' (repeatable)")
  Map<String, String> set = new LinkedHashMap<>();

  @Option(names = "--private-services",
      description = "start PostgreSQL and Redis of the cage's own in --remote-dir (the default; kept for scripts)")
  boolean privateServices;

  @Option(names = "--pg-url", paramLabel = "JDBC-URL",
      description = "use this PostgreSQL database, the deployment's own (its database and user named; kept in a 0600 file)")
  String pgUrl;

  @Option(names = "--redis-url", paramLabel = "URL",
      description = "use this Redis, under a key prefix named for the login and directory (kept in a 0600 file)")
  String redisUrl;

  @Option(names = "--install", description = "install what is missing (Java, PostgreSQL, Redis) through sudo -n")
  boolean install;

  /** What to do instead of a deploy: one of them at most, which picocli holds (it names the clash itself). */
  @ArgGroup(exclusive = true, multiplicity = "0..1")
  Action action;

  static final class Action {
    @Option(names = "--check", required = true,
        description = "only look: Java, PostgreSQL, Redis, cgroup, systemd, disk, memory and the worker budget there,"
            + " one line each (changes nothing; exit 4 when something the cage needs is missing)")
    boolean check;

    @Option(names = "--status", required = true,
        description = "say what deploy made there and whether it runs, with the cage's status")
    boolean status;

    @Option(names = "--stop", required = true, description = "stop the cage and its private services (files and data stay)")
    boolean stop;

    @ArgGroup(exclusive = false)
    Logs logs;

    @ArgGroup(exclusive = false)
    Uninstall uninstall;
  }

  /** {@code --logs} and what goes with it alone: picocli refuses {@code --follow} without it. */
  static final class Logs {
    @Option(names = "--logs", required = true, description = "print the end of the cage's log")
    boolean logs;

    @Option(names = "--follow", description = "with --logs: keep printing as the log grows (Ctrl-C ends)")
    boolean follow;

    @Option(names = "--lines", defaultValue = "100", description = "with --logs: how many lines (default: ${DEFAULT-VALUE})")
    int lines = 100;
  }

  /** {@code --uninstall} and what goes with it alone: picocli refuses {@code --purge} without it. */
  static final class Uninstall {
    @Option(names = "--uninstall", required = true,
        description = "stop everything and remove the unit, the jar and the scripts (the data stays)")
    boolean uninstall;

    @Option(names = "--purge", description = "with --uninstall: remove the data too (the cage's, the private databases)")
    boolean purge;
  }

  @Option(names = "--status-timeout", paramLabel = "SECONDS", defaultValue = "300",
      description = "how long to wait for the new cage to answer and have its sample images ready (default: ${DEFAULT-VALUE})")
  int statusTimeoutS;

  static final int NOT_REACHED = 3;
  static final int MISSING = 4;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (remote.ssh == null) {
      throw new IllegalArgumentException("--ssh user@host[:port] is needed");
    }
    SshSettings settings = remote.settings(null);
    List<String> args = new ArrayList<>();
    set.forEach((k, v) -> {
      args.add("--set");
      args.add(k + "=" + v);
    });
    DeployOptions options = new DeployOptions(remoteDir, data, args, systemd, statusTimeoutS, privateServices, pgUrl,
        redisUrl, install);
    ConsolePrompts prompts = new ConsolePrompts();
    Deployer deployer = new Deployer(settings, prompts, prompts);
    try {
      if (action == null) {
        return deploy(deployer, jar != null ? jar : ServerJar.forRunning(runningJar()), options, out, err);
      }
      if (action.check) {
        return check(deployer, options, settings, out, err);
      }
      CageLifecycle life = new CageLifecycle(deployer, options);
      if (action.logs != null) {
        life.logs(action.logs.lines, action.logs.follow, WriterStream.over(out));
      } else {
        (action.status ? life.status() : action.stop ? life.stop() : life.uninstall(action.uninstall.purge))
            .forEach(out::println);
      }
      return ExitCodes.OK;
    } catch (ControlException e) {
      err.println("helper-lab deploy: " + SshOptions.explain(e, settings));
      return notReached(e) ? NOT_REACHED : ExitCodes.FAILED;
    }
  }

  private int check(Deployer deployer, DeployOptions options, SshSettings settings, PrintWriter out, PrintWriter err)
      throws ControlException {
    List<ServerCheck.Item> items = deployer.check(options, 5432, 6379);
    items.forEach(i -> out.println(i));
    List<String> missing = items.stream().filter(i -> i.level() == ServerCheck.Level.MISSING)
        .map(ServerCheck.Item::name).toList();
    if (!missing.isEmpty()) {
      err.println("helper-lab deploy: missing on " + settings.target() + ": " + String.join(", ", missing));
      return MISSING;
    }
    return ExitCodes.OK;
  }

  private int deploy(Deployer deployer, Path theJar, DeployOptions options, PrintWriter out, PrintWriter err)
      throws ControlException {
    try (DeployLines lines = new DeployLines(err, !quiet.quiet && System.console() != null)) {
      DeployReport r = deployer.deploy(theJar, options, lines);
      err.println("deploy: deployed, the cage can take an exhibit: " + r.stoppedPrevious() + "; it runs as "
          + r.startedAs() + " in " + r.remoteDir() + " (jar " + r.jarBytes() / 1024 + " KiB, sha256 " + r.jarSha256()
          + (r.jarUnchanged() ? ", already there" : "") + ") after " + r.elapsedMs() + " ms; " + r.services());
      out.println(helperlab.protocol.Wire.line(r.status()));
      return ExitCodes.OK;
    }
  }

  /** The server never let us in: nothing there was touched, which a script may want to retry later. */
  static boolean notReached(ControlException e) {
    return switch (e.kind()) {
      case UNREACHABLE, HOST_KEY_CHANGED, HOST_KEY_REJECTED, AUTH_FAILED -> true;
      default -> false;
    };
  }

  /** The jar this build runs from; a class directory (an IDE, the tests) is not something to deploy. */
  static Path runningJar() {
    try {
      Path p = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (Files.isRegularFile(p) && p.toString().endsWith(".jar")) {
        return p;
      }
      throw new IllegalArgumentException("not running from a jar (" + p + "); build it with mvn package and pass --jar"
          + " target/helper-lab-server.jar");
    } catch (URISyntaxException | SecurityException e) {
      throw new IllegalArgumentException("cannot tell which jar this is; pass --jar", e);
    }
  }
}
