package helperlab.runs;

import helperlab.model.Processor;
import helperlab.model.RunMetrics;
import helperlab.model.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * Two runs of the same tasks side by side, one row per pair: real runs against their replays, or real
 * runs against the same runs recorded again (how well the real cage repeats itself). Each row has tasks
 * turned away, spawns, deadlines met and late, processes per task, CPU split and peak memory on both
 * sides; plus the agreement counts (turned away equal, spawns within one in budgeted runs, met within 3
 * points).
 */
public final class Comparison {
  /** What the two sides are: their names in the markdown and the suffixes of the CSV columns. */
  public record Sides(String title, String left, String right) {
    public static final Sides REPLAYS = new Sides("Real runs against their replays", "real", "sim");
    public static final Sides REPEATS = new Sides("Real runs against the same runs recorded again", "first", "repeat");
  }

  /** One pair: a real run and its replay, or a real run and its repeat. */
  public record Row(String run, String policy, long seed, boolean budgeted, RunMetrics left, RunMetrics right) {
    public boolean refusedAgree() {
      return AgreementMeasure.TURNED_AWAY.agrees(left, right);
    }

    public boolean spawnsWithinOne() {
      return AgreementMeasure.SPAWNS.agrees(left, right);
    }

    /** Met share (of submitted) within 3 percentage points. */
    public boolean metWithinThreePoints() {
      return AgreementMeasure.MET.agrees(left, right);
    }
  }

  /** A CSV measure: its column name (before the side's suffix) and its value, as the CSV writes it. */
  private record Measure(String name, Function<RunMetrics, String> value) {}

  private static final List<Measure> MEASURES = List.of(
      new Measure("refused", m -> Integer.toString(m.refused())),
      new Measure("spawns", m -> Integer.toString(m.spawns())),
      new Measure("met", m -> Integer.toString(m.met())),
      new Measure("late", m -> Integer.toString(m.late())),
      new Measure("processes_per_task", m -> num(m.processesPerTask())),
      new Measure("cpu_useful_s", m -> num(m.cpuUsefulS())),
      new Measure("cpu_spawn_s", m -> num(m.cpuSpawnS())),
      new Measure("cpu_killed_s", m -> num(m.cpuKilledS())),
      new Measure("peak_memory_mb", m -> num(m.peakMemoryMb())));

  private final Sides sides;
  private final List<Row> rows;
  private final RecoveryTable recoveries;

  public Comparison(List<Row> rows) {
    this(Sides.REPLAYS, rows);
  }

  public Comparison(Sides sides, List<Row> rows) {
    this(sides, rows, new RecoveryTable(sides.left(), sides.right(), List.of()));
  }

  /** With the recovery from the trigger of the pairs that had one. */
  public Comparison(Sides sides, List<Row> rows, RecoveryTable recoveries) {
    this.sides = Objects.requireNonNull(sides);
    this.rows = List.copyOf(rows);
    this.recoveries = Objects.requireNonNull(recoveries);
  }

  /** Two records of the same tasks: a real run and its replay, or a real run and its repeat. */
  public record Pair(RunRecord left, RunRecord right) {}

  /** Each real run with its replay (by {@code replay_of}); real runs without a replay are replayed now. */
  public static List<Pair> replayPairs(List<RunRecord> records) {
    List<Pair> pairs = new ArrayList<>();
    for (RunRecord real : records) {
      if (!RunRecord.KIND_REAL.equals(real.kind())) {
        continue;
      }
      RunRecord replay = records.stream()
          .filter(r -> RunRecord.KIND_REPLAY.equals(r.kind()) && real.id().equals(r.replayOf()))
          .findFirst().orElseGet(() -> Replay.of(real));
      pairs.add(new Pair(real, replay));
    }
    return pairs;
  }

  /**
   * Each real run in {@code again} with the real run in {@code first} that played the same tasks (same
   * policy, scenario, machine, seed and admission, and the same task list); runs with no such partner are left out.
   */
  public static List<Pair> repeatPairs(List<RunRecord> first, List<RunRecord> again) {
    List<Pair> pairs = new ArrayList<>();
    for (RunRecord b : again) {
      if (!RunRecord.KIND_REAL.equals(b.kind())) {
        continue;
      }
      first.stream().filter(a -> RunRecord.KIND_REAL.equals(a.kind()) && sameTasks(a, b)).findFirst()
          .ifPresent(a -> pairs.add(new Pair(a, b)));
    }
    return pairs;
  }

  /** Real runs against their replays. */
  public static Comparison of(List<RunRecord> records) {
    return of(Sides.REPLAYS, replayPairs(records));
  }

  /** Real runs in {@code again} against the same runs in {@code first}. */
  public static Comparison ofRepeats(List<RunRecord> first, List<RunRecord> again) {
    return of(Sides.REPEATS, repeatPairs(first, again));
  }

  public static Comparison of(Sides sides, List<Pair> pairs) {
    return new Comparison(sides, pairs.stream().map(p -> row(p.left(), p.right())).toList(), RecoveryTable.of(sides, pairs));
  }

  /** Whether two records played the same exhibit: the same policy, scenario, machine, seed, admission and tasks. */
  public static boolean sameTasks(RunRecord a, RunRecord b) {
    return a.policy().equals(b.policy()) && a.scenario().equals(b.scenario()) && a.seed() == b.seed()
        && Objects.equals(a.admission(), b.admission()) && a.machine().equals(b.machine()) && a.tasks().equals(b.tasks());
  }

  private static Row row(RunRecord a, RunRecord b) {
    boolean budgeted = RecordedPolicy.find(a).map(helperlab.policy.PolicySpec::budgeted).orElse(false);
    // A run the host starved is marked where it is named: its gap to the other side is the host's, not the model's.
    String starved = helperlab.model.Interference.starvedWords(a);
    String starvedToo = helperlab.model.Interference.starvedWords(b);
    String mark = starved != null ? " [starved: " + starved + "]" : starvedToo != null ? " [other side starved: "
        + starvedToo + "]" : "";
    return new Row(a.id() + mark + machineMark(a, b), a.policy(), a.seed(), budgeted, a.metrics(), b.metrics());
  }

  /**
   * A pair that is not of one machine is marked too: a run on another processor than the calibration its replay is
   * priced by, or two recordings on two processors (records and calibrations that do not say are not marked).
   */
  static String machineMark(RunRecord a, RunRecord b) {
    String own = Processor.differs(a.processor(), a.calibration().processor());
    if (own != null) {
      return " [" + own + "]";
    }
    String other = Processor.differs(b.processor(), b.calibration().processor());
    if (other != null) {
      return " [other side " + other + "]";
    }
    String apart = Processor.differs(a.processor(), b.processor());
    return apart == null ? "" : " [the two on different processors: " + a.processor() + " and " + b.processor() + "]";
  }

  public Sides sides() {
    return sides;
  }

  public List<Row> rows() {
    return rows;
  }

  /** The pairs that had a trigger, with the recovery from it on both sides. */
  public RecoveryTable recoveries() {
    return recoveries;
  }

  public long refusedAgreeing() {
    return rows.stream().filter(Row::refusedAgree).count();
  }

  public long budgetedRuns() {
    return rows.stream().filter(Row::budgeted).count();
  }

  public long budgetedSpawnsWithinOne() {
    return rows.stream().filter(r -> r.budgeted() && r.spawnsWithinOne()).count();
  }

  public long metWithinThreePoints() {
    return rows.stream().filter(Row::metWithinThreePoints).count();
  }

  /** The CSV's header: {@code run, policy, seed, budgeted, submitted}, then each measure on the left and the right. */
  public String[] csvColumns() {
    List<String> columns = new ArrayList<>(List.of("run", "policy", "seed", "budgeted", "submitted"));
    for (Measure m : MEASURES) {
      columns.add(m.name() + "_" + sides.left());
      columns.add(m.name() + "_" + sides.right());
    }
    return columns.toArray(String[]::new);
  }

  public String csv() {
    StringBuilder sb = new StringBuilder(String.join(",", csvColumns())).append('\n');
    for (Row r : rows) {
      List<String> cells = new ArrayList<>(List.of(r.run(), r.policy(), Long.toString(r.seed()),
          Boolean.toString(r.budgeted()), Integer.toString(r.left().submitted())));
      for (Measure m : MEASURES) {
        cells.add(m.value().apply(r.left()));
        cells.add(m.value().apply(r.right()));
      }
      sb.append(String.join(",", cells)).append('\n');
    }
    return sb.toString();
  }

  public String markdown() {
    String pair = sides.left() + " / " + sides.right();
    StringBuilder md = new StringBuilder("# " + sides.title() + "\n\n");
    md.append(String.format(Locale.ROOT, "- Tasks turned away agree in **%d of %d** runs.%n", refusedAgreeing(), rows.size()));
    md.append(String.format(Locale.ROOT, "- Spawns within one in **%d of %d** budgeted runs.%n", budgetedSpawnsWithinOne(),
        budgetedRuns()));
    md.append(String.format(Locale.ROOT, "- Deadlines met within 3 points in **%d of %d** runs.%n%n", metWithinThreePoints(),
        rows.size()));
    md.append("| run | policy | seed | submitted | turned away " + pair + " | spawns " + pair + " | met " + pair + " | late "
        + pair + " | processes per task " + pair + " | CPU useful / spawn / killed, " + sides.left() + " | the same, "
        + sides.right() + " | peak MB " + pair + " |\n|---|---|---:|---:|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      RunMetrics a = r.left();
      RunMetrics b = r.right();
      md.append(String.format(Locale.ROOT,
          "| %s | %s | %d | %d | %d / %d%s | %d / %d%s | %d / %d%s | %d / %d | %.2f / %.2f | %.1f / %.1f / %.1f | "
              + "%.1f / %.1f / %.1f | %.0f / %.0f |%n",
          r.run(), r.policy(), r.seed(), a.submitted(), a.refused(), b.refused(), r.refusedAgree() ? "" : " ✗",
          a.spawns(), b.spawns(), r.budgeted() && !r.spawnsWithinOne() ? " ✗" : "", a.met(), b.met(),
          r.metWithinThreePoints() ? "" : " ✗", a.late(), b.late(), a.processesPerTask(), b.processesPerTask(),
          a.cpuUsefulS(), a.cpuSpawnS(), a.cpuKilledS(), b.cpuUsefulS(), b.cpuSpawnS(), b.cpuKilledS(),
          a.peakMemoryMb(), b.peakMemoryMb()));
    }
    md.append(recoveries.markdown());
    return md.toString();
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
