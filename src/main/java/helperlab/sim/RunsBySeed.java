package helperlab.sim;

import helperlab.model.RunMetrics;
import helperlab.policy.AdmissionMode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * A sweep's runs by cell (scenario, policy, machine, admission), each cell's metrics in seed order, so
 * two cells' values line up seed by seed for paired differences (every cell of a sweep shares its
 * seeds' arrivals).
 */
final class RunsBySeed {
  private final Map<String, TreeMap<Long, RunMetrics>> cells = new HashMap<>();

  RunsBySeed(List<RunRow> rows) {
    for (RunRow r : rows) {
      cells.computeIfAbsent(key(r.scenario(), r.policy(), r.machine(), r.admission()), k -> new TreeMap<>())
          .put(r.seed(), r.metrics());
    }
  }

  private static String key(String scenario, String policy, String machine, String admission) {
    return scenario + "|" + policy + "|" + machine + "|" + admission;
  }

  boolean has(String scenario, String policy, String machine, AdmissionMode admission) {
    return cells.containsKey(key(scenario, policy, machine, admission.id()));
  }

  /** {@code metric} of the cell's runs, in seed order. */
  double[] values(String scenario, String policy, String machine, AdmissionMode admission,
      ToDoubleFunction<RunMetrics> metric) {
    return cells.get(key(scenario, policy, machine, admission.id())).values().stream().mapToDouble(metric).toArray();
  }

  /** The same under edf-fit admission, the sweep's own. */
  double[] edf(String scenario, String policy, String machine, ToDoubleFunction<RunMetrics> metric) {
    return values(scenario, policy, machine, AdmissionMode.EDF_FIT, metric);
  }

  /** Shares (0-1) as percentage points. */
  static double[] points(double[] shares) {
    double[] p = new double[shares.length];
    for (int i = 0; i < shares.length; i++) {
      p[i] = 100 * shares[i];
    }
    return p;
  }
}
