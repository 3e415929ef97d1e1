package helperlab.sim;

import helperlab.model.RunMetrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** Per scenario × policy × machine × admission: each metric's mean and 95% interval over seeds. */
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

  /** One group's intervals by metric name. */
  public record Cell(String scenario, String policy, String machine, String admission, Map<String, Interval> values) {
    public Interval get(String metric) {
      Interval i = values.get(metric);
      if (i == null) {
        throw new IllegalArgumentException("no metric '" + metric + "'; known: " + values.keySet());
      }
      return i;
    }
  }

  private final List<Cell> cells;

  private SweepSummary(List<Cell> cells) {
    this.cells = List.copyOf(cells);
  }

  public static SweepSummary of(List<RunRow> rows) {
    Map<String, List<RunRow>> groups = new LinkedHashMap<>();
    for (RunRow r : rows) {
      groups.computeIfAbsent(r.scenario() + "|" + r.policy() + "|" + r.machine() + "|" + r.admission(),
          k -> new ArrayList<>()).add(r);
    }
    List<Cell> cells = new ArrayList<>();
    for (List<RunRow> g : groups.values()) {
      RunRow first = g.get(0);
      Map<String, Interval> values = new LinkedHashMap<>();
      METRICS.forEach((name, f) -> values.put(name, Interval.of(g.stream().mapToDouble(r -> f.applyAsDouble(r.metrics())).toArray())));
      cells.add(new Cell(first.scenario(), first.policy(), first.machine(), first.admission(), values));
    }
    return new SweepSummary(cells);
  }

  public List<Cell> cells() {
    return cells;
  }

  public String toCsv() {
    StringBuilder sb = new StringBuilder("scenario,policy,machine,admission,runs");
    for (String m : METRICS.keySet()) {
      sb.append(',').append(m).append("_mean,").append(m).append("_lo,").append(m).append("_hi");
    }
    sb.append('\n');
    for (Cell c : cells) {
      sb.append(c.scenario()).append(',').append(c.policy()).append(',').append(c.machine()).append(',')
          .append(c.admission()).append(',').append(c.values().values().iterator().next().n());
      for (Interval i : c.values().values()) {
        sb.append(',').append(num(i.mean())).append(',').append(num(i.lo())).append(',').append(num(i.hi()));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }
}
