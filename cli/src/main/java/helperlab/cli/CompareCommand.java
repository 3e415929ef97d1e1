package helperlab.cli;

import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import helperlab.charts.export.OverlayPicture;
import helperlab.model.DataFileException;
import helperlab.model.RunRecord;
import helperlab.runs.Comparison;
import helperlab.runs.EffectSizes;
import helperlab.runs.Replay;
import helperlab.runs.SpreadJudgement;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Stream;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code helper-lab compare DIR [--against DIR2]}: every real run in DIR against its replay, or against its repeat. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {"Compare each real run record in DIR with its replay (replaying it if there is none); print the table "
        + "and write compare.csv and compare.md.",
        "With --against DIR2, compare them instead with the same runs recorded again in DIR2 (same policy, scenario, "
            + "seed and tasks): how well the real cage repeats itself; writes repeats.csv and repeats.md, and judged.md: the "
            + "replays of DIR's runs judged against both recordings (within tolerance of either, or between them).",
        "With --effects, write effects.md and effects.csv instead: the seed's comparisons as paired differences over "
            + "DIR's scenario x seed pairs with 95%% intervals, real beside simulated."})
public final class CompareCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "DIR", description = "a folder of run records (searched recursively)")
  Path dir;

  @Option(names = "--out", description = "where to write compare.csv, compare.md and overlay/*.png, or effects.md and effects.csv (default: DIR)")
  Path out;

  @Option(names = "--no-charts", description = "skip the overlay charts (real and replay: workers, spawns, deadlines)")
  boolean noCharts;

  /** Which report instead of the replays': two different ones, so one at a time (picocli refuses both). */
  @ArgGroup(exclusive = true, multiplicity = "0..1")
  Report report = new Report();

  static final class Report {
    @Option(names = "--against", paramLabel = "DIR2", required = true,
        description = "a folder of the same real runs recorded again: compare with those, not with the replays (default --out: DIR2)")
    Path against;

    @Option(names = "--effects", required = true,
        description = "the seed's comparisons (pool-edf-10 minus the best budgeted splitting policy, box minus"
            + " never-split-budget, yield minus pool-edf-10) as paired differences with 95%% intervals, real beside"
            + " simulated: effects.md, effects.csv")
    boolean effects;
  }

  @Mixin
  QuietOption quiet = new QuietOption();

  @Override
  public Integer call() throws Exception {
    Path against = report.against;
    List<RunRecord> records = readAll(folder(dir));
    if (report.effects) {
      EffectSizes.check(records); // refused before anything is replayed
      return effects(withReplays(records));
    }
    return against == null ? replays(withReplays(records)) : repeats(withReplays(records), readAll(folder(against)));
  }

  /**
   * The records with a replay of every real run that has none among them, replayed here with a bar on the terminal
   * (the comparisons would replay them anyway, unseen): the same replays, made where their progress can be shown.
   */
  private List<RunRecord> withReplays(List<RunRecord> records) {
    List<RunRecord> missing = records.stream().filter(r -> RunRecord.KIND_REAL.equals(r.kind()))
        .filter(real -> records.stream().noneMatch(r -> RunRecord.KIND_REPLAY.equals(r.kind()) && real.id().equals(r.replayOf())))
        .toList();
    if (missing.isEmpty()) {
      return records;
    }
    List<RunRecord> all = new ArrayList<>(records);
    try (TerminalProgress bar = TerminalProgress.start(spec, quiet, "replaying", missing.size(), "runs")) {
      for (RunRecord real : missing) {
        bar.say(real.id());
        all.add(Replay.of(real));
        bar.step();
      }
    }
    return all;
  }

  private Integer effects(List<RunRecord> records) throws IOException {
    if (records.stream().noneMatch(r -> RunRecord.KIND_REAL.equals(r.kind()))) {
      throw new IllegalArgumentException("no real run records (kind \"real\") in " + dir);
    }
    EffectSizes sizes = EffectSizes.of(records);
    Path target = out != null ? out : dir;
    Files.createDirectories(target);
    Files.writeString(target.resolve("effects.csv"), sizes.csv(), StandardCharsets.UTF_8);
    Files.writeString(target.resolve("effects.md"), sizes.markdown(), StandardCharsets.UTF_8);
    spec.commandLine().getOut().print(sizes.markdown());
    return 0;
  }

  private Integer replays(List<RunRecord> records) throws IOException {
    List<Comparison.Pair> pairs = Comparison.replayPairs(records);
    if (pairs.isEmpty()) {
      throw new IllegalArgumentException("no real run records (kind \"real\") in " + dir);
    }
    return write(Comparison.of(Comparison.Sides.REPLAYS, pairs), pairs, out != null ? out : dir, "compare", "replay",
        p -> p.left().id() + ".png");
  }

  private Integer repeats(List<RunRecord> first, List<RunRecord> again) throws IOException {
    List<Comparison.Pair> pairs = Comparison.repeatPairs(first, again);
    if (pairs.isEmpty()) {
      throw new IllegalArgumentException("no real run in " + report.against + " played the same tasks as a real run in " + dir
          + " (same policy, scenario, machine, seed, admission and tasks)");
    }
    long unmatched = again.stream().filter(r -> RunRecord.KIND_REAL.equals(r.kind())).count() - pairs.size();
    if (unmatched > 0) {
      spec.commandLine().getErr().println(unmatched + " real run(s) in " + report.against + " have no run with the same tasks in " + dir + ": left out");
    }
    Path target = out != null ? out : report.against;
    int code = write(Comparison.of(Comparison.Sides.REPEATS, pairs), pairs, target, "repeats", "repeat",
        p -> p.right().id() + "-against-first.png");
    SpreadJudgement judged = SpreadJudgement.of(first, again);
    Files.writeString(target.resolve("judged.md"), judged.markdown(), StandardCharsets.UTF_8);
    spec.commandLine().getOut().print("\n" + judged.markdown());
    return code;
  }

  /**
   * NAME.csv, NAME.md and (unless --no-charts) each pair on the same axes in overlay/, the right side named
   * {@code rightName}; prints the table.
   */
  private Integer write(Comparison c, List<Comparison.Pair> pairs, Path target, String name, String rightName,
      Function<Comparison.Pair, String> chartFile) throws IOException {
    Files.createDirectories(target);
    Files.writeString(target.resolve(name + ".csv"), c.csv(), StandardCharsets.UTF_8);
    Files.writeString(target.resolve(name + ".md"), c.markdown(), StandardCharsets.UTF_8);
    if (!noCharts) {
      String leftName = c.sides().left();
      try (TerminalProgress bar = TerminalProgress.start(spec, quiet, "charts", pairs.size(), "pairs")) {
        for (Comparison.Pair p : pairs) {
          overlay(p.left(), leftName, p.right(), rightName, target.resolve("overlay").resolve(chartFile.apply(p)));
          bar.step();
        }
      }
    }
    spec.commandLine().getOut().print(c.markdown());
    return 0;
  }

  private static Path folder(Path p) {
    if (!Files.isDirectory(p)) {
      throw new IllegalArgumentException(p + " is not a folder");
    }
    return p;
  }

  /** Two runs of the same tasks on the same axes: workers, spawns, deadlines. */
  private static void overlay(RunRecord left, String leftName, RunRecord right, String rightName, Path png)
      throws IOException {
    PlottedRun a = new PlottedRun(leftName, PlottedRun.of(left).samples(), PlottedRun.of(left).memoryLimitMb());
    PlottedRun b = new PlottedRun(rightName, PlottedRun.of(right).samples(), PlottedRun.of(right).memoryLimitMb());
    OverlayPicture.writePng(List.of(ChartKind.WORKERS, ChartKind.SPAWNS, ChartKind.DEADLINES), List.of(a, b), png, 1200, 420);
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
