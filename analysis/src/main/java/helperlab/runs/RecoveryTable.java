package helperlab.runs;

import helperlab.model.RunRecord;
import helperlab.workload.Recovery;
import helperlab.workload.RunTriggers;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The recovery from a trigger on both sides of each pair that had one: the recovery time, and whether
 * the run tipped (metastable: not back by the end of its arrivals), with the amplification during and
 * after the trigger. Both sides were measured by the same meter with the same spans.
 */
public record RecoveryTable(String left, String right, List<Row> rows) {
  /** One pair with a trigger. */
  public record Row(String run, String policy, long seed, Trigger trigger, Recovery leftRecovery, Recovery rightRecovery) {
    /** Both sides tipped, or neither did. */
    public boolean tippedAlike() {
      return leftRecovery.metastable() == rightRecovery.metastable();
    }
  }

  public RecoveryTable {
    rows = List.copyOf(rows);
  }

  /** The pairs whose left run had a trigger (both sides need its recovery; a side without one is left out). */
  public static RecoveryTable of(Comparison.Sides sides, List<Comparison.Pair> pairs) {
    List<Row> rows = new ArrayList<>();
    for (Comparison.Pair p : pairs) {
      Trigger t = RunTriggers.trigger(p.left());
      Recovery a = RunTriggers.recovery(p.left());
      Recovery b = RunTriggers.recovery(p.right());
      if (t != null && a != null && b != null) {
        RunRecord r = p.left();
        rows.add(new Row(r.id(), r.policy(), r.seed(), t, a, b));
      }
    }
    return new RecoveryTable(sides.left(), sides.right(), rows);
  }

  public long tippedAlike() {
    return rows.stream().filter(Row::tippedAlike).count();
  }

  /** The section for compare.md; empty when no pair had a trigger. */
  public String markdown() {
    if (rows.isEmpty()) {
      return "";
    }
    String pair = left + " / " + right;
    StringBuilder md = new StringBuilder("\n## Recovery from the trigger\n\n");
    md.append(String.format(Locale.ROOT, "Recovery time from the trigger's end until the met share over a sliding "
        + "window and the queue are back in the pre-trigger band, holding; **tipped** = not back by the end of the "
        + "arrivals (metastable). Both sides tipped alike in **%d of %d** runs. Spawns / retries per admitted task "
        + "during the trigger and after it.%n%n", tippedAlike(), rows.size()));
    md.append("| run | policy | seed | trigger | recovery s " + pair + " | tipped " + pair + " | during " + pair
        + " | after " + pair + " |\n|---|---|---:|---|---|---|---|---|\n");
    for (Row r : rows) {
      Recovery a = r.leftRecovery();
      Recovery b = r.rightRecovery();
      md.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s / %s | %s / %s%s | %s / %s | %s / %s |%n",
          r.run(), r.policy(), r.seed(), r.trigger().label() + " at " + secs(r.trigger().atS()) + " s for "
              + secs(r.trigger().durationS()) + " s",
          recovery(a), recovery(b), yesNo(a.metastable()), yesNo(b.metastable()), r.tippedAlike() ? "" : " ✗",
          amp(a.during()), amp(b.during()), amp(a.after()), amp(b.after())));
    }
    return md.toString();
  }

  private static String recovery(Recovery r) {
    return r.recoveryS() == null ? "—" : secs(r.recoveryS());
  }

  private static String yesNo(boolean b) {
    return b ? "yes" : "no";
  }

  private static String secs(double s) {
    return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%.1f", s);
  }

  private static String amp(Recovery.Amplification a) {
    return String.format(Locale.ROOT, "%.2f·%.2f", a.spawnsPerTask(), a.retriesPerTask());
  }
}
