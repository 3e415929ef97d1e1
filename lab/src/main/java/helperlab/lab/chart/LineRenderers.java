package helperlab.lab.chart;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import java.util.ArrayList;
import java.util.List;

/**
 * One chart's line renderers as the lab sets them up: the left axis's, and the right axis's where the chart's kind
 * has one. The one drawn last runs {@code afterLines} after its own lines (the grid over them, as chartfx would
 * draw it). Counts the draws, for tests and benchmarks.
 */
final class LineRenderers {
  private final Runnable afterLines;
  private final ErrorDataSetRenderer left;
  private ErrorDataSetRenderer right;
  /** Times the data were drawn (both renderers). */
  private long draws;

  /**
   * {@code rightToCome}: a right axis's renderer will be added ({@link #addRight}), so it draws last;
   * {@code reduceLeft}: chartfx's point reduction on the left axis's lines (not on steps: a step's two corners share
   * a pixel column, and it would drop one and slant the step).
   */
  LineRenderers(boolean rightToCome, boolean reduceLeft, Runnable afterLines) {
    this.afterLines = afterLines;
    left = renderer(!rightToCome, reduceLeft);
  }

  /** {@code last}: drawn last, so it draws the grid over the lines after its own (as chartfx would). */
  private ErrorDataSetRenderer renderer(boolean last, boolean reducePoints) {
    ErrorDataSetRenderer r = new ColumnLineRenderer() {
      @Override
      public void render() {
        draws++;
        super.render();
        if (last) {
          afterLines.run();
        }
      }
    };
    r.setErrorStyle(ErrorStyle.NONE);
    r.setDrawMarker(false);
    // cheap on decimated lines, and fewer segments to rasterise; off for steps (it drops their corners)
    r.setPointReduction(reducePoints);
    r.setAllowNaNs(true);
    r.setParallelImplementation(false);
    r.setDashSize(1);
    return r;
  }

  /** The left axis's renderer (the chart's first). */
  ErrorDataSetRenderer left() {
    return left;
  }

  /** Adds the right axis's renderer, drawing on {@code yRight}, to {@code chart}. */
  void addRight(XYChart chart, LabAxis yRight) {
    right = renderer(true, true);
    right.getAxes().add(yRight);
    chart.getRenderers().add(right);
  }

  /** Swaps every line for the fresh, empty ones {@code lines} makes for {@code runLabels.size()} slots. */
  void reset(ChartLines lines, List<String> runLabels) {
    left.getDatasets().clear();
    if (right != null) {
      right.getDatasets().clear();
    }
    List<DataSet> leftSets = new ArrayList<>();
    List<DataSet> rightSets = new ArrayList<>();
    lines.reset(runLabels, leftSets, rightSets);
    left.getDatasets().addAll(leftSets);
    if (right != null) {
      right.getDatasets().addAll(rightSets);
    }
  }

  long draws() {
    return draws;
  }
}
