package helperlab.runs;

import helperlab.model.RunMetrics;
import java.util.function.ToDoubleFunction;

/** What an effect size is measured in: deadline-met share in points of the tasks submitted, spawns, tasks turned away. */
public enum EffectMeasure {
  MET("met share, points", "met_points", m -> 100 * m.metShare()),
  SPAWNS("spawns", "spawns", RunMetrics::spawns),
  TURNED_AWAY("turned away", "turned_away", RunMetrics::refused);

  private final String label;
  private final String column;
  private final ToDoubleFunction<RunMetrics> value;

  EffectMeasure(String label, String column, ToDoubleFunction<RunMetrics> value) {
    this.label = label;
    this.column = column;
    this.value = value;
  }

  public String label() {
    return label;
  }

  /** Its name in a CSV. */
  public String column() {
    return column;
  }

  public double value(RunMetrics m) {
    return value.applyAsDouble(m);
  }
}
