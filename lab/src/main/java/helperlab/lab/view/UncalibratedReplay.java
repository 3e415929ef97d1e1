package helperlab.lab.view;

import helperlab.lab.chart.ChartGrid;
import helperlab.charts.ChartKind;
import io.fair_acc.chartfx.renderer.Renderer;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.utils.DataSetStyleBuilder;

/**
 * A replay made with the seed's placeholder calibration is not a comparison with the cage's run: its
 * lines are drawn grey (still dashed), so nobody reads them as the model's prediction for this cage.
 */
final class UncalibratedReplay {
  static final String GREY = "#9ca3af";

  private UncalibratedReplay() {}

  /** Greys the second run's lines (the replay) on every chart of {@code grid}. */
  static void grey(ChartGrid grid) {
    String style = DataSetStyleBuilder.newInstance().setLineColor(GREY).setMarkerColor(GREY).setLineWidth(1.5)
        .setMarkerSize(0).setLineDashes(7, 4).build();
    for (ChartKind k : ChartKind.values()) {
      String second = grid.chart(k).label(1);
      if (second == null) {
        continue;
      }
      for (Renderer r : grid.chart(k).chart().getRenderers()) {
        for (DataSet ds : r.getDatasets()) {
          if (ds.getName().endsWith(" · " + second)) {
            ds.setStyle(style);
          }
        }
      }
    }
  }
}
