package helperlab.study;

import helperlab.model.MachineSpec;
import helperlab.workload.ScenarioSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The spawn-cost study's answer: per machine, scenario and splitting policy, its met share minus the
 * pool's (paired over seeds, in points) at each spawn cost, and the breakeven: the highest spawn cost
 * up to which it is shown level with the pool or ahead at every cost studied: its difference's 95% interval lies
 * above −{@link #LEVEL_POINTS} points (non-inferiority, the lower of the two one-sided tests; a noisy mean near
 * zero is not level). The spawn cost is the CPU a fresh worker costs: start-up plus warm-up, with its slower first images
 * moved by the same factor; its memory and start-up parallelism stay the JVM's. So the breakeven carries to other
 * workloads it is also given as the policy's start-up CPU over its useful CPU there (start overhead per task over
 * the task's work), beside the share of the machine the policy kept busy (its effective utilisation).
 */
public final class SpawnCostCurves {
  public static final double LEVEL_POINTS = 5;

  /**
   * One point of a curve: the spawn cost, the paired difference's interval, the policy's start-up CPU over its
   * useful CPU and the CPU it used over the machine's (cores times the hour; NaN when the machine or scenario is
   * not built in), means over seeds.
   */
  public record Point(double spawnCostS, Interval difference, double startOverWork, double utilisation) {
    public Point(double spawnCostS, Interval difference) {
      this(spawnCostS, difference, Double.NaN, Double.NaN);
    }

    /** Shown no more than the margin behind the pool: the interval's lower end above it (NaN, one seed: not shown). */
    public boolean levelOrAhead() {
      return difference.lo() > -LEVEL_POINTS;
    }
  }

  /** A splitting policy's curve in one machine × scenario panel. */
  public record Curve(String machine, String scenario, String policy, List<Point> points) {
    /** The highest spawn cost up to which the policy is level at every cost studied; NaN if not level at the first. */
    public double breakevenS() {
      double last = Double.NaN;
      for (Point p : points) {
        if (!p.levelOrAhead()) {
          return last;
        }
        last = p.spawnCostS();
      }
      return last;
    }

    /** The point at the breakeven; null if the policy is never level. */
    public Point breakevenPoint() {
      double b = breakevenS();
      return points.stream().filter(p -> p.spawnCostS() == b).findFirst().orElse(null);
    }

    /** Level at every spawn cost studied. */
    public boolean levelThroughout() {
      return points.stream().allMatch(Point::levelOrAhead);
    }
  }

  private final List<Curve> curves;

  private SpawnCostCurves(List<Curve> curves) {
    this.curves = List.copyOf(curves);
  }

  /** The curves from a sweep's spawn-cost rows (other rows are ignored), in the study's order. */
  public static SpawnCostCurves of(List<RunRow> rows) {
    // machine|scenario -> policy -> cost -> seed -> met share
    Map<String, Map<String, TreeMap<Double, TreeMap<Long, Double>>>> panels = new LinkedHashMap<>();
    // machine|scenario|policy|cost -> {start CPU over useful, utilisation} summed over seeds, and the count
    Map<String, double[]> overhead = new LinkedHashMap<>();
    for (RunRow r : rows) {
      if (!Studies.SPAWN_COST.equals(r.study())) {
        continue;
      }
      panels.computeIfAbsent(r.machine() + "|" + r.scenario(), k -> new LinkedHashMap<>())
          .computeIfAbsent(r.policy(), k -> new TreeMap<>())
          .computeIfAbsent(r.spawnCostS(), k -> new TreeMap<>())
          .put(r.seed(), 100 * r.metrics().metShare());
      double[] o = overhead.computeIfAbsent(r.machine() + "|" + r.scenario() + "|" + r.policy() + "|" + r.spawnCostS(),
          k -> new double[3]);
      o[0] += r.metrics().cpuUsefulS() > 0 ? r.metrics().cpuSpawnS() / r.metrics().cpuUsefulS() : Double.NaN;
      o[1] += r.metrics().cpuTotalS() / machineSeconds(r.machine(), r.scenario());
      o[2]++;
    }
    List<Curve> curves = new ArrayList<>();
    for (Map.Entry<String, Map<String, TreeMap<Double, TreeMap<Long, Double>>>> panel : panels.entrySet()) {
      String[] key = panel.getKey().split("\\|", 2);
      TreeMap<Double, TreeMap<Long, Double>> pool = panel.getValue().get(Studies.REFERENCE_POOL);
      if (pool == null) {
        continue;
      }
      for (Map.Entry<String, TreeMap<Double, TreeMap<Long, Double>>> policy : panel.getValue().entrySet()) {
        if (policy.getKey().equals(Studies.REFERENCE_POOL)) {
          continue;
        }
        List<Point> points = new ArrayList<>();
        for (Map.Entry<Double, TreeMap<Long, Double>> cost : policy.getValue().entrySet()) {
          TreeMap<Long, Double> ref = pool.get(cost.getKey());
          if (ref == null || !ref.keySet().equals(cost.getValue().keySet())) {
            continue;
          }
          double[] a = cost.getValue().values().stream().mapToDouble(Double::doubleValue).toArray();
          double[] b = ref.values().stream().mapToDouble(Double::doubleValue).toArray();
          double[] o = overhead.get(key[0] + "|" + key[1] + "|" + policy.getKey() + "|" + cost.getKey());
          points.add(new Point(cost.getKey(), Interval.paired(a, b), o[0] / o[2], o[1] / o[2]));
        }
        curves.add(new Curve(key[0], key[1], policy.getKey(), points));
      }
    }
    return new SpawnCostCurves(curves);
  }

  /** A built-in machine's cores times a built-in scenario's length; NaN for others (their rows do not say). */
  private static double machineSeconds(String machine, String scenario) {
    try {
      return MachineSpec.builtIn(machine).cores() * ScenarioSpec.builtIn(scenario).durationS();
    } catch (RuntimeException e) {
      return Double.NaN;
    }
  }

  /**
   * The breakeven of every curve as a table: where the policy stops being level, its start-up CPU over its useful
   * CPU there and the share of the machine it used.
   */
  public String breakevenTable() {
    StringBuilder md = new StringBuilder("| machine | scenario | policy | level up to (start-up CPU) | start-up CPU over"
        + " the work there | CPU used over the machine's there |\n|---|---|---|---:|---:|---:|\n");
    for (Curve c : curves) {
      Point p = c.breakevenPoint();
      md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", c.machine(), c.scenario(), c.policy(),
          p == null ? "never" : (c.levelThroughout() ? "all (" : "") + StudyFindings.seconds(p.spawnCostS())
              + (c.levelThroughout() ? ")" : ""),
          p == null || Double.isNaN(p.startOverWork()) ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * p.startOverWork()),
          p == null || Double.isNaN(p.utilisation()) ? "–" : String.format(Locale.ROOT, "%.0f%%", 100 * p.utilisation())));
    }
    return md.toString();
  }

  public List<Curve> curves() {
    return curves;
  }

  public boolean isEmpty() {
    return curves.isEmpty();
  }

  /** Machines and scenarios in the order they appear. */
  public List<String> machines() {
    return curves.stream().map(Curve::machine).distinct().toList();
  }

  public List<String> scenarios() {
    return curves.stream().map(Curve::scenario).distinct().toList();
  }

  public List<Curve> panel(String machine, String scenario) {
    return curves.stream().filter(c -> c.machine().equals(machine) && c.scenario().equals(scenario)).toList();
  }
}
