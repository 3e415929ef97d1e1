package helperlab.cli;

import helperlab.remote.ControlException;
import helperlab.remote.DeployOptions;
import helperlab.remote.DeployReport;
import helperlab.remote.Deployer;
import helperlab.remote.SshSettings;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code helper-lab deploy}: the jar to a server over SFTP, the cage (re)started there, its status printed. */
@Command(name = "deploy", mixinStandardHelpOptions = true,
    description = {"Copy this jar to a server over SFTP, (re)start the cage there (a systemd user unit where"
        + " 'systemctl --user' works, else a background process) and print its status.",
        "Exit code 1 if the deploy fails (one line on stderr says why), 2 for bad arguments."})
public final class DeployCommand implements Callable<Integer> {
  @Mixin
  SshOptions remote = new SshOptions();

  @Option(names = "--jar", description = "the jar to deploy (default: the jar this command runs from)")
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

  @Option(names = "--status-timeout", paramLabel = "SECONDS", defaultValue = "120",
      description = "how long to wait for the new cage to answer (default: ${DEFAULT-VALUE})")
  int statusTimeoutS;

  @Override
  public Integer call() {
    if (remote.ssh == null) {
      System.err.println("helper-lab deploy: --ssh user@host[:port] is needed");
      return 2;
    }
    SshSettings settings;
    DeployOptions options;
    Path theJar;
    try {
      settings = remote.settings(null);
      List<String> args = new ArrayList<>();
      set.forEach((k, v) -> {
        args.add("--set");
        args.add(k + "=" + v);
      });
      options = new DeployOptions(remoteDir, data, args, systemd, statusTimeoutS);
      theJar = jar != null ? jar : runningJar();
    } catch (IllegalArgumentException e) {
      System.err.println("helper-lab deploy: " + e.getMessage());
      return 2;
    }
    ConsolePrompts prompts = new ConsolePrompts();
    try {
      DeployReport r = new Deployer(settings, prompts, prompts).deploy(theJar, options,
          line -> System.err.println("deploy: " + line));
      System.err.println("deploy: " + r.stoppedPrevious() + "; the cage runs as " + r.startedAs() + " in "
          + r.remoteDir() + " (jar " + r.jarBytes() / 1024 + " KiB, sha256 " + r.jarSha256() + ") after "
          + r.elapsedMs() + " ms");
      System.out.println(r.status());
      return 0;
    } catch (ControlException e) {
      System.err.println("helper-lab deploy: " + SshOptions.explain(e, settings));
      return 1;
    }
  }

  /** The jar this build runs from; a class directory (an IDE, the tests) is not something to deploy. */
  static Path runningJar() {
    try {
      Path p = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (Files.isRegularFile(p) && p.toString().endsWith(".jar")) {
        return p;
      }
      throw new IllegalArgumentException("not running from a jar (" + p + "); build it with mvn package and pass --jar"
          + " target/helper-lab.jar");
    } catch (URISyntaxException | SecurityException e) {
      throw new IllegalArgumentException("cannot tell which jar this is; pass --jar", e);
    }
  }
}
