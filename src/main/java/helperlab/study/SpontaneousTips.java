package helperlab.study;

import helperlab.workload.RecoveryMeter;
import helperlab.workload.Tipping;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Runs that tipped by themselves, counted per policy and load: a run of the main sweep (no trigger) that
 * tipped at all, or a triggered study run that tipped before its trigger began. Kept apart from recovery
 * after a trigger, which means something only for a run that was healthy when the trigger came.
 */
final class SpontaneousTips {
  /** The model's criterion ({@link Tipping}) in words. */
  static final String CRITERION = String.format(java.util.Locale.ROOT, "a second is down when under %.0f%% of the "
      + "tasks settled over the sliding %.0f s window met their deadline while work piles up past the machine: live "
      + "processes above the worker budget, or a queue above a window's work; a run tipped at the start of the first "
      + "down stretch lasting %.0f s", 100 * Tipping.MET_SHARE_BELOW, RecoveryMeter.WINDOW_S, RecoveryMeter.HOLD_S);

  private final Function<RunRow, Double> tippedAtS;
  private final List<RunRow> rows;

  /** @param tippedAtS when a run tipped, seconds into it, or null if it never did */
  SpontaneousTips(List<RunRow> rows, Function<RunRow, Double> tippedAtS) {
    this.rows = rows;
    this.tippedAtS = tippedAtS;
  }

  /** Whether the run tipped with no trigger behind it. */
  boolean spontaneous(RunRow r) {
    Double at = tippedAtS.apply(r);
    if (at == null) {
      return false;
    }
    return r.trigger() == null || at < r.trigger().atS();
  }

  /** Tipped and all runs per "setting|machine|scenario|policy", in the rows' order. */
  Map<String, int[]> counts() {
    Map<String, int[]> n = new LinkedHashMap<>();
    for (RunRow r : rows) {
      if (r.spawnCostS() != null) {
        continue;
      }
      String setting = r.study() == null ? "main, " + r.admission() : r.study() + ", " + r.admission();
      int[] c = n.computeIfAbsent(setting + "|" + r.machine() + "|" + r.scenario() + "|" + r.policy(), k -> new int[2]);
      c[0] += spontaneous(r) ? 1 : 0;
      c[1]++;
    }
    return n;
  }

  void markdown(StringBuilder md, String criterion) {
    md.append("### Runs that tipped by themselves\n\n");
    md.append("A run **tipped** by the model's criterion (").append(criterion).append("); counted here only where no "
        + "trigger was behind it: a run without a trigger, or a triggered run that tipped before its trigger began. "
        + "Tipped runs of all, per setting, machine and policy, by scenario (load); rows without a tip are left out.\n\n");
    Map<String, int[]> counts = counts();
    // setting -> scenarios in order, and machine|policy -> scenario -> counts
    Map<String, List<String>> scenarios = new LinkedHashMap<>();
    Map<String, Map<String, Map<String, int[]>>> table = new LinkedHashMap<>();
    int total = 0;
    int all = 0;
    for (Map.Entry<String, int[]> e : counts.entrySet()) {
      String[] k = e.getKey().split("\\|", 4);
      List<String> sc = scenarios.computeIfAbsent(k[0], x -> new ArrayList<>());
      if (!sc.contains(k[2])) {
        sc.add(k[2]);
      }
      table.computeIfAbsent(k[0], x -> new LinkedHashMap<>()).computeIfAbsent(k[1] + "|" + k[3], x -> new LinkedHashMap<>())
          .put(k[2], e.getValue());
      total += e.getValue()[0];
      all += e.getValue()[1];
    }
    for (Map.Entry<String, Map<String, Map<String, int[]>>> setting : table.entrySet()) {
      List<String> sc = scenarios.get(setting.getKey());
      StringBuilder body = new StringBuilder();
      for (Map.Entry<String, Map<String, int[]>> row : setting.getValue().entrySet()) {
        if (row.getValue().values().stream().noneMatch(c -> c[0] > 0)) {
          continue;
        }
        String[] mp = row.getKey().split("\\|", 2);
        body.append("| ").append(mp[0]).append(" | ").append(mp[1]).append(" |");
        for (String s : sc) {
          int[] c = row.getValue().get(s);
          body.append(c == null ? " – |" : String.format(Locale.ROOT, " %d/%d |", c[0], c[1]));
        }
        body.append('\n');
      }
      md.append("**").append(setting.getKey()).append("**");
      if (body.length() == 0) {
        md.append(": no run tipped by itself.\n\n");
        continue;
      }
      md.append("\n\n| machine | policy |");
      sc.forEach(s -> md.append(' ').append(s).append(" |"));
      md.append("\n|---|---|").append("---:|".repeat(sc.size())).append('\n').append(body).append('\n');
    }
    md.append(String.format(Locale.ROOT, "%d of %d runs tipped by themselves.\n\n", total, all));
  }
}
