package helperlab.sim;

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
 * seed-by-seed mean across those cells (every cell shares the seeds' arrivals).
 */
public final class ClaimVerdicts {
  /** One claim's verdict: holds or not, and the figures, in words. */
  public record Verdict(int claim, String title, boolean checked, boolean holds, String figures) {
    public String word() {
      return !checked ? "not checked" : holds ? "holds" : "does not hold";
    }
  }

  public static final List<String> TITLES = List.of(
      "pool-edf-10 meets 5+ points more than the best non-yield splitting (busy scenarios)",
      "without a budget the box falls over in a calm hour (10+ points below never-split, 25%+ CPU on overhead)",
      "yield brings splitting level with the pool on the cage (within 5 points), at more processes per task",
      "a forecast beats a timer for deciding when to split (with a budget)",
      "flat per-preset admission turns away more than edf-fit in a calm hour");

  private final RunsBySeed runs;
  private final List<String> machines;
  private final List<String> scenarios;

  public ClaimVerdicts(List<RunRow> rows) {
    List<String> m = new ArrayList<>();
    List<String> s = new ArrayList<>();
    this.runs = new RunsBySeed(rows);
    for (RunRow r : rows) {
      if (!m.contains(r.machine())) {
        m.add(r.machine());
      }
      if (!s.contains(r.scenario())) {
        s.add(r.scenario());
      }
    }
    this.machines = List.copyOf(m);
    this.scenarios = List.copyOf(s);
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
    return List.of(poolVsSplitting(), collapse(), yieldLevel(), forecastVsTimer(), admission());
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

  private Verdict yieldLevel() {
    String machine = machines.contains(Findings.CLAIM3_MACHINE) ? Findings.CLAIM3_MACHINE : null;
    if (machine == null) {
      return unchecked(3);
    }
    StringBuilder figures = new StringBuilder();
    boolean all = true;
    boolean any = false;
    for (String y : Findings.YIELD_SPLITTING) {
      List<double[]> diffs = new ArrayList<>();
      int more = 0;
      double minPpt = Double.MAX_VALUE;
      double maxPpt = 0;
      for (String s : scenarios) {
        if (!runs.has(s, y, machine, AdmissionMode.EDF_FIT) || !runs.has(s, "pool-edf-10", machine, AdmissionMode.EDF_FIT)) {
          continue;
        }
        diffs.add(minus(met(s, y, machine), met(s, "pool-edf-10", machine)));
        double ppt = Interval.of(runs.values(s, y, machine, AdmissionMode.EDF_FIT, RunMetrics::processesPerTask)).mean();
        double pool = Interval.of(runs.values(s, "pool-edf-10", machine, AdmissionMode.EDF_FIT, RunMetrics::processesPerTask)).mean();
        more += ppt > pool ? 1 : 0;
        minPpt = Math.min(minPpt, ppt);
        maxPpt = Math.max(maxPpt, ppt);
      }
      if (diffs.isEmpty()) {
        continue;
      }
      any = true;
      double[] gap = meanAcross(diffs);
      boolean level = Math.abs(Interval.of(gap).mean()) <= Findings.LEVEL_POINTS && more == diffs.size();
      all &= level;
      if (figures.length() > 0) {
        figures.append("; ");
      }
      figures.append(String.format(Locale.ROOT, "%s %s points (%s), %.2f-%.2f processes per task", y, ci(gap),
          level ? "level" : "not level", minPpt, maxPpt));
    }
    if (!any) {
      return unchecked(3);
    }
    return new Verdict(3, TITLES.get(2), true, all, figures.toString());
  }

  private Verdict forecastVsTimer() {
    String f = "split-forecast-budget";
    String t = "split-timer-budget";
    List<double[]> diffs = new ArrayList<>();
    int better = 0;
    int worse = 0;
    for (String machine : machines) {
      for (String s : scenarios) {
        if (!runs.has(s, f, machine, AdmissionMode.EDF_FIT) || !runs.has(s, t, machine, AdmissionMode.EDF_FIT)) {
          continue;
        }
        double[] d = minus(met(s, f, machine), met(s, t, machine));
        diffs.add(d);
        Interval i = Interval.of(d);
        if (i.excludesZero()) {
          better += i.mean() > 0 ? 1 : 0;
          worse += i.mean() < 0 ? 1 : 0;
        }
      }
    }
    if (diffs.isEmpty()) {
      return unchecked(4);
    }
    double[] mean = meanAcross(diffs);
    boolean holds = Interval.of(mean).lo() > 0 && worse == 0;
    return new Verdict(4, TITLES.get(3), true, holds, String.format(Locale.ROOT,
        "%s minus %s %s points over %d cells; forecast better in %d, timer in %d", f, t, ci(mean), diffs.size(), better, worse));
  }

  private Verdict admission() {
    String s = SweepPlan.STUDY_SCENARIO;
    String p = SweepPlan.STUDY_POLICY;
    int holds = 0;
    int checked = 0;
    String shown = null;
    for (String machine : machines) {
      if (!runs.has(s, p, machine, AdmissionMode.FLAT) || !runs.has(s, p, machine, AdmissionMode.EDF_FIT)) {
        continue;
      }
      double[] flat = runs.values(s, p, machine, AdmissionMode.FLAT, RunMetrics::refusedShare);
      double[] edf = runs.values(s, p, machine, AdmissionMode.EDF_FIT, RunMetrics::refusedShare);
      for (int i = 0; i < flat.length; i++) {
        flat[i] *= 100;
        edf[i] *= 100;
      }
      double[] d = minus(flat, edf);
      boolean ok = Interval.of(d).lo() > 0;
      checked++;
      holds += ok ? 1 : 0;
      if (machine.equals(Findings.CLAIM3_MACHINE) || shown == null) {
        shown = String.format(Locale.ROOT, "%s: flat turned away %.1f%%, edf-fit %.1f%%, %s points", machine,
            Interval.of(flat).mean(), Interval.of(edf).mean(), ci(d));
      }
    }
    if (checked == 0) {
      return unchecked(5);
    }
    return new Verdict(5, TITLES.get(4), true, holds == checked,
        String.format(Locale.ROOT, "on %d of %d machines; %s (the seed: 45%%)", holds, checked, shown));
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
