package helperlab.lab.chart;

import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.chartfx.ui.css.DataSetNode;
import io.fair_acc.dataset.DataSet;
import javafx.scene.canvas.GraphicsContext;

/**
 * chartfx's line renderer, but a solid line is filled as the pixel columns it inks ({@link ColumnExtents})
 * instead of stroked as a path; dashed lines (a second run, the memory limit) are stroked as chartfx does,
 * since their dashes follow the path. Drawing only: which points a line has is {@link ChartLines}' job.
 */
class ColumnLineRenderer extends ErrorDataSetRenderer {
  private final ColumnExtents columns = new ColumnExtents();

  @Override
  protected void render(GraphicsContext gc, DataSet data, DataSetNode style) {
    double[] dashes = style.getLineDashes();
    if ((dashes != null && dashes.length > 0) || isDrawMarker()) {
      super.render(gc, data, style);
      return;
    }
    int count = data.getDataCount();
    int from = Math.max(0, data.getIndex(DataSet.DIM_X, xMin) - 1);
    int to = Math.min(data.getIndex(DataSet.DIM_X, xMax) + 2, count);
    if (to <= from) {
      return;
    }
    columns.reset((int) Math.ceil(gc.getCanvas().getWidth()));
    for (int i = from; i < to; i++) {
      double y = data.get(DataSet.DIM_Y, i);
      if (Double.isFinite(y)) {
        columns.to(xAxis.getDisplayPosition(data.get(DataSet.DIM_X, i)), yAxis.getDisplayPosition(y));
      } else {
        columns.lift();
      }
    }
    gc.save();
    gc.setFill(style.getLineColor());
    columns.fill(style.getLineWidth(), gc::fillRect);
    gc.restore();
  }
}
