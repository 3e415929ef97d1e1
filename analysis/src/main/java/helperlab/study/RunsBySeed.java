package helperlab.study;

import helperlab.model.RunMetrics;
import helperlab.policy.AdmissionMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * A sweep's runs by cell (study, scenario, policy, machine, admission), each cell's metrics in seed order,
 * so two cells' values line up seed by seed for paired differences (every cell of a sweep shares its seeds'
 * arrivals). The main sweep's cells are those without a study; the claims' own setting ({@link SplitRoom})
 * is asked for by its name. Rows of a triggered or spawn-cost study are not cells here.
 */
final class RunsBySeed {
  static final String MAIN = "";
  private final Map<String, TreeMap<Long, RunMetrics>> cells = new HashMap<>();

  RunsBySeed(List<RunRow> rows) {
    for (RunRow r : rows) {
      if (r.trigger() != null || r.spawnCostS() != null) {
        continue;
      }
      cells.computeIfAbsent(key(r.study() == null ? MAIN : r.study(), r.scenario(), r.policy(), r.machine(), r.admission()),
          k -> new TreeMap<>()).put(r.seed(), r.metrics());
    }
  }

  private static String key(String study, String scenario, String policy, String machine, String admission) {
    return study + "|" + scenario + "|" + policy + "|" + machine + "|" + admission;
  }

  boolean has(String scenario, String policy, String machine, AdmissionMode admission) {
    return has(MAIN, scenario, policy, machine, admission);
  }

  boolean has(String study, String scenario, String policy, String machine, AdmissionMode admission) {
    return cells.containsKey(key(study, scenario, policy, machine, admission.id()));
  }

  /** {@code metric} of the cell's runs, in seed order. */
  double[] values(String scenario, String policy, String machine, AdmissionMode admission,
      ToDoubleFunction<RunMetrics> metric) {
    return values(MAIN, scenario, policy, machine, admission, metric);
  }

  double[] values(String study, String scenario, String policy, String machine, AdmissionMode admission,
      ToDoubleFunction<RunMetrics> metric) {
    return metrics(study, scenario, policy, machine, admission).stream().mapToDouble(metric).toArray();
  }

  /** The cell's runs' metrics, in seed order. */
  List<RunMetrics> metrics(String study, String scenario, String policy, String machine, AdmissionMode admission) {
    TreeMap<Long, RunMetrics> cell = cells.get(key(study, scenario, policy, machine, admission.id()));
    if (cell == null) {
      throw new IllegalArgumentException("no runs of " + policy + " (" + admission.id() + ") on " + machine + " in "
          + scenario + (study.isEmpty() ? "" : " (" + study + ")"));
    }
    return new ArrayList<>(cell.values());
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
