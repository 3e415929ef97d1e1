package helperlab.study;

import static helperlab.study.ClaimCells.ci;
import static helperlab.study.ClaimCells.mean;
import static helperlab.study.RunsBySeed.points;

import helperlab.model.RunMetrics;
import helperlab.policy.AdmissionMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Claim 3, yield brings splitting level with the pool, at more processes per task: on the cage as the seed
 * states it, each yield policy's gap to pool-edf-10 (the seed-by-seed mean over the cage's scenarios) is
 * called level only by two one-sided tests within the claim's own ±{@value #LEVEL_POINTS} points, and it must
 * start more processes per task than the pool in every cell. Judged in the main sweep, and apart at the seed's
 * operating point (1.3 to 4.6 processes per task), which the {@link SplitRoom} setting reaches by giving the
 * splitters room (a larger budget) and reason (deadlines tighter than a batch's one-core work) to split.
 */
final class YieldClaim {
  static final double LEVEL_POINTS = 5;
  static final String POOL = "pool-edf-10";
  static final double SEED_PPT_LO = 1.3;
  static final double SEED_PPT_HI = 4.6;
  static final String TITLE = "yield brings splitting level with the pool on the cage (within 5 points), at more "
      + "processes per task";

  /** One yield policy in one setting, over the judged machine's scenarios. */
  record Result(String setting, String policy, double[] gap, double minPpt, double maxPpt, int morePpt, int cells,
      Equivalence level) {
    boolean holds() {
      return level != null && level.equivalent() && morePpt == cells;
    }

    String words() {
      return String.format(Locale.ROOT, "%s %s points (%s), %.2f-%.2f processes per task", policy, ci(gap),
          level == null ? "too few seeds to judge" : level.words(), minPpt, maxPpt);
    }
  }

  private final ClaimCells data;

  YieldClaim(ClaimCells data) {
    this.data = data;
  }

  /** The machine the claim is judged on: the cage, or every machine if the sweep has no cage. */
  List<String> judgedMachines() {
    return data.machines().contains(Findings.CLAIM3_MACHINE) ? List.of(Findings.CLAIM3_MACHINE) : data.machines();
  }

  List<Result> results(String setting) {
    AdmissionMode admission = setting.equals(SplitRoom.NAME) ? SplitRoom.ADMISSION : AdmissionMode.EDF_FIT;
    List<Result> out = new ArrayList<>();
    for (String y : Findings.YIELD_SPLITTING) {
      List<double[]> diffs = new ArrayList<>();
      int more = 0;
      double lo = Double.MAX_VALUE;
      double hi = 0;
      for (String machine : judgedMachines()) {
        for (String s : data.scenarios()) {
          if (!data.runs().has(setting, s, y, machine, admission) || !data.runs().has(setting, s, POOL, machine, admission)) {
            continue;
          }
          diffs.add(ClaimCells.minus(met(setting, s, y, machine, admission), met(setting, s, POOL, machine, admission)));
          double ppt = mean(data.runs().values(setting, s, y, machine, admission, RunMetrics::processesPerTask));
          double pool = mean(data.runs().values(setting, s, POOL, machine, admission, RunMetrics::processesPerTask));
          more += ppt > pool ? 1 : 0;
          lo = Math.min(lo, ppt);
          hi = Math.max(hi, ppt);
        }
      }
      if (diffs.isEmpty()) {
        continue;
      }
      double[] gap = ClaimCells.meanAcross(diffs);
      out.add(new Result(setting, y, gap, lo, hi, more, diffs.size(),
          gap.length < 2 ? null : Equivalence.of(gap, LEVEL_POINTS)));
    }
    return out;
  }

  private double[] met(String setting, String s, String policy, String machine, AdmissionMode admission) {
    return points(data.runs().values(setting, s, policy, machine, admission, RunMetrics::metShare));
  }

  ClaimVerdicts.Verdict verdict() {
    List<Result> main = results(RunsBySeed.MAIN);
    if (main.isEmpty()) {
      return new ClaimVerdicts.Verdict(3, TITLE, false, false, "the sweep lacks the runs it needs");
    }
    StringBuilder figures = new StringBuilder();
    for (Result r : main) {
      figures.append(figures.length() > 0 ? "; " : "").append(r.words());
    }
    List<Result> room = results(SplitRoom.NAME);
    if (!room.isEmpty()) {
      figures.append(". At the seed's operating point (split-room): ");
      for (int i = 0; i < room.size(); i++) {
        figures.append(i > 0 ? "; " : "").append(room.get(i).words()).append(room.get(i).holds() ? ", holds" : ", does not hold");
      }
    }
    return new ClaimVerdicts.Verdict(3, TITLE, true, main.stream().allMatch(Result::holds), figures.toString());
  }

  void markdown(StringBuilder md) {
    md.append("### 3. Yield brings splitting level with the pool, at many more processes per task\n\n");
    md.append("Seed: adding yield brought splitting level on the cage, but it still started 1.3 to 4.6 processes per task "
        + "against 0.1 to 0.25 for the pool. Check, on the cage as the seed states it: each yield policy level with "
        + "pool-edf-10 by two one-sided tests within ±").append(ClaimCells.fmt(LEVEL_POINTS)).append(" points (the "
        + "claim's own margin; the seed-by-seed mean over the cage's scenarios, its 90% interval inside the margin), "
        + "and more processes per task than the pool in every cage cell. Judged in the main sweep, and again at the "
        + "seed's operating point: in the main sweep the budgeted yield policies start little more than one process "
        + "per task, so the **split-room** setting (the splitters' budget ").append(SplitRoom.BUDGET_TIMES)
        .append("x the machine's, deadlines of the base plus ").append(SplitRoom.WORK_ALLOWANCE)
        .append(" x the batch's one-core work, no admission for any policy) gives them room and reason to split.\n\n");
    if (results(RunsBySeed.MAIN).isEmpty()) {
      md.append("_Not checked: the sweep did not include pool-edf-10 and a yield policy._\n\n");
      return;
    }
    md.append("| setting | machine | scenario | policy | met (%) | minus pool-edf-10, points [95% CI] | processes per task | pool's |\n");
    md.append("|---|---|---|---|---:|---|---:|---:|\n");
    for (String setting : List.of(RunsBySeed.MAIN, SplitRoom.NAME)) {
      AdmissionMode admission = setting.equals(SplitRoom.NAME) ? SplitRoom.ADMISSION : AdmissionMode.EDF_FIT;
      for (String machine : data.machines()) {
        for (String s : data.scenarios()) {
          if (!data.runs().has(setting, s, POOL, machine, admission)) {
            continue;
          }
          double[] pool = met(setting, s, POOL, machine, admission);
          double poolPpt = mean(data.runs().values(setting, s, POOL, machine, admission, RunMetrics::processesPerTask));
          for (String y : Findings.YIELD_SPLITTING) {
            if (!data.runs().has(setting, s, y, machine, admission)) {
              continue;
            }
            double[] met = met(setting, s, y, machine, admission);
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.1f | %s | %.2f | %.2f |\n",
                setting.isEmpty() ? "main" : setting, machine, s, y, mean(met), ci(Interval.paired(met, pool)),
                mean(data.runs().values(setting, s, y, machine, admission, RunMetrics::processesPerTask)), poolPpt));
          }
        }
      }
    }
    md.append('\n');
    for (String setting : List.of(RunsBySeed.MAIN, SplitRoom.NAME)) {
      for (Result r : results(setting)) {
        boolean seedPoint = r.minPpt() >= SEED_PPT_LO && r.maxPpt() <= SEED_PPT_HI;
        md.append(String.format(Locale.ROOT, "- **%s**, %s, on %s: %s; more processes per task than the pool in %d of %d "
            + "cells; %s the seed's 1.3-4.6. **%s.**\n", r.policy(), setting.isEmpty() ? "main sweep" : setting,
            String.join(", ", judgedMachines()), r.words(), r.morePpt(), r.cells(),
            seedPoint ? "within" : "not within", r.holds() ? "Holds" : "Does not hold"));
      }
    }
    md.append('\n');
  }
}
