package helperlab.study;

import helperlab.workload.Recovery;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The findings of the sweep's studies, appended to findings.md when the sweep ran them: which
 * policies tip into a metastable state after a trigger, at what size, how long the rest take to
 * recover and how much work they amplify; whether budgets cure it; and at what spawn cost each
 * splitting policy comes level with the pool. Paired comparisons over the same seeds, 95% intervals.
 */
public final class StudyFindings {
  /** Pairs of (without a budget, with one) set side by side. */
  static final List<String[]> BUDGET_PAIRS = List.of(
      new String[] {"retry-client", "retry-client-budget"}, new String[] {"retry-client", "retry-client-envoy"},
      new String[] {"retry-client", "retry-client-sre"}, new String[] {"box", "box-help-10"},
      new String[] {"box", "box-help-20"}, new String[] {"box", "box-help-50"},
      new String[] {"split-forecast", "split-forecast-help-20"});

  private final List<RunRow> meta = new ArrayList<>();
  private final List<RunRow> spawn = new ArrayList<>();
  /** scenario|machine|trigger label|policy -> rows by seed. */
  private final Map<String, TreeMap<Long, RunRow>> index = new LinkedHashMap<>();
  private final List<String> triggers = new ArrayList<>();
  private final List<String> policies = new ArrayList<>();
  private final List<String> cells = new ArrayList<>();

  public StudyFindings(List<RunRow> rows) {
    for (RunRow r : rows) {
      if (Studies.METASTABILITY.equals(r.study()) && r.recovery() != null) {
        meta.add(r);
        index.computeIfAbsent(key(r.scenario(), r.machine(), r.condition(), r.policy()), k -> new TreeMap<>())
            .put(r.seed(), r);
        addOnce(triggers, r.condition());
        addOnce(policies, r.policy());
        addOnce(cells, r.machine() + "|" + r.scenario());
      } else if (Studies.SPAWN_COST.equals(r.study())) {
        spawn.add(r);
      }
    }
  }

  private static void addOnce(List<String> list, String v) {
    if (!list.contains(v)) {
      list.add(v);
    }
  }

  private static String key(String scenario, String machine, String trigger, String policy) {
    return scenario + "|" + machine + "|" + trigger + "|" + policy;
  }

  public boolean isEmpty() {
    return meta.isEmpty() && spawn.isEmpty();
  }

  public String markdown() {
    StringBuilder md = new StringBuilder();
    if (!meta.isEmpty()) {
      metastability(md);
    }
    if (!spawn.isEmpty()) {
      spawnCost(md);
    }
    return md.toString();
  }

  private List<RunRow> runs(String scenario, String machine, String trigger, String policy) {
    TreeMap<Long, RunRow> bySeed = index.get(key(scenario, machine, trigger, policy));
    return bySeed == null ? List.of() : new ArrayList<>(bySeed.values());
  }

  /** Recovery time with "not within the hour" counted as the rest of the hour (a censored value). */
  private static double censoredRecovery(RunRow r) {
    return r.recovery().recoveryOr(3600 - r.trigger().endS());
  }

  private void metastability(StringBuilder md) {
    int seeds = (int) meta.stream().mapToLong(RunRow::seed).distinct().count();
    md.append("## Metastability: does the service come back after a trigger?\n\n");
    md.append(String.format(Locale.ROOT, "Each run carries one trigger at %.0f s for %.0f s, then the base load again "
        + "(%s; %d seeds each, the same arrivals for every policy). Each triggered run is set against its twin: the "
        + "same policy on the same arrivals without the trigger. Recovery time counts from the trigger's end until the "
        + "deadline-met share over the last %.0f s is within %.0f points of the twin's over the same seconds and the "
        + "queue's mean over them within %.0f%% (or %.0f images) of the twin's, holding for %.0f s; a run not back by "
        + "the end of the hour is **metastable**. (Against the %.0f s before the trigger instead, the ordinary ups and "
        + "downs of the rest of the hour decided the recovery time, whatever the trigger's size.) Amplification is per "
        + "task admitted in the phase: processes spawned and client retries sent.\n\n",
        Studies.TRIGGER_AT_S, Studies.TRIGGER_DURATION_S, String.join(", ", triggers), seeds, RecoveryMeter.WINDOW_S,
        100 * RecoveryMeter.MET_BAND, 100 * RecoveryMeter.QUEUE_BAND, RecoveryMeter.QUEUE_SLACK, RecoveryMeter.HOLD_S,
        RecoveryMeter.BASELINE_S));
    for (String cell : cells) {
      String[] mc = cell.split("\\|", 2);
      String machine = mc[0];
      String scenario = mc[1];
      md.append("### ").append(scenario).append(" on `").append(machine).append("`: metastable runs and recovery\n\n");
      md.append("Each cell: metastable runs of those healthy when the trigger came, then the mean recovery time of "
          + "those that came back (s), then the runs already **down before** the trigger (tipped over by "
          + "themselves: no recovery is measured for them, and they are in neither count). Baseline met share (%) "
          + "before the trigger in the second column.\n\n| policy | baseline met |");
      for (String t : triggers) {
        md.append(' ').append(t).append(" |");
      }
      md.append("\n|---|---:|").append("---|".repeat(triggers.size())).append('\n');
      for (String policy : policies) {
        List<RunRow> first = runs(scenario, machine, triggers.get(0), policy);
        if (first.isEmpty()) {
          continue;
        }
        md.append("| ").append(policy).append(String.format(Locale.ROOT, " | %.1f |",
            100 * mean(first, r -> r.recovery().baselineMetShare())));
        for (String t : triggers) {
          List<RunRow> all = runs(scenario, machine, t, policy);
          List<RunRow> rs = healthy(all);
          long tipped = rs.stream().filter(r -> r.recovery().metastable()).count();
          double[] back = rs.stream().filter(r -> !r.recovery().metastable())
              .mapToDouble(r -> r.recovery().recoveryS()).toArray();
          int down = all.size() - rs.size();
          md.append(String.format(Locale.ROOT, " %d/%d · %s%s |", tipped, rs.size(),
              back.length == 0 ? "–" : String.format(Locale.ROOT, "%.0f", Interval.of(back).mean()),
              down == 0 ? "" : " · **" + down + " down before**"));
        }
        md.append('\n');
      }
      md.append('\n');
      tipping(md, scenario, machine);
      amplification(md, scenario, machine);
      budgets(md, scenario, machine);
    }
    new SpontaneousTips(meta).markdown(md, SpontaneousTips.CRITERION);
    literature(md);
  }

  private void tipping(StringBuilder md, String scenario, String machine) {
    md.append("Which policies tip after a trigger (at least half the seeds healthy before it metastable), and at the "
        + "smallest trigger of each kind:\n\n");
    boolean any = false;
    for (String policy : policies) {
      List<String> tips = new ArrayList<>();
      for (Trigger.Kind kind : Trigger.Kind.values()) {
        for (String t : triggers) {
          List<RunRow> all = runs(scenario, machine, t, policy);
          if (all.isEmpty() || all.get(0).trigger().kind() != kind) {
            continue;
          }
          List<RunRow> rs = healthy(all);
          long tipped = rs.stream().filter(r -> r.recovery().metastable()).count();
          if (!rs.isEmpty() && 2 * tipped >= rs.size()) {
            tips.add(t);
            break;
          }
        }
      }
      if (!tips.isEmpty()) {
        any = true;
        md.append("- ").append(policy).append(": ").append(String.join(", ", tips)).append('\n');
      }
    }
    if (!any) {
      md.append("- none\n");
    }
    md.append('\n');
  }

  private void amplification(StringBuilder md, String scenario, String machine) {
    String largest = triggers.stream().filter(t -> t.startsWith("spike")).reduce((a, b) -> b).orElse(triggers.get(0));
    md.append("Amplification around the largest spike (").append(largest).append("): spawns / retries per admitted "
        + "task before, during and in the ten minutes after it; mean live processes after.\n\n");
    md.append("| policy | before | during | after | processes after |\n|---|---|---|---|---:|\n");
    for (String policy : policies) {
      List<RunRow> rs = runs(scenario, machine, largest, policy);
      if (rs.isEmpty()) {
        continue;
      }
      md.append(String.format(Locale.ROOT, "| %s | %.2f / %.2f | %.2f / %.2f | %.2f / %.2f | %.1f |\n", policy,
          mean(rs, r -> r.recovery().before().spawnsPerTask()), mean(rs, r -> r.recovery().before().retriesPerTask()),
          mean(rs, r -> r.recovery().during().spawnsPerTask()), mean(rs, r -> r.recovery().during().retriesPerTask()),
          mean(rs, r -> r.recovery().after().spawnsPerTask()), mean(rs, r -> r.recovery().after().retriesPerTask()),
          mean(rs, r -> r.recovery().after().meanProcesses())));
    }
    md.append('\n');
  }

  private void budgets(StringBuilder md, String scenario, String machine) {
    md.append("Budgets against the same policy without one, per trigger, over the seeds where both were healthy when "
        + "the trigger came: metastable runs, and the budgeted minus the unbudgeted recovery time in seconds, paired over "
        + "seeds [95% CI] (a run not back counts as the rest of the hour, so the difference is a bound when either did "
        + "not come back).\n\n");
    md.append("| without | with | trigger | metastable without | with | recovery difference, s [95% CI] |\n");
    md.append("|---|---|---|---:|---:|---|\n");
    for (String[] pair : BUDGET_PAIRS) {
      for (String t : triggers) {
        List<RunRow> a = new ArrayList<>();
        List<RunRow> b = new ArrayList<>();
        List<RunRow> allA = runs(scenario, machine, t, pair[0]);
        List<RunRow> allB = runs(scenario, machine, t, pair[1]);
        if (allA.size() != allB.size()) {
          continue;
        }
        for (int i = 0; i < allA.size(); i++) { // seeds where both were healthy when the trigger came
          if (!allA.get(i).recovery().downBeforeTrigger() && !allB.get(i).recovery().downBeforeTrigger()) {
            a.add(allA.get(i));
            b.add(allB.get(i));
          }
        }
        if (a.size() < 2) {
          md.append(String.format(Locale.ROOT, "| %s | %s | %s | – | – | not measured: %d of %d seeds had one of the two "
              + "down before the trigger |\n", pair[0], pair[1], t, allA.size() - a.size(), allA.size()));
          continue;
        }
        Interval d = Interval.paired(b.stream().mapToDouble(StudyFindings::censoredRecovery).toArray(),
            a.stream().mapToDouble(StudyFindings::censoredRecovery).toArray());
        md.append(String.format(Locale.ROOT, "| %s | %s | %s | %d/%d | %d/%d | %+.0f [%+.0f, %+.0f] |\n", pair[0], pair[1],
            t, tipped(a), a.size(), tipped(b), b.size(), d.mean(), d.lo(), d.hi()));
      }
    }
    md.append('\n');
  }

  private void literature(StringBuilder md) {
    md.append("### Against the literature\n\n");
    List<RunRow> meta = healthy(this.meta);
    long downBefore = this.meta.size() - meta.size();
    long retryRuns = meta.stream().filter(r -> r.policy().equals("retry-client")).count();
    long retryTipped = meta.stream().filter(r -> r.policy().equals("retry-client") && r.recovery().metastable()).count();
    long helperRuns = meta.stream().filter(r -> r.policy().equals("box") || r.policy().equals("split-forecast")).count();
    long helperTipped = meta.stream().filter(r -> (r.policy().equals("box") || r.policy().equals("split-forecast"))
        && r.recovery().metastable()).count();
    long budgetRuns = meta.stream().filter(r -> isBudgeted(r.policy())).count();
    long budgetTipped = meta.stream().filter(r -> isBudgeted(r.policy()) && r.recovery().metastable()).count();
    long poolRuns = meta.stream().filter(r -> r.policy().equals(Studies.REFERENCE_POOL)).count();
    long poolTipped = meta.stream().filter(r -> r.policy().equals(Studies.REFERENCE_POOL) && r.recovery().metastable()).count();
    md.append(String.format(Locale.ROOT, "Huang et al. (OSDI '22) found retries the most common sustaining effect; "
        + "Bronson et al. (HotOS '21) name retries and work amplification. Here, over every scenario and trigger, of "
        + "the runs healthy when their trigger came (" + downBefore + " of " + this.meta.size() + " were down before "
        + "it and are left out): the "
        + "unbudgeted retrying client was metastable in %d of %d runs; unbudgeted helpers that call for help (box, "
        + "split-forecast) in %d of %d; the same with a retry or help budget in %d of %d; the pool (%s) in %d of %d. "
        + "Breakwater (OSDI '20) settles a 1.4x spike in tens of milliseconds with admission that sheds early; the "
        + "recovery times above are whole seconds of the sliding window's view and are not comparable to that "
        + "figure's scale.\n\n", retryTipped, retryRuns, helperTipped, helperRuns, budgetTipped, budgetRuns,
        Studies.REFERENCE_POOL, poolTipped, poolRuns));
  }

  /** The runs that were healthy when their trigger came: only they can recover or not. */
  private static List<RunRow> healthy(List<RunRow> rs) {
    return rs.stream().filter(r -> !r.recovery().downBeforeTrigger()).toList();
  }

  private static boolean isBudgeted(String policy) {
    return BUDGET_PAIRS.stream().anyMatch(p -> p[1].equals(policy));
  }

  private static long tipped(List<RunRow> rs) {
    return rs.stream().filter(r -> r.recovery().metastable()).count();
  }

  private static double mean(List<RunRow> rs, ToDoubleFunction<RunRow> f) {
    return rs.stream().mapToDouble(f).average().orElse(Double.NaN);
  }

  private void spawnCost(StringBuilder md) {
    SpawnCostCurves curves = SpawnCostCurves.of(spawn);
    int seeds = (int) spawn.stream().mapToLong(RunRow::seed).distinct().count();
    md.append("## The price of a helper: spawn cost against the pool\n\n");
    md.append(String.format(Locale.ROOT, "Each splitting policy minus %s, met share in points, paired over %d seeds "
        + "[95%% CI], at spawn costs (start-up plus warm-up CPU) from a fork's to a container's; the machine's other "
        + "constants as calibrated, and every scheduler told the cost. **Level up to**: the highest spawn cost up to "
        + "which the policy is shown within %.0f points of the pool or ahead (the 95%% interval's lower end above "
        + "−%<.0f: non-inferiority, not a mean that happens to be close) at every cost studied; \"never\" if it is "
        + "behind even at the lowest. The breakeven chart is breakeven.png / breakeven.svg beside this file.\n\n",
        Studies.REFERENCE_POOL, seeds, SpawnCostCurves.LEVEL_POINTS));
    if (curves.isEmpty()) {
      md.append("_No spawn-cost rows with the pool beside them._\n\n");
      return;
    }
    List<Double> costs = curves.curves().get(0).points().stream().map(SpawnCostCurves.Point::spawnCostS).toList();
    md.append("| machine | scenario | policy |");
    for (double c : costs) {
      md.append(' ').append(seconds(c)).append(" |");
    }
    md.append(" level up to |\n|---|---|---|").append("---|".repeat(costs.size())).append("---|\n");
    for (SpawnCostCurves.Curve c : curves.curves()) {
      md.append("| ").append(c.machine()).append(" | ").append(c.scenario()).append(" | ").append(c.policy()).append(" |");
      for (SpawnCostCurves.Point p : c.points()) {
        Interval d = p.difference();
        md.append(String.format(Locale.ROOT, " %+.1f [%+.1f, %+.1f] |", d.mean(), d.lo(), d.hi()));
      }
      double b = c.breakevenS();
      md.append(' ').append(Double.isNaN(b) ? "never" : c.levelThroughout() ? "all (" + seconds(b) + ")" : seconds(b))
          .append(" |\n");
    }
    md.append('\n');
    Map<String, int[]> byPolicy = new LinkedHashMap<>();
    for (SpawnCostCurves.Curve c : curves.curves()) {
      int[] n = byPolicy.computeIfAbsent(c.policy(), k -> new int[4]);
      double b = c.breakevenS();
      n[Double.isNaN(b) ? 0 : c.levelThroughout() ? 2 : 1]++;
      n[3]++;
    }
    md.append("In short, per policy over the machine × scenario cells: never level / level up to some cost / level "
        + "throughout.\n\n| policy | never | up to a cost | throughout | cells |\n|---|---:|---:|---:|---:|\n");
    byPolicy.forEach((p, n) -> md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d |\n", p, n[0], n[1], n[2], n[3])));
    md.append('\n');
  }

  static String seconds(double s) {
    return s < 1 ? String.format(Locale.ROOT, "%.0f ms", s * 1000) : String.format(Locale.ROOT, "%.1f s", s);
  }
}
