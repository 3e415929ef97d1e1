package helperlab.cli;

import helperlab.charts.export.BreakevenChart;
import helperlab.study.SweepOutput;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code helper-lab sweep merge DIR... --out DIR}: the shards of one sweep, as a single run writes it. */
@Command(name = "merge", mixinStandardHelpOptions = true,
    description = "Merge the shard directories of one sweep (written with sweep --shard I/N) into runs.jsonl, "
        + "summary.csv and findings.md, byte for byte what a single run writes.")
public final class SweepMergeCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "DIR", description = "shard directories, every shard once, any order")
  List<Path> shards;

  @Option(names = "--out", required = true, description = "output directory")
  Path out;

  @Override
  public Integer call() throws Exception {
    SweepOutput.ShardManifest m = SweepOutput.merge(shards, out);
    List<helperlab.study.RunRow> rows = helperlab.runs.SweepRuns.read(out);
    BreakevenChart.writeBeside(out, rows);
    helperlab.charts.export.PhaseDiagramChart.writeBeside(out, rows);
    helperlab.charts.export.SurvivalChart.writeBeside(out, rows);
    helperlab.charts.export.PriceMapChart.writeBeside(out, rows);
    spec.commandLine().getOut().printf("merged %d shards (%d runs) into %s%n", m.shard().count(), m.plan().runCount(),
        out.toAbsolutePath());
    return 0;
  }
}
