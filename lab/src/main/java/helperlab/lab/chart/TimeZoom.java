package helperlab.lab.chart;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.AxisMode;
import io.fair_acc.chartfx.plugins.Zoomer;
import java.util.function.BiConsumer;
import javafx.application.Platform;

/**
 * Zoom and pan of one chart, in time: after each, the lines are rebuilt from the run's samples for the visible
 * range (or the whole run again when zoomed out), so detail is never lost; a wider plot gets them again, finer.
 * Whoever asked ({@link #onChange}) is told the span, so the grid's other charts follow.
 */
final class TimeZoom {
  private final LabAxis xAxis;
  private final ChartLines lines;
  private boolean zoomRefreshPending;
  private boolean widthRefreshPending;
  private boolean zoomed;
  /** Told the time span after each zoom or pan (NaN, NaN: zoomed out). */
  private BiConsumer<Double, Double> onChange = (from, to) -> { };

  TimeZoom(XYChart chart, LabAxis xAxis, ChartLines lines) {
    this.xAxis = xAxis;
    this.lines = lines;
    Zoomer zoomer = new Zoomer(AxisMode.X);
    zoomer.setPannerEnabled(true);
    zoomer.setSliderVisible(false);
    zoomer.setAnimated(false);
    chart.getPlugins().add(zoomer);
    // the zoom buttons would slide over the title (and ignore the theme): View → Reset zoom, right-click
    // and Ctrl+0 do the same
    chart.getToolBar().getChildren().clear();
    chart.getToolBar().setVisible(false);
    chart.getToolBar().setManaged(false);
    xAxis.autoRangingProperty().addListener((o, a, b) -> zoomChanged());
    xAxis.minProperty().addListener((o, a, b) -> zoomChanged());
    xAxis.maxProperty().addListener((o, a, b) -> zoomChanged());
    // the lines are reduced to the plot's pixel columns: a wider plot gets them again, finer
    chart.getCanvas().widthProperty().addListener((o, a, b) -> widthChanged());
  }

  private void zoomChanged() {
    if (!zoomRefreshPending) {
      zoomRefreshPending = true;
      Platform.runLater(this::refreshZoom);
    }
  }

  private void widthChanged() {
    if (!widthRefreshPending) {
      widthRefreshPending = true;
      Platform.runLater(() -> {
        widthRefreshPending = false;
        if (zoomed) {
          lines.showRange(xAxis.getMin(), xAxis.getMax());
        } else {
          lines.publishAll();
        }
      });
    }
  }

  /** After zoom or pan: lines rebuilt from the samples for the visible range, or the whole run again. */
  private void refreshZoom() {
    zoomRefreshPending = false;
    boolean nowZoomed = !xAxis.isAutoRanging();
    if (!nowZoomed) {
      if (zoomed) {
        zoomed = false;
        lines.publishAll();
        onChange.accept(Double.NaN, Double.NaN);
      }
      return;
    }
    zoomed = true;
    double from = xAxis.getMin();
    double to = xAxis.getMax();
    if (to > from) {
      lines.showRange(from, to);
      onChange.accept(from, to);
    }
  }

  /** Whom to tell the time span after a zoom or pan (NaN, NaN when zoomed out). */
  void onChange(BiConsumer<Double, Double> then) {
    onChange = then;
  }

  /** Zooms the time axis to {@code from}..{@code to} (as dragging a zoom box does). */
  void to(double from, double to) {
    xAxis.setAutoRanging(false);
    xAxis.set(from, to);
  }

  /** Whether the chart shows a part of the run's time (the lines then grow only when zoomed out again). */
  boolean zoomed() {
    return zoomed;
  }
}
