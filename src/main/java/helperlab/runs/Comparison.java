package helperlab.runs;

import helperlab.model.RunMetrics;
import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Real runs against their replays, one row per run: tasks turned away, spawns, deadlines met and late,
 * processes per task, CPU split and peak memory, each real and simulated; plus the agreement counts
 * (turned away equal, spawns within one in budgeted runs, met within 3 points).
 */
public final class Comparison {
  /** One real run and its replay. */
  public record Row(String run, String policy, long seed, boolean budgeted, RunMetrics real, RunMetrics sim) {
    public boolean refusedAgree() {
      return real.refused() == sim.refused();
    }

    public boolean spawnsWithinOne() {
      return Math.abs(real.spawns() - sim.spawns()) <= 1;
    }

    /** Met share (of submitted) within 3 percentage points. */
    public boolean metWithinThreePoints() {
      return Math.abs(100 * real.metShare() - 100 * sim.metShare()) <= 3 + 1e-9;
    }
  }

  public static final String[] CSV_COLUMNS = {"run", "policy", "seed", "budgeted", "submitted", "refused_real",
      "refused_sim", "spawns_real", "spawns_sim", "met_real", "met_sim", "late_real", "late_sim",
      "processes_per_task_real", "processes_per_task_sim", "cpu_useful_s_real", "cpu_useful_s_sim",
      "cpu_spawn_s_real", "cpu_spawn_s_sim", "cpu_killed_s_real", "cpu_killed_s_sim", "peak_memory_mb_real",
      "peak_memory_mb_sim"};

  private final List<Row> rows;

  public Comparison(List<Row> rows) {
    this.rows = List.copyOf(rows);
  }

  /** Pairs each real run with its replay (by {@code replay_of}); real runs without a replay are replayed now. */
  public static Comparison of(List<RunRecord> records) {
    List<Row> rows = new ArrayList<>();
    for (RunRecord real : records) {
      if (!RunRecord.KIND_REAL.equals(real.kind())) {
        continue;
      }
      RunRecord replay = records.stream()
          .filter(r -> RunRecord.KIND_REPLAY.equals(r.kind()) && real.id().equals(r.replayOf()))
          .findFirst().orElseGet(() -> Replay.of(real));
      boolean budgeted = PolicyCatalog.has(real.policy()) && PolicyCatalog.get(real.policy()).budgeted();
      rows.add(new Row(real.id(), real.policy(), real.seed(), budgeted, real.metrics(), replay.metrics()));
    }
    return new Comparison(rows);
  }

  public List<Row> rows() {
    return rows;
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

  public String csv() {
    StringBuilder sb = new StringBuilder(String.join(",", CSV_COLUMNS)).append('\n');
    for (Row r : rows) {
      RunMetrics a = r.real();
      RunMetrics b = r.sim();
      sb.append(String.join(",", r.run(), r.policy(), Long.toString(r.seed()), Boolean.toString(r.budgeted()),
          Integer.toString(a.submitted()), Integer.toString(a.refused()), Integer.toString(b.refused()),
          Integer.toString(a.spawns()), Integer.toString(b.spawns()), Integer.toString(a.met()), Integer.toString(b.met()),
          Integer.toString(a.late()), Integer.toString(b.late()), num(a.processesPerTask()), num(b.processesPerTask()),
          num(a.cpuUsefulS()), num(b.cpuUsefulS()), num(a.cpuSpawnS()), num(b.cpuSpawnS()), num(a.cpuKilledS()),
          num(b.cpuKilledS()), num(a.peakMemoryMb()), num(b.peakMemoryMb()))).append('\n');
    }
    return sb.toString();
  }

  public String markdown() {
    StringBuilder md = new StringBuilder("# Real runs against their replays\n\n");
    md.append(String.format(Locale.ROOT, "- Tasks turned away agree in **%d of %d** runs.%n", refusedAgreeing(), rows.size()));
    md.append(String.format(Locale.ROOT, "- Spawns within one in **%d of %d** budgeted runs.%n", budgetedSpawnsWithinOne(),
        budgetedRuns()));
    md.append(String.format(Locale.ROOT, "- Deadlines met within 3 points in **%d of %d** runs.%n%n", metWithinThreePoints(),
        rows.size()));
    md.append("| run | policy | seed | submitted | turned away real / sim | spawns real / sim | met real / sim | "
        + "late real / sim | processes per task real / sim | CPU useful / spawn / killed, real | the same, replay | "
        + "peak MB real / sim |\n|---|---|---:|---:|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      RunMetrics a = r.real();
      RunMetrics b = r.sim();
      md.append(String.format(Locale.ROOT,
          "| %s | %s | %d | %d | %d / %d%s | %d / %d%s | %d / %d%s | %d / %d | %.2f / %.2f | %.1f / %.1f / %.1f | "
              + "%.1f / %.1f / %.1f | %.0f / %.0f |%n",
          r.run(), r.policy(), r.seed(), a.submitted(), a.refused(), b.refused(), r.refusedAgree() ? "" : " ✗",
          a.spawns(), b.spawns(), r.budgeted() && !r.spawnsWithinOne() ? " ✗" : "", a.met(), b.met(),
          r.metWithinThreePoints() ? "" : " ✗", a.late(), b.late(), a.processesPerTask(), b.processesPerTask(),
          a.cpuUsefulS(), a.cpuSpawnS(), a.cpuKilledS(), b.cpuUsefulS(), b.cpuSpawnS(), b.cpuKilledS(),
          a.peakMemoryMb(), b.peakMemoryMb()));
    }
    return md.toString();
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
