package helperlab.lab.viewmodel;

import helperlab.study.Interval;
import helperlab.study.SweepSummary;
import java.util.Locale;

/** One row of the sweep table: a scenario × policy × machine × admission with its intervals over seeds. */
public record SummaryRow(String scenario, String policy, String machine, String admission, int runs,
    Interval metShare, Interval refusedShare, Interval processesPerTask, Interval overheadShare, Interval spawns,
    Interval peakMemoryMb) {

  public static SummaryRow of(SweepSummary.Cell c) {
    return new SummaryRow(c.scenario(), c.policy(), c.machine(), c.admission(), c.get("met_share").n(),
        c.get("met_share"), c.get("refused_share"), c.get("processes_per_task"), c.get("overhead_share"),
        c.get("spawns"), c.get("peak_memory_mb"));
  }

  /** {@code 62.1 % [58.0, 66.2]} for a share. */
  public static String percent(Interval i) {
    return String.format(Locale.ROOT, "%.1f %% [%.1f, %.1f]", 100 * i.mean(), 100 * i.lo(), 100 * i.hi());
  }

  /** {@code 1.32 [1.10, 1.54]}. */
  public static String plain(Interval i) {
    return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", i.mean(), i.lo(), i.hi());
  }
}
