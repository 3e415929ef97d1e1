package helperlab.study;

import static helperlab.study.RunsBySeed.points;

import helperlab.model.Calibration;
import helperlab.model.RunMetrics;
import helperlab.policy.AdmissionMode;
import helperlab.workload.Tipping;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The findings report: the met-share tables, and the seed's claims checked one by one, each as a
 * paired difference over the same seeds with its 95% interval and a verdict against a stated
 * threshold. Claims that do not hold are reported as not holding, with the numbers.
 */
public final class Findings {
  static final List<String> BUSY_SCENARIOS = List.of("busy", "burst", "heavy", "overload");
  static final List<String> NON_YIELD_SPLITTING = List.of("box", "split-forecast", "split-timer-budget", "split-forecast-budget");
  static final List<String> YIELD_SPLITTING = List.of("split-timer-budget-yield", "split-forecast-budget-yield");
  static final double POOL_MARGIN_POINTS = 5;
  static final double COLLAPSE_POINTS = 10;
  static final double COLLAPSE_OVERHEAD = 0.25;
  /** The seed states claim 3 for the cage. */
  static final String CLAIM3_MACHINE = "cage";

  private final List<RunRow> rows;
  private final SweepPlan plan;
  private final Calibration calibration;
  private final RunsBySeed runs;
  private final ClaimCells cells;

  /** The findings of the main sweep's rows and the claims' own settings' (other studies' rows are ignored). */
  public Findings(List<RunRow> rows, SweepPlan plan, Calibration calibration) {
    this.rows = rows.stream().filter(r -> r.study() == null || SplitRoom.NAME.equals(r.study())).toList();
    this.plan = plan;
    this.calibration = calibration;
    this.cells = new ClaimCells(new RunsBySeed(this.rows), plan.machines(), plan.scenarios());
    this.runs = cells.runs();
  }

  public String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("# Findings\n\n");
    md.append(String.format(Locale.ROOT, "Sweep: %d scenarios x %d policies x %d machines x %d seeds = %,d runs",
        plan.scenarios().size(), plan.policies().size(), plan.machines().size(), plan.seeds(),
        plan.scenarios().size() * plan.policies().size() * plan.machines().size() * plan.seeds()));
    long room = rows.stream().filter(r -> SplitRoom.NAME.equals(r.study())).count();
    long extra = rows.size() - room
        - (long) plan.scenarios().size() * plan.policies().size() * plan.machines().size() * plan.seeds();
    if (extra > 0) {
      md.append(String.format(Locale.ROOT, ", plus %d admission-study runs (%s, %s, flat, flat-prices, first-come and "
          + "none)", extra, SweepPlan.STUDY_SCENARIO, SweepPlan.STUDY_POLICY));
    }
    if (room > 0) {
      md.append(String.format(Locale.ROOT, ", plus %d split-room runs (%s: the splitters' budget %dx the machine's, "
          + "deadlines of the base plus %s x the batch's one-core work, no admission)", room,
          String.join(", ", SplitRoom.POLICIES), SplitRoom.BUDGET_TIMES, ClaimCells.fmt(SplitRoom.WORK_ALLOWANCE)));
    }
    md.append(". Calibration: `").append(calibration.name()).append("`.\n\n");
    md.append("Every policy sees the same arrivals for a given scenario, machine and seed (common random numbers), so "
        + "comparisons are paired differences over the seeds: the mean difference and its 95% interval (Student's t). "
        + "Met share is deadlines met over tasks submitted (a task turned away has not met its deadline); "
        + "points are percentage points.\n\n");
    metTables(md);
    md.append("## The seed's claims, checked\n\n");
    poolVsSplitting(md);
    collapse(md);
    new YieldClaim(cells).markdown(md);
    new ForecastClaim(cells).markdown(md);
    new AdmissionClaim(cells).markdown(md, String.valueOf(calibration.flatAverageMs()));
    scalersAndRetries(md);
    md.append("## Tipping\n\n");
    new SpontaneousTips(rows).markdown(md, SpontaneousTips.CRITERION);
    return md.toString();
  }

  private void metTables(StringBuilder md) {
    md.append("## Deadline-met share (%) by policy and scenario\n\n");
    for (String machine : plan.machines()) {
      md.append("### Machine `").append(machine).append("`\n\n| policy |");
      for (String s : plan.scenarios()) {
        md.append(' ').append(s).append(" |");
      }
      md.append("\n|---|");
      md.append("---:|".repeat(plan.scenarios().size()));
      md.append('\n');
      for (String policy : plan.policies()) {
        md.append("| ").append(policy).append(" |");
        for (String s : plan.scenarios()) {
          Interval i = Interval.of(points(runs.edf(s, policy, machine, RunMetrics::metShare)));
          md.append(String.format(Locale.ROOT, " %.1f ± %.1f |", i.mean(), i.hi() - i.mean()));
        }
        md.append('\n');
      }
      md.append('\n');
    }
  }

  private boolean hasAll(List<String> policies) {
    return plan.policies().containsAll(policies);
  }

  private void poolVsSplitting(StringBuilder md) {
    md.append("### 1. A plain earliest-deadline pool meets more deadlines than splitting late work\n\n");
    md.append("Seed: pool-edf-10 met 5 to 24 points more than splitting. Check: in each busy scenario (")
        .append(String.join(", ", BUSY_SCENARIOS)).append("), pool-edf-10 minus the best non-yield splitting policy (")
        .append(String.join(", ", NON_YIELD_SPLITTING)).append("; best by mean met share), at least ")
        .append(fmt(POOL_MARGIN_POINTS)).append(" points.\n\n");
    List<String> splitting = NON_YIELD_SPLITTING.stream().filter(plan.policies()::contains).toList();
    if (!plan.policies().contains("pool-edf-10") || splitting.isEmpty()) {
      md.append("_Not checked: the sweep did not include pool-edf-10 and a splitting policy._\n\n");
      return;
    }
    md.append("| machine | scenario | best splitting | pool-edf-10 (%) | splitting (%) | difference, points [95% CI] | holds |\n");
    md.append("|---|---|---|---:|---:|---|---|\n");
    int holds = 0;
    int checked = 0;
    for (String machine : plan.machines()) {
      for (String s : plan.scenarios()) {
        if (!BUSY_SCENARIOS.contains(s)) {
          continue;
        }
        String best = null;
        double bestMean = -1;
        for (String p : splitting) {
          double mean = Interval.of(runs.edf(s, p, machine, RunMetrics::metShare)).mean();
          if (mean > bestMean) {
            bestMean = mean;
            best = p;
          }
        }
        double[] pool = points(runs.edf(s, "pool-edf-10", machine, RunMetrics::metShare));
        double[] split = points(runs.edf(s, best, machine, RunMetrics::metShare));
        Interval d = Interval.paired(pool, split);
        boolean ok = d.mean() >= POOL_MARGIN_POINTS;
        checked++;
        holds += ok ? 1 : 0;
        md.append(String.format(Locale.ROOT, "| %s | %s | %s | %.1f | %.1f | %s | %s |\n", machine, s, best,
            Interval.of(pool).mean(), Interval.of(split).mean(), ci(d), ok ? "yes" : "**no**"));
      }
    }
    md.append(String.format(Locale.ROOT, "\n**Verdict: holds in %d of %d machine x scenario cells.**\n\n", holds, checked));
  }

  private void collapse(StringBuilder md) {
    md.append("### 2. Without a global worker budget, splitting falls over even at half load\n\n");
    md.append("Seed: in a calm hour the box spent 36-40% of its CPU on spawns and killed work and met 17% of deadlines, "
        + "where never splitting met 44%. Check (calm): the box meets at least ").append(fmt(COLLAPSE_POINTS))
        .append(" points fewer than never-split, and spends at least ").append(fmt(100 * COLLAPSE_OVERHEAD))
        .append("% of its CPU on spawns and killed work.\n\n");
    if (!plan.scenarios().contains("calm") || !hasAll(List.of("box", "never-split"))) {
      md.append("_Not checked: the sweep did not include calm, box and never-split._\n\n");
      return;
    }
    md.append("| machine | policy | met (%) | CPU on spawns + killed (%) | processes per task | OOM kills | box minus never-split, points [95% CI] | holds |\n");
    md.append("|---|---|---:|---:|---:|---:|---|---|\n");
    for (String machine : plan.machines()) {
      double[] never = points(runs.edf("calm", "never-split", machine, RunMetrics::metShare));
      for (String policy : List.of("never-split", "box", "split-forecast")) {
        if (!plan.policies().contains(policy)) {
          continue;
        }
        double[] met = points(runs.edf("calm", policy, machine, RunMetrics::metShare));
        Interval overhead = Interval.of(points(runs.edf("calm", policy, machine, RunMetrics::overheadShare)));
        String diff = "";
        String verdict = "";
        if (!policy.equals("never-split")) {
          Interval d = Interval.paired(met, never);
          diff = ci(d);
          verdict = -d.mean() >= COLLAPSE_POINTS && overhead.mean() >= 100 * COLLAPSE_OVERHEAD ? "yes" : "**no**";
        }
        md.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %.2f | %.0f | %s | %s |\n", machine, policy,
            Interval.of(met).mean(), overhead.mean(),
            Interval.of(runs.edf("calm", policy, machine, RunMetrics::processesPerTask)).mean(),
            Interval.of(runs.edf("calm", policy, machine, RunMetrics::oomKills)).mean(), diff, verdict));
      }
    }
    md.append("\nThe verdict column is for the policy in that row against never-split on the same machine.\n\n");
  }

  private void scalersAndRetries(StringBuilder md) {
    md.append("### 6. Autoscalers and retrying clients\n\n");
    md.append("Met share (%), processes per task and CPU on spawns + killed work (%), means over seeds; ")
        .append("the capped autoscaler follows the Kubernetes HPA defaults and the throttled client gRPC's retry throttling.\n\n");
    List<String> policies = List.of("pool-edf-10", "autoscale-lag", "autoscale-lag-capped", "never-split", "retry-client",
        "retry-client-budget").stream().filter(plan.policies()::contains).toList();
    md.append("| machine | scenario |");
    for (String p : policies) {
      md.append(' ').append(p).append(" |");
    }
    md.append("\n|---|---|").append("---|".repeat(policies.size())).append('\n');
    for (String machine : plan.machines()) {
      for (String s : plan.scenarios()) {
        md.append("| ").append(machine).append(" | ").append(s).append(" |");
        for (String p : policies) {
          md.append(String.format(Locale.ROOT, " %.1f / %.2f / %.1f |",
              Interval.of(points(runs.edf(s, p, machine, RunMetrics::metShare))).mean(),
              Interval.of(runs.edf(s, p, machine, RunMetrics::processesPerTask)).mean(),
              Interval.of(points(runs.edf(s, p, machine, RunMetrics::overheadShare))).mean()));
        }
        md.append('\n');
      }
    }
    md.append('\n');
  }

  private static String ci(Interval d) {
    return String.format(Locale.ROOT, "%+.1f [%+.1f, %+.1f]", d.mean(), d.lo(), d.hi());
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }
}
