package helperlab.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The spawn-cost study's answer: per machine, scenario and splitting policy, its met share minus the
 * pool's (paired over seeds, in points) at each spawn cost, and the breakeven: the highest spawn cost
 * up to which it is level with the pool (within {@link #LEVEL_POINTS} points, or ahead) at every cost
 * studied.
 */
public final class SpawnCostCurves {
  public static final double LEVEL_POINTS = 5;

  /** One point of a curve: the spawn cost and the paired difference's interval. */
  public record Point(double spawnCostS, Interval difference) {}

  /** A splitting policy's curve in one machine × scenario panel. */
  public record Curve(String machine, String scenario, String policy, List<Point> points) {
    /** The highest spawn cost up to which the policy is level at every cost studied; NaN if not level at the first. */
    public double breakevenS() {
      double last = Double.NaN;
      for (Point p : points) {
        if (p.difference().mean() < -LEVEL_POINTS) {
          return last;
        }
        last = p.spawnCostS();
      }
      return last;
    }

    /** Level at every spawn cost studied. */
    public boolean levelThroughout() {
      return points.stream().allMatch(p -> p.difference().mean() >= -LEVEL_POINTS);
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
    for (RunRow r : rows) {
      if (!Studies.SPAWN_COST.equals(r.study())) {
        continue;
      }
      panels.computeIfAbsent(r.machine() + "|" + r.scenario(), k -> new LinkedHashMap<>())
          .computeIfAbsent(r.policy(), k -> new TreeMap<>())
          .computeIfAbsent(r.spawnCostS(), k -> new TreeMap<>())
          .put(r.seed(), 100 * r.metrics().metShare());
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
          points.add(new Point(cost.getKey(), Interval.paired(a, b)));
        }
        curves.add(new Curve(key[0], key[1], policy.getKey(), points));
      }
    }
    return new SpawnCostCurves(curves);
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
