package helperlab.cli;

import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.runs.Replay;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code helper-lab replay RUN...}: the same tasks and policy in the simulator, written beside each run. */
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = "Replay recorded runs in the simulator (same tasks, policy, admission and machine; costs scaled by "
        + "each run's speed probe) and write each replay record beside its run; prints each replay's metrics.")
public final class ReplayCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "RUN", arity = "1..*", description = "run records (.json or .json.gz)")
  List<Path> runs;

  @Option(names = "--out", description = "where to write the replay, for one RUN (default: RUN's name with -replay)")
  Path out;

  @Mixin
  QuietOption quiet = new QuietOption();

  @Override
  public Integer call() throws Exception {
    if (out != null && runs.size() > 1) {
      throw new IllegalArgumentException("--out names one replay, but " + runs.size() + " runs were given");
    }
    // every record is read before any replay is written: a bad file among them leaves nothing half done
    List<RunRecord> records = new ArrayList<>();
    for (Path run : runs) {
      records.add(RunRecord.load(run));
    }
    try (TerminalProgress bar = TerminalProgress.start(spec, quiet, "replay", runs.size(), "runs")) {
      for (int i = 0; i < runs.size(); i++) {
        Path run = runs.get(i);
        bar.say(run.getFileName().toString());
        RunRecord replay = Replay.of(records.get(i));
        Path target = out != null ? out : run.resolveSibling(replayName(run.getFileName().toString()));
        DataFile.write(target, replay);
        bar.line(spec.commandLine().getOut(),
            DataFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(replay.metrics()));
        bar.line(spec.commandLine().getErr(), "wrote " + target);
        bar.step();
      }
    }
    return 0;
  }

  static String replayName(String file) {
    String base = file.replaceFirst("\\.json(\\.gz)?$", "");
    return base + "-replay.json" + (file.endsWith(".gz") ? ".gz" : "");
  }
}
