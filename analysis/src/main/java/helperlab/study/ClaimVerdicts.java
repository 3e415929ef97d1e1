package helperlab.study;

import helperlab.model.RunMetrics;
import helperlab.policy.AdmissionMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The seed's five claims as one verdict each, with the figure it rests on and its 95% interval, so two
 * sweeps (two cost bases, or a sensitivity variant and the default) can be set side by side. The
 * thresholds are {@link Findings}'; where a claim spans cells, the interval is over seeds of the
 * seed-by-seed mean across those cells (every cell shares the seeds' arrivals). Claims 3, 4 and 5 are
 * classes of their own ({@link YieldClaim}, {@link ForecastClaim}, {@link AdmissionClaim}); a claim whose
 * runs are missing, or that no cell tests, is "not tested".
 */
public final class ClaimVerdicts {
  /** One claim's verdict: holds or not, and the figures, in words. */
  public record Verdict(int claim, String title, boolean checked, boolean holds, String figures) {
    public String word() {
      return !checked ? "not tested" : holds ? "holds" : "does not hold";
    }
  }

  public static final List<String> TITLES = List.of(
      "pool-edf-10 meets 5+ points more than the best non-yield splitting (busy scenarios)",
      "without a budget the box falls over in a calm hour (10+ points below never-split, 25%+ CPU on overhead)",
      YieldClaim.TITLE, ForecastClaim.TITLE, AdmissionClaim.TITLE);

  private final ClaimCells data;
  private final RunsBySeed runs;
  private final List<String> machines;
  private final List<String> scenarios;

  /** The verdicts over a sweep's rows: the main sweep's and the claims' own settings (other studies' rows are ignored). */
  public ClaimVerdicts(List<RunRow> rows) {
    this.data = ClaimCells.of(rows);
    this.runs = data.runs();
    this.machines = data.machines();
    this.scenarios = data.scenarios();
  }

  private double[] met(String scenario, String policy, String machine) {
    double[] v = runs.values(scenario, policy, machine, AdmissionMode.EDF_FIT, RunMetrics::metShare);
    for (int i = 0; i < v.length; i++) {
      v[i] *= 100;
    }
    return v;
  }

  private static double[] minus(double[] a, double[] b) {
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i] - b[i];
    }
    return d;
  }

  /** The seed-by-seed mean of several cells' differences. */
  private static double[] meanAcross(List<double[]> diffs) {
    double[] m = new double[diffs.get(0).length];
    for (double[] d : diffs) {
      for (int i = 0; i < m.length; i++) {
        m[i] += d[i] / diffs.size();
      }
    }
    return m;
  }

  public List<Verdict> verdicts() {
    return List.of(poolVsSplitting(), collapse(), new YieldClaim(data).verdict(), new ForecastClaim(data).verdict(),
        new AdmissionClaim(data).verdict());
  }

  private Verdict unchecked(int claim) {
    return new Verdict(claim, TITLES.get(claim - 1), false, false, "the sweep lacks the runs it needs");
  }

  private Verdict poolVsSplitting() {
    int holds = 0;
    int cells = 0;
    double lo = Double.MAX_VALUE;
    double hi = -Double.MAX_VALUE;
    List<double[]> diffs = new ArrayList<>();
    for (String machine : machines) {
      for (String s : scenarios) {
        if (!Findings.BUSY_SCENARIOS.contains(s) || !runs.has(s, "pool-edf-10", machine, AdmissionMode.EDF_FIT)) {
          continue;
        }
        String best = null;
        double bestMean = -1;
        for (String p : Findings.NON_YIELD_SPLITTING) {
          if (runs.has(s, p, machine, AdmissionMode.EDF_FIT)) {
            double m = Interval.of(met(s, p, machine)).mean();
            if (m > bestMean) {
              bestMean = m;
              best = p;
            }
          }
        }
        if (best == null) {
          continue;
        }
        double[] d = minus(met(s, "pool-edf-10", machine), met(s, best, machine));
        double mean = Interval.of(d).mean();
        diffs.add(d);
        cells++;
        holds += mean >= Findings.POOL_MARGIN_POINTS ? 1 : 0;
        lo = Math.min(lo, mean);
        hi = Math.max(hi, mean);
      }
    }
    if (cells == 0) {
      return unchecked(1);
    }
    return new Verdict(1, TITLES.get(0), true, holds == cells, String.format(Locale.ROOT,
        "in %d of %d cells; %+.1f to %+.1f points by cell, %s on average", holds, cells, lo, hi, ci(meanAcross(diffs))));
  }

  private Verdict collapse() {
    String s = "calm";
    int holds = 0;
    int checked = 0;
    String cage = null;
    for (String machine : machines) {
      if (!runs.has(s, "box", machine, AdmissionMode.EDF_FIT) || !runs.has(s, "never-split", machine, AdmissionMode.EDF_FIT)) {
        continue;
      }
      double[] box = met(s, "box", machine);
      double[] never = met(s, "never-split", machine);
      double overhead = 100 * Interval.of(runs.values(s, "box", machine, AdmissionMode.EDF_FIT, RunMetrics::overheadShare)).mean();
      double[] d = minus(box, never);
      boolean ok = -Interval.of(d).mean() >= Findings.COLLAPSE_POINTS && overhead >= 100 * Findings.COLLAPSE_OVERHEAD;
      checked++;
      holds += ok ? 1 : 0;
      if (machine.equals(Findings.CLAIM3_MACHINE) || cage == null) {
        cage = String.format(Locale.ROOT, "%s: box %.1f%% vs never-split %.1f%% met, %s points; %.1f%% of CPU on spawns "
            + "and killed work", machine, Interval.of(box).mean(), Interval.of(never).mean(), ci(d), overhead);
      }
    }
    if (checked == 0) {
      return unchecked(2);
    }
    return new Verdict(2, TITLES.get(1), true, holds == checked,
        String.format(Locale.ROOT, "on %d of %d machines; %s", holds, checked, cage));
  }

  /** The calm hour on the cage against the seed's own baselines: never-split met, the box met and its overhead. */
  public String calmBaselines() {
    String m = Findings.CLAIM3_MACHINE;
    if (!runs.has("calm", "never-split", m, AdmissionMode.EDF_FIT) || !runs.has("calm", "box", m, AdmissionMode.EDF_FIT)) {
      return "not checked";
    }
    double[] over = runs.values("calm", "box", m, AdmissionMode.EDF_FIT, RunMetrics::overheadShare);
    for (int i = 0; i < over.length; i++) {
      over[i] *= 100;
    }
    return String.format(Locale.ROOT, "never-split %s%% met, the box %s%% met, the box's CPU on spawns and killed work %s%%",
        ci(met("calm", "never-split", m)).replace("+", ""), ci(met("calm", "box", m)).replace("+", ""),
        ci(over).replace("+", ""));
  }

  static String ci(double[] values) {
    Interval i = Interval.of(values);
    return String.format(Locale.ROOT, "%+.1f [%+.1f, %+.1f]", i.mean(), i.lo(), i.hi());
  }

  /** Two sweeps' verdicts side by side, and where they differ. */
  public static String sideBySide(String nameA, List<Verdict> a, String nameB, List<Verdict> b) {
    StringBuilder md = new StringBuilder();
    md.append("| claim | ").append(nameA).append(" | ").append(nameB).append(" |\n|---|---|---|\n");
    List<Integer> differ = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      Verdict x = a.get(i);
      Verdict y = b.get(i);
      md.append(String.format(Locale.ROOT, "| %d. %s | **%s**: %s | **%s**: %s |\n", x.claim(), x.title(), x.word(),
          x.figures(), y.word(), y.figures()));
      if (!x.word().equals(y.word())) {
        differ.add(x.claim());
      }
    }
    md.append('\n');
    md.append(differ.isEmpty() ? "The verdicts agree on both cost bases.\n\n"
        : "The verdicts differ for claim" + (differ.size() > 1 ? "s " : " ")
            + String.join(", ", differ.stream().map(String::valueOf).toList()) + ".\n\n");
    return md.toString();
  }
}
