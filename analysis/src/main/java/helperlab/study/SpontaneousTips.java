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
 * Runs that went down by themselves, counted per policy and load: a run with no trigger that tipped or was never
 * healthy, or a triggered study run down before its trigger began. Kept apart from recovery after a trigger, which
 * means something only for a run that was healthy when the trigger came. Every count carries the cell's met share
 * (mean over its runs) and its late share among admitted tasks (pooled), so a count is never read without what the
 * service delivered.
 */
final class SpontaneousTips {
  /** The model's criterion ({@link Tipping}) in words. */
  static final String CRITERION = Tipping.words(RecoveryMeter.Windows.HOUR);

  private final Function<RunRow, Double> tippedAtS;
  private final List<RunRow> rows;

  /** Judged by the rows' own tip times and "never healthy". */
  SpontaneousTips(List<RunRow> rows) {
    this(rows, RunRow::tippedAtS);
  }

  /** @param tippedAtS when a run tipped, seconds into it, or null if it never did */
  SpontaneousTips(List<RunRow> rows, Function<RunRow, Double> tippedAtS) {
    this.rows = rows;
    this.tippedAtS = tippedAtS;
  }

  /** Whether the run was never healthy, so down from its first judged second. */
  private static boolean never(RunRow r) {
    return Boolean.TRUE.equals(r.neverHealthy());
  }

  /** Whether the run went down with no trigger behind it. */
  boolean spontaneous(RunRow r) {
    if (r.recovery() != null && r.recovery().downBeforeTrigger()) {
      return true;
    }
    if (never(r)) {
      return r.trigger() == null || r.recovery() == null;
    }
    Double at = tippedAtS.apply(r);
    if (at == null) {
      return false;
    }
    return r.trigger() == null || at < r.trigger().atS();
  }

  /** One cell's tally: down, never healthy, all; met share summed; late and settled among admitted. */
  static final class Tally {
    int down;
    int never;
    int runs;
    double metShare;
    long late;
    long settled;

    String words() {
      String n = never > 0 ? String.format(Locale.ROOT, " (%d never healthy)", never) : "";
      return String.format(Locale.ROOT, "%d/%d%s · met %.1f%% · late %s", down, runs, n, 100 * metShare / runs,
          settled == 0 ? "–" : String.format(Locale.ROOT, "%.0f%%", 100.0 * late / settled));
    }
  }

  /** Tallies per "setting|machine|scenario|policy", in the rows' order. */
  Map<String, Tally> tallies() {
    Map<String, Tally> n = new LinkedHashMap<>();
    for (RunRow r : rows) {
      if (r.spawnCostS() != null) {
        continue;
      }
      String setting = r.study() == null ? "main, " + r.admission() : r.study() + ", " + r.admission();
      Tally c = n.computeIfAbsent(setting + "|" + r.machine() + "|" + r.scenario() + "|" + r.policy(), k -> new Tally());
      boolean down = spontaneous(r);
      c.down += down ? 1 : 0;
      c.never += down && never(r) ? 1 : 0;
      c.runs++;
      c.metShare += r.metrics().metShare();
      c.late += r.metrics().late();
      c.settled += r.metrics().met() + r.metrics().late();
    }
    return n;
  }

  /** Down and all runs per "setting|machine|scenario|policy", in the rows' order. */
  Map<String, int[]> counts() {
    Map<String, int[]> n = new LinkedHashMap<>();
    tallies().forEach((k, t) -> n.put(k, new int[] {t.down, t.runs}));
    return n;
  }

  void markdown(StringBuilder md, String criterion) {
    md.append("### Runs that went down by themselves\n\n");
    md.append("A run is **down** by the model's criterion (").append(criterion).append("); counted here only where no "
        + "trigger was behind it: a run without a trigger that tipped or was never healthy (down from its first judged "
        + "second: it did not fall, it never stood), or a triggered run down before its trigger began. Each cell: runs "
        + "down of all (of them never healthy), the mean met share and the late share among admitted tasks, per setting, "
        + "machine and policy, by scenario (load); rows with no run down are left out.\n\n");
    Map<String, Tally> counts = tallies();
    Map<String, List<String>> scenarios = new LinkedHashMap<>();
    Map<String, Map<String, Map<String, Tally>>> table = new LinkedHashMap<>();
    int total = 0;
    int never = 0;
    int all = 0;
    for (Map.Entry<String, Tally> e : counts.entrySet()) {
      String[] k = e.getKey().split("\\|", 4);
      List<String> sc = scenarios.computeIfAbsent(k[0], x -> new ArrayList<>());
      if (!sc.contains(k[2])) {
        sc.add(k[2]);
      }
      table.computeIfAbsent(k[0], x -> new LinkedHashMap<>()).computeIfAbsent(k[1] + "|" + k[3], x -> new LinkedHashMap<>())
          .put(k[2], e.getValue());
      total += e.getValue().down;
      never += e.getValue().never;
      all += e.getValue().runs;
    }
    for (Map.Entry<String, Map<String, Map<String, Tally>>> setting : table.entrySet()) {
      List<String> sc = scenarios.get(setting.getKey());
      StringBuilder body = new StringBuilder();
      for (Map.Entry<String, Map<String, Tally>> row : setting.getValue().entrySet()) {
        if (row.getValue().values().stream().noneMatch(c -> c.down > 0)) {
          continue;
        }
        String[] mp = row.getKey().split("\\|", 2);
        body.append("| ").append(mp[0]).append(" | ").append(mp[1]).append(" |");
        for (String s : sc) {
          Tally c = row.getValue().get(s);
          body.append(c == null ? " – |" : " " + c.words() + " |");
        }
        body.append('\n');
      }
      md.append("**").append(setting.getKey()).append("**");
      if (body.length() == 0) {
        md.append(": no run went down by itself.\n\n");
        continue;
      }
      md.append("\n\n| machine | policy |");
      sc.forEach(s -> md.append(' ').append(s).append(" |"));
      md.append("\n|---|---|").append("---|".repeat(sc.size())).append('\n').append(body).append('\n');
    }
    md.append(String.format(Locale.ROOT, "%d of %d runs went down by themselves (%d of them never healthy).\n\n", total,
        all, never));
  }
}
