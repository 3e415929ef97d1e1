package helperlab.cli;

import helperlab.lab.chart.ChartKind;
import helperlab.lab.chart.PlottedRun;
import helperlab.lab.export.OverlayPicture;
import helperlab.model.DataFileException;
import helperlab.model.RunRecord;
import helperlab.runs.Comparison;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code helper-lab compare DIR}: every real run in DIR against its replay. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Compare each real run record in DIR with its replay (replaying it if there is none); print the table "
        + "and write compare.csv and compare.md.")
public final class CompareCommand implements Callable<Integer> {
  @Parameters(paramLabel = "DIR", description = "a folder of run records (searched recursively)")
  Path dir;

  @Option(names = "--out", description = "where to write compare.csv, compare.md and overlay/*.png (default: DIR)")
  Path out;

  @Option(names = "--no-charts", description = "skip the overlay charts (real and replay: workers, spawns, deadlines)")
  boolean noCharts;

  @Override
  public Integer call() throws Exception {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(dir + " is not a folder");
    }
    List<RunRecord> records = readAll(dir);
    Comparison c = Comparison.of(records);
    if (c.rows().isEmpty()) {
      throw new IllegalArgumentException("no real run records (kind \"real\") in " + dir);
    }
    Path target = out != null ? out : dir;
    Files.createDirectories(target);
    Files.writeString(target.resolve("compare.csv"), c.csv(), StandardCharsets.UTF_8);
    Files.writeString(target.resolve("compare.md"), c.markdown(), StandardCharsets.UTF_8);
    if (!noCharts) {
      for (RunRecord real : records) {
        if (!RunRecord.KIND_REAL.equals(real.kind())) {
          continue;
        }
        RunRecord replay = records.stream().filter(r -> real.id().equals(r.replayOf())).findFirst()
            .orElseGet(() -> helperlab.runs.Replay.of(real));
        PlottedRun a = new PlottedRun("real", PlottedRun.of(real).samples(), PlottedRun.of(real).memoryLimitMb());
        PlottedRun b = new PlottedRun("replay", PlottedRun.of(replay).samples(), PlottedRun.of(replay).memoryLimitMb());
        OverlayPicture.writePng(List.of(ChartKind.WORKERS, ChartKind.SPAWNS, ChartKind.DEADLINES), List.of(a, b),
            target.resolve("overlay").resolve(real.id() + ".png"), 1200, 420);
      }
    }
    System.out.print(c.markdown());
    return 0;
  }

  /** Every record file under {@code dir}; a file that is not a readable record is an error naming it. */
  static List<RunRecord> readAll(Path dir) throws IOException {
    List<RunRecord> records = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        String name = f.getFileName().toString();
        if (!(name.endsWith(".json") || name.endsWith(".json.gz")) || name.startsWith("calibration")
            || name.startsWith("compare")) {
          continue;
        }
        try {
          records.add(RunRecord.load(f));
        } catch (DataFileException e) {
          throw new IllegalArgumentException("not a run record: " + e.getMessage());
        }
      }
    }
    return records;
  }
}
