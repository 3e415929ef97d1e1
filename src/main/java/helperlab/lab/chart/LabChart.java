package helperlab.lab.chart;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.AxisMode;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.plugins.DataPointTooltip;
import io.fair_acc.chartfx.plugins.XValueIndicator;
import io.fair_acc.chartfx.plugins.Zoomer;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.chartfx.ui.geometry.Side;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import io.fair_acc.dataset.utils.DataSetStyleBuilder;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;

/**
 * One chartfx chart of a {@link ChartKind}: a data set per run slot (A solid, B dashed) and series,
 * a right axis where the kind has one, zoom and pan (X), tooltips, a legend, and a draggable time
 * cursor. Data sets are changed only under their write lock.
 */
public final class LabChart {
  public static final int SLOTS = 2;
  private static final double LINE_WIDTH = 1.6;

  private final ChartKind kind;
  private final XYChart chart;
  private final DefaultNumericAxis xAxis = new DefaultNumericAxis("time", "s");
  private final DefaultNumericAxis yLeft;
  private final DefaultNumericAxis yRight;
  private final ErrorDataSetRenderer leftRenderer = renderer();
  private final ErrorDataSetRenderer rightRenderer;
  private final XValueIndicator cursorIndicator;
  private final DoubleProperty cursor = new SimpleDoubleProperty(Double.NaN);
  @SuppressWarnings("unchecked")
  private final Map<Series, DoubleDataSet>[] data = new Map[SLOTS];
  private final DoubleDataSet[] limit = new DoubleDataSet[SLOTS];
  private final String[] labels = new String[SLOTS];
  private int slotsShown;

  public LabChart(ChartKind kind) {
    this.kind = kind;
    xAxis.setAutoRangeRounding(false);
    xAxis.setForceZeroInRange(true);
    xAxis.setAnimated(false);
    yLeft = new DefaultNumericAxis(kind.leftLabel());
    yLeft.setUnit(null);
    yLeft.setForceZeroInRange(true);
    yLeft.setAutoRangeRounding(true);
    yLeft.setAnimated(false);
    chart = new XYChart(xAxis, yLeft);
    chart.setTitle(kind.title());
    chart.setAnimated(false);
    chart.setLegendVisible(true);
    chart.getLegend().setSide(Side.BOTTOM);
    chart.getStyleClass().add("lab-chart");
    chart.getRenderers().set(0, leftRenderer);
    if (kind.hasRightAxis()) {
      yRight = new DefaultNumericAxis(kind.rightLabel());
      yRight.setUnit(null);
      yRight.setSide(Side.RIGHT);
      yRight.setForceZeroInRange(true);
      yRight.setAutoRangeRounding(true);
      yRight.setAnimated(false);
      rightRenderer = renderer();
      rightRenderer.getAxes().add(yRight);
      chart.getRenderers().add(rightRenderer);
    } else {
      yRight = null;
      rightRenderer = null;
    }
    Zoomer zoomer = new Zoomer(AxisMode.X);
    zoomer.setPannerEnabled(true);
    zoomer.setSliderVisible(false);
    zoomer.setAnimated(false);
    chart.getPlugins().add(zoomer);
    chart.getPlugins().add(new DataPointTooltip());
    cursorIndicator = new XValueIndicator(xAxis, 0, "");
    cursorIndicator.setEditable(true);
    cursorIndicator.valueProperty().addListener((o, a, b) -> {
      if (!Double.valueOf(b.doubleValue()).equals(cursor.get())) {
        cursor.set(b.doubleValue());
      }
    });
    cursor.addListener((o, a, b) -> showCursor(b.doubleValue()));
    for (int s = 0; s < SLOTS; s++) {
      data[s] = new EnumMap<>(Series.class);
    }
  }

  private static ErrorDataSetRenderer renderer() {
    ErrorDataSetRenderer r = new ErrorDataSetRenderer();
    r.setErrorStyle(ErrorStyle.NONE);
    r.setDrawMarker(false);
    r.setPointReduction(true);
    r.setAllowNaNs(true);
    r.setParallelImplementation(false);
    r.setDashSize(1);
    return r;
  }

  private void showCursor(double t) {
    boolean show = Double.isFinite(t);
    boolean shown = chart.getPlugins().contains(cursorIndicator);
    if (show) {
      if (cursorIndicator.getValue() != t) {
        cursorIndicator.setValue(t);
      }
      if (!shown) {
        chart.getPlugins().add(cursorIndicator);
      }
    } else if (shown) {
      chart.getPlugins().remove(cursorIndicator);
    }
  }

  public ChartKind kind() {
    return kind;
  }

  public XYChart chart() {
    return chart;
  }

  /** The time cursor in seconds; NaN hides it. Dragging the cursor line sets it. */
  public DoubleProperty timeCursorProperty() {
    return cursor;
  }

  /** Removes every data set; {@code runs} slots get fresh, empty ones named after {@code labels}. */
  public void reset(List<String> runLabels) {
    leftRenderer.getDatasets().clear();
    if (rightRenderer != null) {
      rightRenderer.getDatasets().clear();
    }
    slotsShown = Math.min(SLOTS, runLabels.size());
    for (int s = 0; s < SLOTS; s++) {
      data[s].clear();
      limit[s] = null;
      labels[s] = s < slotsShown ? runLabels.get(s) : null;
    }
    List<DataSet> left = new ArrayList<>();
    List<DataSet> right = new ArrayList<>();
    for (int s = 0; s < slotsShown; s++) {
      for (Series series : kind.series()) {
        String name = slotsShown > 1 ? series.label() + " · " + runLabels.get(s) : series.label();
        DoubleDataSet ds = new DoubleDataSet(name, 4096);
        ds.setStyle(style(series.color(), s > 0));
        data[s].put(series, ds);
        (series.rightAxis() ? right : left).add(ds);
      }
      if (kind == ChartKind.MEMORY) {
        DoubleDataSet ds = new DoubleDataSet(slotsShown > 1 ? "limit · " + runLabels.get(s) : "memory limit", 2);
        ds.setStyle(style("#ef4444", true));
        limit[s] = ds;
        left.add(ds);
      }
    }
    leftRenderer.getDatasets().addAll(left);
    if (rightRenderer != null) {
      rightRenderer.getDatasets().addAll(right);
    }
    xAxis.setAutoRanging(true);
  }

  private static String style(String color, boolean dashed) {
    DataSetStyleBuilder b = DataSetStyleBuilder.newInstance().setLineColor(color).setMarkerColor(color)
        .setLineWidth(LINE_WIDTH).setMarkerSize(0);
    if (dashed) {
      b.setLineDashes(7, 4);
    }
    return b.build();
  }

  /** Replaces slot {@code s}'s data with all of {@code run}'s samples. */
  public void fill(int s, PlottedRun run) {
    SampleTable t = run.samples();
    int n = t.size();
    double[] x = Series.times(t, 0, n);
    for (Map.Entry<Series, DoubleDataSet> e : data[s].entrySet()) {
      double[] y = e.getKey().values(t, 0, n);
      DoubleDataSet ds = e.getValue();
      ds.lock().writeLockGuard(() -> ds.set(x, y, n, false));
    }
    setLimit(s, run.memoryLimitMb(), t.endS());
  }

  /** Appends slot {@code s}'s samples {@code from} to {@code to} (live runs). */
  public void append(int s, PlottedRun run, int from, int to) {
    if (to <= from) {
      return;
    }
    SampleTable t = run.samples();
    double[] x = Series.times(t, from, to);
    for (Map.Entry<Series, DoubleDataSet> e : data[s].entrySet()) {
      double[] y = e.getKey().values(t, from, to);
      DoubleDataSet ds = e.getValue();
      ds.lock().writeLockGuard(() -> ds.add(x, y));
    }
    setLimit(s, run.memoryLimitMb(), t.t(to - 1));
  }

  private void setLimit(int s, double limitMb, double endS) {
    DoubleDataSet ds = limit[s];
    if (ds == null) {
      return;
    }
    if (limitMb > 0) {
      double[] x = {0, Math.max(1, endS)};
      double[] y = {limitMb, limitMb};
      ds.lock().writeLockGuard(() -> ds.set(x, y, 2, true));
    }
  }

  /** Points in slot {@code s}'s data set of {@code series} (0 when not shown). */
  public int points(int s, Series series) {
    DoubleDataSet ds = data[s].get(series);
    return ds == null ? 0 : ds.getDataCount();
  }

  /** The value of slot {@code s}'s {@code series} at its last point (NaN when empty). */
  public double lastValue(int s, Series series) {
    DoubleDataSet ds = data[s].get(series);
    if (ds == null || ds.getDataCount() == 0) {
      return Double.NaN;
    }
    return ds.get(DataSet.DIM_Y, ds.getDataCount() - 1);
  }

  /** Undo zoom and pan: the axes follow the data again. */
  public void resetZoom() {
    xAxis.setAutoRanging(true);
    yLeft.setAutoRanging(true);
    if (yRight != null) {
      yRight.setAutoRanging(true);
    }
  }

  public int slotsShown() {
    return slotsShown;
  }

  public String label(int s) {
    return labels[s];
  }
}
