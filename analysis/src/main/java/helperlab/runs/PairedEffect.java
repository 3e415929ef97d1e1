package helperlab.runs;

import helperlab.study.Interval;
import java.util.List;

/**
 * One of the seed's comparisons on one measure: policy {@code left} minus policy {@code right}, paired over
 * the scenario × seed cells both played, on the real runs and on their replays (the same tasks), each as a
 * mean with its 95% Student's t interval over the cells' differences (n − 1 degrees of freedom).
 */
public record PairedEffect(String left, String right, EffectMeasure measure, List<Cell> cells, Interval real,
    Interval sim) {
  /** One scenario × seed: the measure for both policies, real and replayed. */
  public record Cell(String scenario, long seed, double realLeft, double realRight, double simLeft, double simRight) {
    public double realDifference() {
      return realLeft - realRight;
    }

    public double simDifference() {
      return simLeft - simRight;
    }
  }

  public PairedEffect {
    if (cells.size() < 2) {
      throw new IllegalArgumentException(left + " minus " + right + ": an interval needs at least 2 scenario x seed pairs, got "
          + cells.size());
    }
    cells = List.copyOf(cells);
  }

  static PairedEffect of(String left, String right, EffectMeasure measure, List<Cell> cells) {
    return new PairedEffect(left, right, measure, cells,
        Interval.of(cells.stream().mapToDouble(Cell::realDifference).toArray()),
        Interval.of(cells.stream().mapToDouble(Cell::simDifference).toArray()));
  }

  /** The simulator's mean difference has the real one's sign (both zero counts as the same sign). */
  public boolean signPredicted() {
    return Math.signum(real.mean()) == Math.signum(sim.mean());
  }

  /** The real mean difference lies within the simulated interval. */
  public boolean realWithinSim() {
    return real.mean() >= sim.lo() && real.mean() <= sim.hi();
  }

  /** The simulated mean difference lies within the real interval. */
  public boolean simWithinReal() {
    return sim.mean() >= real.lo() && sim.mean() <= real.hi();
  }
}
