package helperlab.runs;

import helperlab.model.RunMetrics;
import java.util.function.ToDoubleFunction;

/**
 * The measures a replay is judged on, each with its tolerance, stated once: tasks turned away equal,
 * spawns within one (in budgeted runs only: an unbudgeted box spawns by the hundred), deadlines met
 * within 3 percentage points of the tasks submitted.
 */
public enum AgreementMeasure {
  TURNED_AWAY("tasks turned away equal", 0, false, RunMetrics::refused),
  SPAWNS("spawns within one", 1, true, RunMetrics::spawns),
  MET("deadlines met within 3 points", 3, false, m -> 100 * m.metShare());

  private static final double EPSILON = 1e-9;

  private final String label;
  private final double tolerance;
  private final boolean budgetedOnly;
  private final ToDoubleFunction<RunMetrics> value;

  AgreementMeasure(String label, double tolerance, boolean budgetedOnly, ToDoubleFunction<RunMetrics> value) {
    this.label = label;
    this.tolerance = tolerance;
    this.budgetedOnly = budgetedOnly;
    this.value = value;
  }

  public String label() {
    return label;
  }

  public double value(RunMetrics m) {
    return value.applyAsDouble(m);
  }

  /** Whether this measure judges a run of a policy that is (or is not) budgeted. */
  public boolean applies(boolean budgeted) {
    return budgeted || !budgetedOnly;
  }

  /** Two runs agree: within the tolerance of each other. */
  public boolean agrees(RunMetrics a, RunMetrics b) {
    return agrees(value(a), value(b));
  }

  public boolean agrees(double a, double b) {
    return Math.abs(a - b) <= tolerance + EPSILON;
  }

  /**
   * A replay agrees with a real run recorded twice when it is within tolerance of either recording, or
   * lies between them: the real cage's own spread is the yardstick, not one recording of it.
   */
  public boolean agreesWithSpread(RunMetrics replay, RunMetrics first, RunMetrics second) {
    return agreesWithSpread(value(replay), value(first), value(second));
  }

  public boolean agreesWithSpread(double replay, double first, double second) {
    return agrees(replay, first) || agrees(replay, second)
        || (replay >= Math.min(first, second) - EPSILON && replay <= Math.max(first, second) + EPSILON);
  }
}
