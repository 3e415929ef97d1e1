package helperlab.cli;

import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.runs.Replay;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code helper-lab replay RUN}: the same tasks and policy in the simulator, written beside the run. */
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = "Replay a recorded run in the simulator (same tasks, policy, admission and machine; costs scaled by "
        + "the run's speed probe) and write the replay record beside it.")
public final class ReplayCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN", description = "a run record (.json or .json.gz)")
  Path run;

  @Option(names = "--out", description = "where to write the replay (default: RUN's name with -replay)")
  Path out;

  @Override
  public Integer call() throws Exception {
    RunRecord record = RunRecord.load(run);
    RunRecord replay = Replay.of(record);
    Path target = out != null ? out : run.resolveSibling(replayName(run.getFileName().toString()));
    DataFile.write(target, replay);
    System.out.println(DataFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(replay.metrics()));
    System.err.println("wrote " + target);
    return 0;
  }

  static String replayName(String file) {
    String base = file.replaceFirst("\\.json(\\.gz)?$", "");
    return base + "-replay.json" + (file.endsWith(".gz") ? ".gz" : "");
  }
}
