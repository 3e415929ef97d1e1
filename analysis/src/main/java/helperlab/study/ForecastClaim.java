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
 * Claim 4, a forecast beats a timer for deciding when to split (with a budget), judged only where the two
 * budgeted splitters actually split: a cell whose runs are the same on every seed, or where neither starts
 * {@value #SPLITS_PPT} processes per task or more, is "not tested" and left out of the verdict. The cells
 * are the main sweep's and the {@link SplitRoom} setting's, where there is room and reason to split. Beating the
 * timer could be splitting less rather than splitting at better moments, so the forecast is also set against
 * {@value #NEVER} (the same budget, never splitting) in the cells where the forecast itself splits: the claim holds
 * only if the forecast is ahead of both (issue 43).
 */
final class ForecastClaim {
  static final String FORECAST = "split-forecast-budget";
  static final String TIMER = "split-timer-budget";
  /** The same budget without splitting: what "picks better moments to split" is measured against. */
  static final String NEVER = "never-split-budget";
  /** Processes per task from which a policy counts as splitting: one task in twenty got a second process. */
  static final double SPLITS_PPT = 1.05;
  static final String TITLE = "a forecast beats a timer for deciding when to split (with a budget)";

  /** One machine × scenario cell of one setting. */
  record Cell(String setting, String machine, String scenario, double forecastPpt, double timerPpt, double forecastMet,
      double timerMet, boolean sameRuns, double[] difference) {
    boolean tested() {
      return !sameRuns && Math.max(forecastPpt, timerPpt) >= SPLITS_PPT;
    }

    String status() {
      return sameRuns ? "not tested: the same runs" : tested() ? "tested" : "not tested: neither splits";
    }
  }

  private final ClaimCells data;

  ForecastClaim(ClaimCells data) {
    this.data = data;
  }

  List<Cell> cells() {
    List<Cell> cells = new ArrayList<>();
    for (String setting : List.of(RunsBySeed.MAIN, SplitRoom.NAME)) {
      AdmissionMode admission = setting.equals(SplitRoom.NAME) ? SplitRoom.ADMISSION : AdmissionMode.EDF_FIT;
      for (String machine : data.machines()) {
        for (String s : data.scenarios()) {
          if (!data.runs().has(setting, s, FORECAST, machine, admission) || !data.runs().has(setting, s, TIMER, machine, admission)) {
            continue;
          }
          List<RunMetrics> f = data.runs().metrics(setting, s, FORECAST, machine, admission);
          List<RunMetrics> t = data.runs().metrics(setting, s, TIMER, machine, admission);
          double[] fm = points(f.stream().mapToDouble(RunMetrics::metShare).toArray());
          double[] tm = points(t.stream().mapToDouble(RunMetrics::metShare).toArray());
          cells.add(new Cell(setting, machine, s, f.stream().mapToDouble(RunMetrics::processesPerTask).average().orElse(0),
              t.stream().mapToDouble(RunMetrics::processesPerTask).average().orElse(0), mean(fm), mean(tm), f.equals(t),
              ClaimCells.minus(fm, tm)));
        }
      }
    }
    return cells;
  }

  /** One cell where the forecast splits, set against never splitting with the same budget. */
  record Against(String setting, String machine, String scenario, double forecastPpt, double neverPpt,
      double forecastMet, double neverMet, double[] difference) {}

  /** The cells where the forecast splits ({@value #SPLITS_PPT}+ processes per task) and never-split-budget ran. */
  List<Against> againstNever() {
    List<Against> out = new ArrayList<>();
    for (String setting : List.of(RunsBySeed.MAIN, SplitRoom.NAME)) {
      AdmissionMode admission = setting.equals(SplitRoom.NAME) ? SplitRoom.ADMISSION : AdmissionMode.EDF_FIT;
      for (String machine : data.machines()) {
        for (String s : data.scenarios()) {
          if (!data.runs().has(setting, s, FORECAST, machine, admission) || !data.runs().has(setting, s, NEVER, machine, admission)) {
            continue;
          }
          List<RunMetrics> f = data.runs().metrics(setting, s, FORECAST, machine, admission);
          List<RunMetrics> n = data.runs().metrics(setting, s, NEVER, machine, admission);
          double fPpt = f.stream().mapToDouble(RunMetrics::processesPerTask).average().orElse(0);
          if (fPpt < SPLITS_PPT) {
            continue;
          }
          double[] fm = points(f.stream().mapToDouble(RunMetrics::metShare).toArray());
          double[] nm = points(n.stream().mapToDouble(RunMetrics::metShare).toArray());
          out.add(new Against(setting, machine, s, fPpt, n.stream().mapToDouble(RunMetrics::processesPerTask).average()
              .orElse(0), mean(fm), mean(nm), ClaimCells.minus(fm, nm)));
        }
      }
    }
    return out;
  }

  /** Against never splitting, in words: "ahead", "level", "behind" or "not tested", with the figure. */
  private String neverWords(List<Against> against) {
    if (against.isEmpty()) {
      return "against " + NEVER + " not tested (in no cell where both ran did the forecast split)";
    }
    double[] mean = ClaimCells.meanAcross(against.stream().map(Against::difference).toList());
    Interval i = Interval.of(mean);
    Equivalence level = Equivalence.of(mean);
    String word = level.equivalent() ? "level with" : i.lo() > 0 ? "ahead of" : i.hi() < 0 ? "behind" : "not shown apart from";
    return String.format(Locale.ROOT, "where it splits (%d cells) the forecast is %s %s: %s points, so %s", against.size(),
        word, NEVER, ci(mean), i.lo() > 0 && !level.equivalent() ? "its splits help"
            : "it beats the timer by splitting less, not by picking better moments to split");
  }

  private boolean aheadOfNever(List<Against> against) {
    if (against.isEmpty()) {
      return false;
    }
    double[] mean = ClaimCells.meanAcross(against.stream().map(Against::difference).toList());
    return Interval.of(mean).lo() > 0 && !Equivalence.of(mean).equivalent();
  }

  ClaimVerdicts.Verdict verdict() {
    List<Cell> cells = cells();
    List<double[]> tested = cells.stream().filter(Cell::tested).map(Cell::difference).toList();
    if (cells.isEmpty()) {
      return new ClaimVerdicts.Verdict(4, TITLE, false, false, "the sweep lacks the runs it needs");
    }
    if (tested.isEmpty()) {
      return new ClaimVerdicts.Verdict(4, TITLE, false, false, String.format(Locale.ROOT,
          "in none of %d cells did the two split (the same runs in %d)", cells.size(),
          cells.stream().filter(Cell::sameRuns).count()));
    }
    int better = 0;
    int worse = 0;
    for (double[] d : tested) {
      // a difference shown to lie inside the margin is level, whichever side its mean falls
      Interval i = Interval.of(d);
      boolean level = Equivalence.of(d).equivalent();
      better += i.lo() > 0 && !level ? 1 : 0;
      worse += i.hi() < 0 && !level ? 1 : 0;
    }
    double[] mean = ClaimCells.meanAcross(tested);
    Equivalence level = Equivalence.of(mean);
    boolean beatsTimer = Interval.of(mean).lo() > 0 && !level.equivalent() && worse == 0;
    List<Against> against = againstNever();
    boolean holds = beatsTimer && aheadOfNever(against);
    return new ClaimVerdicts.Verdict(4, TITLE, true, holds, String.format(Locale.ROOT,
        "%s minus %s %s points over the %d cells where they split (%d not tested); forecast better in %d, timer in %d; "
            + "equivalence %s; %s", FORECAST, TIMER, ci(mean), tested.size(), cells.size() - tested.size(), better, worse,
        level.words(), neverWords(against)));
  }

  void markdown(StringBuilder md) {
    md.append("### 4. A forecast beats a timer for deciding when to split\n\n");
    md.append("Check: ").append(FORECAST).append(" minus ").append(TIMER).append(", met share in points, paired over "
        + "seeds, only in cells where the two actually split. A cell is **not tested** when the two made the same runs "
        + "on every seed, or neither started ").append(SPLITS_PPT).append(" processes per task or more. Cells come from "
        + "the main sweep (edf-fit) and from the **split-room** setting, where splitting has room and reason: the "
        + "splitters' worker budget ").append(SplitRoom.BUDGET_TIMES).append("x the machine's (the pool keeps its own), "
        + "deadlines of the preset's base plus ").append(SplitRoom.WORK_ALLOWANCE).append(" x the batch's one-core work, "
        + "no admission (edf-fit would refuse up front any batch a single process cannot finish in time). Holds if the "
        + "mean over tested cells is above zero (95% interval) and not shown level, and the timer is ahead (above zero and "
        + "not shown level) in no tested cell; the two are called level only by two one-sided tests within ±").append(ClaimCells.fmt(Equivalence.DEFAULT_MARGIN_POINTS))
        .append(" points (the 90% interval inside the margin).\n\n");
    List<Cell> cells = cells();
    if (cells.isEmpty()) {
      md.append("_Not checked: the sweep did not include both budgeted splitters._\n\n");
      return;
    }
    md.append("| setting | machine | scenario | processes per task: forecast / timer | met: forecast / timer (%) | "
        + "difference, points [95% CI] | equivalence (±2) | status |\n|---|---|---|---|---|---|---|---|\n");
    for (Cell c : cells) {
      Equivalence e = c.sameRuns() ? null : Equivalence.of(c.difference());
      md.append(String.format(Locale.ROOT, "| %s | %s | %s | %.2f / %.2f | %.1f / %.1f | %s | %s | %s |\n",
          c.setting().isEmpty() ? "main" : c.setting(), c.machine(), c.scenario(), c.forecastPpt(), c.timerPpt(),
          c.forecastMet(), c.timerMet(), c.sameRuns() ? "0 (same runs)" : ci(c.difference()),
          e == null ? "–" : e.outcome().word(), c.tested() ? "tested" : "**" + c.status() + "**"));
    }
    List<Against> against = againstNever();
    md.append("\nBetter moments, or fewer splits? In the cells where the forecast splits (").append(SPLITS_PPT)
        .append("+ processes per task), ").append(FORECAST).append(" against ").append(NEVER)
        .append(" (the same budget, never splitting; in split-room with the same larger budget):\n\n");
    if (against.isEmpty()) {
      md.append("_Not tested: in no cell where both ran did the forecast split._\n");
    } else {
      md.append("| setting | machine | scenario | processes per task: forecast / never | met: forecast / never (%) | "
          + "difference, points [95% CI] | equivalence (±2) |\n|---|---|---|---|---|---|---|\n");
      for (Against a : against) {
        md.append(String.format(Locale.ROOT, "| %s | %s | %s | %.2f / %.2f | %.1f / %.1f | %s | %s |\n",
            a.setting().isEmpty() ? "main" : a.setting(), a.machine(), a.scenario(), a.forecastPpt(), a.neverPpt(),
            a.forecastMet(), a.neverMet(), ci(a.difference()), Equivalence.of(a.difference()).outcome().word()));
      }
    }
    ClaimVerdicts.Verdict v = verdict();
    md.append("\nHolds only if the forecast is ahead of the timer (above) and of never splitting where it splits.\n\n**Verdict: ")
        .append(v.word()).append(".** ").append(v.figures()).append(".\n\n");
  }
}
