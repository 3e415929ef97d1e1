package helperlab.lab.chart;

import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;

/**
 * A line's points as chartfx draws them, which may be empty (a memory limit left out, a series a run does not
 * record) without costing a frame.
 *
 * <p>chartfx asks every data set on a chart for its range on each pulse where the range is not known, and an empty
 * set's never is: chartfx 11.3 then sets it to "not defined" again, and since not-defined (NaN) never equals itself
 * it reports that as a change, which marks the chart dirty and draws it again on the next pulse, for ever: a window
 * at rest with such a chart painted its plot every frame (about a fifth of a core). An empty set has no range to
 * compute; its range was reset when its points were cleared or replaced.
 */
final class LineData extends DoubleDataSet {
  LineData(String name, int capacity) {
    super(name, capacity);
  }

  @Override
  public DataSet recomputeLimits(int dimIndex) {
    if (getDataCount() == 0) {
      return this;
    }
    return super.recomputeLimits(dimIndex);
  }
}
