package helperlab.cli;

import helperlab.lab.Lab;
import helperlab.lab.LabWarmUp;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.runs.RunStore;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code helper-lab lab} (and {@code helper-lab} alone): the desktop lab. */
@Command(name = "lab", mixinStandardHelpOptions = true,
    description = {"Open the desktop lab (the default when no subcommand is given).",
        "Live runs come from the embedded simulator; run records are listed from --runs-dir."})
public final class LabCommand implements Callable<Integer>, AddedCommand {
  @Spec
  CommandSpec spec;

  @Option(names = "--runs-dir", defaultValue = RunStore.DEFAULT_DIR,
      description = "folder of run records to list (default: ${DEFAULT-VALUE}, relative to the working directory)")
  Path runsDir = Path.of(RunStore.DEFAULT_DIR);

  @Option(names = "--home", description = "where the lab keeps its settings and run history (default: $XDG_CONFIG_HOME/helper-lab when that is set, else $HOME/.helper-lab)")
  Path home;

  @Option(names = "--bench", description = "measure start-up, streaming frame rate and seek redraw time, print them, exit")
  boolean bench;

  @Option(names = "--bench-parts", split = ",", defaultValue = "pulse,stream,seek",
      description = "with --bench: which measurements after start-up: pulse (the frame rate's control: a window "
          + "that only counts pulses), stream, seek (default: ${DEFAULT-VALUE})")
  java.util.List<String> benchParts;

  @Option(names = "--exit-when-shown",
      description = "open the window, wait for its first frame and the one with its charts, then close (a smoke test; "
          + "trains scripts/lab's class cache)")
  boolean exitWhenShown;

  @Option(names = "--screenshot", paramLabel = "FILE", description = "save a screenshot of the lab with full charts, exit")
  Path screenshot;

  @Option(names = "--all-views", description = "with --screenshot: also save the Runs, Compare and Sweep views")
  boolean allViews;

  @Override
  public Integer call() throws Exception {
    UnnamedModuleNotice.silence(); // before JavaFX starts and says it
    LabWarmUp.start(); // loads classes on the other core while JavaFX starts
    LabConfig config = LabConfig.defaults().withRunsDir(runsDir);
    if (home != null) {
      config = config.withHome(home);
    }
    java.io.PrintStream out = WriterStream.over(spec.commandLine().getOut());
    if (bench) {
      BenchParts.find(LabBenchPart.class).bench(config, out, benchParts);
    } else if (screenshot != null) {
      BenchParts.find(LabBenchPart.class).screenshot(config, screenshot, allViews, out);
    } else if (exitWhenShown) {
      Lab.launchAndClose(config, out);
    } else {
      Lab.launch(config);
    }
    return 0;
  }
}
