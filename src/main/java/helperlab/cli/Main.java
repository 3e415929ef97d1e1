package helperlab.cli;

import helperlab.model.UserDirs;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The one entry point: {@code helper-lab SUBCOMMAND}. */
@Command(name = "helper-lab", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
    description = "When does calling for help actually help a busy server? Simulator, cage and desktop lab.",
    subcommands = {LabCommand.class, SimCommand.class, SweepCommand.class, CageCommand.class, WorkerCommand.class,
        CtlCommand.class, DeployCommand.class, CalibrateCommand.class, ReplayCommand.class, CompareCommand.class, ExportCommand.class,
        SensitivityCommand.class})
public final class Main implements Runnable {
  public static void main(String[] args) {
    UserDirs.current().adopt(); // one home for the lab, SSH and the libraries, whatever the password file says
    System.exit(run(args));
  }

  static int run(String... args) {
    return new CommandLine(new Main())
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setExecutionExceptionHandler(new FailureHandler())
        .execute(args);
  }

  /** No subcommand: open the desktop lab. */
  @Override
  public void run() {
    new LabCommand().call();
  }
}
