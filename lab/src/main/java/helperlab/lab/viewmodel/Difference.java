package helperlab.lab.viewmodel;

import helperlab.model.RunMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** One row of the overlay's difference table: a metric for run A, run B, and B − A. */
public record Difference(String metric, double a, double b, boolean whole, String unit) {
  public double delta() {
    return b - a;
  }

  public String aText() {
    return fmt(a);
  }

  public String bText() {
    return fmt(b);
  }

  /** B − A; a difference of two shares is in percentage points ("−8.33 pts"), not a percentage of A. */
  public String deltaText() {
    double d = delta();
    String s = "%".equals(unit) ? fmt(Math.abs(d)).replace(" %", " pts") : fmt(Math.abs(d));
    if (s.replaceAll("[^1-9]", "").isEmpty()) {
      return "0"; // a difference too small to show is no difference, not "−0.00"
    }
    return d > 0 ? "+" + s : "−" + s;
  }

  private String fmt(double v) {
    String n = Numbers.fixed(v, whole || Math.abs(v) >= 100 ? 0 : 2);
    return unit.isEmpty() ? n : n + " " + unit;
  }

  private record Metric(String name, ToDoubleFunction<RunMetrics> f, boolean whole, String unit) {}

  private static final List<Metric> METRICS = List.of(
      new Metric("submitted", RunMetrics::submitted, true, ""),
      new Metric("turned away", RunMetrics::refused, true, ""),
      new Metric("met", RunMetrics::met, true, ""),
      new Metric("late", RunMetrics::late, true, ""),
      new Metric("met share", m -> 100 * m.metShare(), false, "%"),
      new Metric("spawns", RunMetrics::spawns, true, ""),
      new Metric("processes per task", RunMetrics::processesPerTask, false, ""),
      new Metric("CPU useful", RunMetrics::cpuUsefulS, false, "s"),
      new Metric("CPU spawning", RunMetrics::cpuSpawnS, false, "s"),
      new Metric("CPU killed", RunMetrics::cpuKilledS, false, "s"),
      new Metric("CPU overhead share", m -> 100 * m.overheadShare(), false, "%"),
      new Metric("peak memory", RunMetrics::peakMemoryMb, true, "MB"),
      new Metric("OOM kills", RunMetrics::oomKills, true, ""),
      new Metric("lateness p99", RunMetrics::latenessP99S, false, "s"));

  public static List<Difference> between(RunMetrics a, RunMetrics b) {
    List<Difference> rows = new ArrayList<>(METRICS.size());
    for (Metric m : METRICS) {
      rows.add(new Difference(m.name, m.f.applyAsDouble(a), m.f.applyAsDouble(b), m.whole, m.unit));
    }
    return rows;
  }
}
