package helperlab.cli;

import helperlab.model.UserDirs;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ServiceLoader;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The one entry point: {@code helper-lab SUBCOMMAND}. Every command writes through its own command line's streams
 * ({@code spec.commandLine().getOut()/getErr()}) and reads {@link #in}, so a test runs one in this JVM with its own
 * writers instead of swapping the global ones.
 */
@Command(name = "helper-lab", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
    description = "When does calling for help actually help a busy server? Simulator, cage and desktop lab.",
    subcommands = {SimCommand.class, SweepCommand.class, CageCommand.class, WorkerCommand.class,
        CtlCommand.class, DeployCommand.class, CalibrateCommand.class, ReplayCommand.class, CompareCommand.class, ExportCommand.class,
        VerdictCommand.class, RegisterCommand.class,
        SensitivityCommand.class})
public final class Main implements Runnable {
  @Spec
  CommandSpec spec;

  /** What {@code ctl} reads its requests from. */
  final InputStream in;

  Main(InputStream in) {
    this.in = in;
  }

  public static void main(String[] args) {
    UserDirs.current().adopt(); // one home for the lab, SSH and the libraries, whatever the password file says
    CommandLine cl = commandLine(System.in, FailureHandler.defaultLogDir());
    // picocli makes its default writer on first use and then hands it to every subcommand: made now, so ctl's stays
    cl.setOut(cl.getOut());
    // ctl's answers are UTF-8 whatever this JVM's locale says (a POSIX locale over SSH would make them '?')
    cl.getSubcommands().get("ctl").setOut(ctlOut(System.out));
    System.exit(cl.execute(args));
  }

  /**
   * ctl's answers in UTF-8 over {@code out} itself, not over a writer around it: a print stream swallows a broken
   * pipe, and this writer's checkError asks it, so a ctl whose reader is gone (a cut SSH session) sees it and
   * stops instead of following a run for nobody.
   */
  static PrintWriter ctlOut(java.io.PrintStream out) {
    return new PrintWriter(out, true, StandardCharsets.UTF_8);
  }

  /** The command line over {@code in}, with picocli's own out and err (the process's); a defect's trace goes to {@code logDir}. */
  static CommandLine commandLine(InputStream in, java.nio.file.Path logDir) {
    CommandLine cl = new CommandLine(new Main(in));
    // the commands a jar above this one adds (the desktop's lab), before the settings below so they reach them too
    for (AddedCommand added : ServiceLoader.load(AddedCommand.class)) {
      cl.addSubcommand(added);
    }
    return ExitCodes.applyTo(cl.setCaseInsensitiveEnumValuesAllowed(true)
        .registerConverter(long.class, WholeNumbers.LONG).registerConverter(Long.class, WholeNumbers.LONG)
        .registerConverter(int.class, WholeNumbers.INT).registerConverter(Integer.class, WholeNumbers.INT)
        .setExecutionExceptionHandler(new FailureHandler(logDir)));
  }

  /**
   * No subcommand: open the desktop lab, as {@code helper-lab lab} with its defaults; the server jar, which has no lab,
   * says what it holds instead.
   */
  @Override
  public void run() {
    CommandLine lab = spec.commandLine().getSubcommands().get("lab");
    if (lab != null) {
      lab.execute();
    } else {
      spec.commandLine().usage(spec.commandLine().getOut());
    }
  }
}
