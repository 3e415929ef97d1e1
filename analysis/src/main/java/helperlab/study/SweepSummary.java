package helperlab.study;

import helperlab.model.RunMetrics;
import helperlab.workload.Recovery;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Per scenario × policy × machine × admission (and, for a study's runs, study × condition): each
 * metric's mean and 95% interval over seeds. With study runs, the table gains the columns study,
 * condition and the recovery measures (empty for runs without a trigger).
 */
public final class SweepSummary {
  /** The metrics summarised, in column order. */
  public static final Map<String, ToDoubleFunction<RunMetrics>> METRICS = metrics();

  private static Map<String, ToDoubleFunction<RunMetrics>> metrics() {
    Map<String, ToDoubleFunction<RunMetrics>> m = new LinkedHashMap<>();
    m.put("met_share", RunMetrics::metShare);
    m.put("refused_share", RunMetrics::refusedShare);
    m.put("processes_per_task", RunMetrics::processesPerTask);
    m.put("overhead_share", RunMetrics::overheadShare);
    m.put("cpu_useful_s", RunMetrics::cpuUsefulS);
    m.put("cpu_spawn_s", RunMetrics::cpuSpawnS);
    m.put("cpu_killed_s", RunMetrics::cpuKilledS);
    m.put("peak_memory_mb", RunMetrics::peakMemoryMb);
    m.put("oom_kills", RunMetrics::oomKills);
    m.put("lateness_p50_s", RunMetrics::latenessP50S);
    m.put("lateness_p99_s", RunMetrics::latenessP99S);
    m.put("submitted", RunMetrics::submitted);
    m.put("met", RunMetrics::met);
    m.put("late", RunMetrics::late);
    m.put("refused", RunMetrics::refused);
    m.put("spawns", RunMetrics::spawns);
    return java.util.Collections.unmodifiableMap(m);
  }

  /**
   * The recovery measures of a study's runs with a trigger: the share down before it, and over the runs that were
   * healthy before it the share metastable and the recovery time of those that recovered.
   */
  public static final Map<String, ToDoubleFunction<Recovery>> RECOVERY_METRICS = recoveryMetrics();

  private static Map<String, ToDoubleFunction<Recovery>> recoveryMetrics() {
    Map<String, ToDoubleFunction<Recovery>> m = new LinkedHashMap<>();
    // a run down before its trigger is counted apart: the others' metastable share is over the runs healthy before
    m.put("down_before_trigger_share", r -> r.downBeforeTrigger() ? 1 : 0);
    m.put("metastable_share", r -> r.downBeforeTrigger() ? Double.NaN : r.metastable() ? 1 : 0);
    m.put("recovery_s", r -> r.recoveryOr(Double.NaN)); // over the runs that recovered
    m.put("during_spawns_per_task", r -> r.during().spawnsPerTask());
    m.put("during_retries_per_task", r -> r.during().retriesPerTask());
    m.put("after_spawns_per_task", r -> r.after().spawnsPerTask());
    m.put("after_retries_per_task", r -> r.after().retriesPerTask());
    m.put("after_mean_processes", r -> r.after().meanProcesses());
    return java.util.Collections.unmodifiableMap(m);
  }

  /** One group's intervals by metric name ({@code study} and {@code condition} empty in the main sweep). */
  public record Cell(String scenario, String policy, String machine, String admission, Map<String, Interval> values,
      String study, String condition, Map<String, Interval> recovery) {
    public Cell(String scenario, String policy, String machine, String admission, Map<String, Interval> values) {
      this(scenario, policy, machine, admission, values, "", "", Map.of());
    }

    public Interval get(String metric) {
      Interval i = values.get(metric);
      if (i == null) {
        throw new IllegalArgumentException("no metric '" + metric + "'; known: " + values.keySet());
      }
      return i;
    }
  }

  private final List<Cell> cells;
  private final boolean studies;

  private SweepSummary(List<Cell> cells, boolean studies) {
    this.cells = List.copyOf(cells);
    this.studies = studies;
  }

  public static SweepSummary of(List<RunRow> rows) {
    Map<String, List<RunRow>> groups = new LinkedHashMap<>();
    boolean studies = false;
    for (RunRow r : rows) {
      studies |= r.study() != null;
      String study = r.study() == null ? "" : r.study() + "|" + r.condition() + "|";
      groups.computeIfAbsent(study + r.scenario() + "|" + r.policy() + "|" + r.machine() + "|" + r.admission(),
          k -> new ArrayList<>()).add(r);
    }
    List<Cell> cells = new ArrayList<>();
    for (List<RunRow> g : groups.values()) {
      RunRow first = g.get(0);
      Map<String, Interval> values = new LinkedHashMap<>();
      METRICS.forEach((name, f) -> values.put(name, Interval.of(g.stream().mapToDouble(r -> f.applyAsDouble(r.metrics())).toArray())));
      Map<String, Interval> recovery = new LinkedHashMap<>();
      if (first.recovery() != null) {
        RECOVERY_METRICS.forEach((name, f) -> recovery.put(name, Interval.of(g.stream().filter(r -> r.recovery() != null)
            .mapToDouble(r -> f.applyAsDouble(r.recovery())).filter(v -> !Double.isNaN(v)).toArray())));
      }
      cells.add(new Cell(first.scenario(), first.policy(), first.machine(), first.admission(), values,
          first.study() == null ? "" : first.study(), first.study() == null ? "" : first.condition(), recovery));
    }
    return new SweepSummary(cells, studies);
  }

  public List<Cell> cells() {
    return cells;
  }

  public String toCsv() {
    StringBuilder sb = new StringBuilder("scenario,policy,machine,admission,runs");
    for (String m : METRICS.keySet()) {
      sb.append(',').append(m).append("_mean,").append(m).append("_lo,").append(m).append("_hi");
    }
    if (studies) {
      sb.append(",study,condition");
      for (String m : RECOVERY_METRICS.keySet()) {
        sb.append(',').append(m).append("_mean,").append(m).append("_lo,").append(m).append("_hi");
      }
    }
    sb.append('\n');
    for (Cell c : cells) {
      sb.append(c.scenario()).append(',').append(c.policy()).append(',').append(c.machine()).append(',')
          .append(c.admission()).append(',').append(c.values().values().iterator().next().n());
      for (Interval i : c.values().values()) {
        sb.append(',').append(num(i.mean())).append(',').append(num(i.lo())).append(',').append(num(i.hi()));
      }
      if (studies) {
        sb.append(',').append(c.study()).append(',').append(c.condition());
        for (String m : RECOVERY_METRICS.keySet()) {
          Interval i = c.recovery().get(m);
          if (i == null || i.n() == 0) {
            sb.append(",,,");
          } else {
            sb.append(',').append(num(i.mean())).append(',').append(num(i.lo())).append(',').append(num(i.hi()));
          }
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }
}
