package helperlab.lab.chart;

import helperlab.study.Interval;
import helperlab.study.SpawnCostCurves;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.spi.DoubleDataSet;
import io.fair_acc.dataset.spi.DoubleErrorDataSet;
import helperlab.charts.style.Palette;
import helperlab.charts.style.SeriesStyle;
import helperlab.charts.style.TickFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Line;

/**
 * The spawn-cost study's breakeven chart in the lab (one machine × scenario panel): each splitting
 * policy's met share minus the pool's, in points, with its 95% interval, against the spawn cost on a
 * log axis; the zero line is the pool, the dashed line the "level" margin. The pointer shows every
 * policy's value at the nearest spawn cost studied, as the run charts show theirs.
 */
public final class BreakevenPlot {
  private final DefaultNumericAxis xAxis = new DefaultNumericAxis("a fresh worker's CPU (start-up + warm-up)", "s");
  private final DefaultNumericAxis yAxis = new DefaultNumericAxis("met share − pool's", "points");
  private final XYChart chart;
  private final ErrorDataSetRenderer renderer = new ErrorDataSetRenderer();
  private final FlowPane legend = new FlowPane(12, 2);
  private final VBox node;
  private final Line pointerLine = new Line();
  private final GridPane readout = new GridPane();
  private List<SpawnCostCurves.Curve> curves = List.of();

  public BreakevenPlot() {
    xAxis.setLogAxis(true);
    xAxis.setAutoRangeRounding(false);
    xAxis.setAutoRangePadding(0.05);
    yAxis.setAutoRangePadding(0.1);
    chart = new XYChart(xAxis, yAxis);
    chart.setAnimated(false);
    chart.setTitle(null);
    chart.setLegendVisible(false);
    chart.getStyleClass().add("lab-chart");
    chart.getToolBar().setVisible(false);
    chart.getToolBar().setManaged(false);
    renderer.setErrorStyle(ErrorStyle.ERRORBARS);
    renderer.setDrawMarker(true);
    renderer.setParallelImplementation(false);
    chart.getRenderers().set(0, renderer);
    chart.setMinSize(0, 0);
    legend.getStyleClass().add("chart-header");
    legend.setMaxHeight(Double.MAX_VALUE);
    legend.setStyle("-fx-pref-height: -1; -fx-max-height: -1;");
    VBox.setVgrow(chart, Priority.ALWAYS);
    node = new VBox(legend, chart);
    node.getStyleClass().add("chart-frame");
    node.setMinSize(0, 0);

    pointerLine.getStyleClass().add("pointer-line");
    pointerLine.setManaged(false);
    pointerLine.setMouseTransparent(true);
    pointerLine.setVisible(false);
    readout.getStyleClass().add("pointer-readout");
    readout.setManaged(false);
    readout.setMouseTransparent(true);
    readout.setVisible(false);
    readout.setHgap(8);
    chart.getPlotForeground().getChildren().addAll(pointerLine, readout);
    chart.addEventFilter(MouseEvent.MOUSE_MOVED, this::moved);
    chart.addEventFilter(MouseEvent.MOUSE_EXITED, e -> hideReadout());
  }

  /** What goes on screen: the legend over the chart. */
  public VBox node() {
    return node;
  }

  public XYChart chart() {
    return chart;
  }

  /** Shows these curves (one panel's); empty clears the chart. */
  public void show(List<SpawnCostCurves.Curve> shown) {
    curves = List.copyOf(shown);
    hideReadout();
    renderer.getDatasets().clear();
    legend.getChildren().clear();
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    for (int i = 0; i < curves.size(); i++) {
      SpawnCostCurves.Curve c = curves.get(i);
      SeriesStyle style = SeriesStyle.policyCurve(i);
      DoubleErrorDataSet ds = new DoubleErrorDataSet(c.policy(), c.points().size());
      for (SpawnCostCurves.Point p : c.points()) {
        Interval d = p.difference();
        ds.add(p.spawnCostS(), d.mean(), d.mean() - d.lo(), d.hi() - d.mean());
        lo = Math.min(lo, p.spawnCostS());
        hi = Math.max(hi, p.spawnCostS());
      }
      ds.setStyle(ChartLines.style(style));
      renderer.getDatasets().add(ds);
      legend.getChildren().add(key(c.policy() + breakeven(c), style.colour(), false));
    }
    if (!curves.isEmpty() && hi > 0) {
      renderer.getDatasets().add(level("pool", lo, hi, 0, SeriesStyle.pool()));
      renderer.getDatasets().add(level("level margin", lo, hi, -SpawnCostCurves.LEVEL_POINTS, SeriesStyle.levelMargin()));
      legend.getChildren().add(key("pool (0) · level margin (−" + num(SpawnCostCurves.LEVEL_POINTS) + " points)",
          Palette.POOL, true));
    }
  }

  private static String breakeven(SpawnCostCurves.Curve c) {
    double b = c.breakevenS();
    if (Double.isNaN(b)) {
      return ": behind the pool at every spawn cost";
    }
    return c.levelThroughout() ? ": level throughout" : ": level up to " + seconds(b);
  }

  private static DoubleDataSet level(String name, double lo, double hi, double y, SeriesStyle style) {
    DoubleDataSet ds = new LineData(name, 2);
    ds.add(lo, y);
    ds.add(hi, y);
    ds.setStyle(ChartLines.style(style));
    return ds;
  }

  private static Pane key(String text, String colour, boolean dashed) {
    Line l = new Line(0, 0, 14, 0);
    l.setStyle("-fx-stroke: " + colour + "; -fx-stroke-width: 2;" + (dashed ? " -fx-stroke-dash-array: 4 3;" : ""));
    Label label = new Label(text);
    label.getStyleClass().add("chart-header-entry");
    HBox e = new HBox(4, l, label);
    e.setAlignment(Pos.CENTER_LEFT);
    return e;
  }

  /** The spawn costs studied, in order. */
  private List<Double> costs() {
    List<Double> out = new ArrayList<>();
    for (SpawnCostCurves.Curve c : curves) {
      for (SpawnCostCurves.Point p : c.points()) {
        if (!out.contains(p.spawnCostS())) {
          out.add(p.spawnCostS());
        }
      }
    }
    out.sort(Double::compare);
    return out;
  }

  /** The spawn cost studied nearest {@code s} on the log axis (NaN when none). */
  double nearestCost(double s) {
    double best = Double.NaN;
    for (double c : costs()) {
      if (Double.isNaN(best) || Math.abs(Math.log(c) - Math.log(s)) < Math.abs(Math.log(best) - Math.log(s))) {
        best = c;
      }
    }
    return best;
  }

  private void moved(MouseEvent e) {
    Canvas c = chart.getCanvas();
    Point2D p = c.sceneToLocal(e.getSceneX(), e.getSceneY());
    if (curves.isEmpty() || p == null || p.getX() < 0 || p.getX() > c.getWidth() || p.getY() < 0
        || p.getY() > c.getHeight()) {
      hideReadout();
      return;
    }
    double s = xAxis.getValueForDisplay(p.getX());
    if (s > 0) {
      showAt(nearestCost(s), p.getY());
    }
  }

  /**
   * Shows the values at spawn cost {@code s} (one the study has), the pointer at canvas height
   * {@code y}; returns the readout's text: the cost, then a row per policy.
   */
  public String readoutAt(double s, double y) {
    showAt(nearestCost(s), y);
    return readoutText();
  }

  private void showAt(double cost, double y) {
    if (Double.isNaN(cost)) {
      hideReadout();
      return;
    }
    readout.getChildren().clear();
    readout.add(cell("spawn cost " + seconds(cost), "pointer-time", null), 0, 0, 2, 1);
    int row = 1;
    for (int i = 0; i < curves.size(); i++) {
      SpawnCostCurves.Curve c = curves.get(i);
      for (SpawnCostCurves.Point p : c.points()) {
        if (p.spawnCostS() == cost) {
          Interval d = p.difference();
          readout.add(cell(c.policy(), "pointer-name", Palette.policy(i)), 0, row);
          String start = Double.isNaN(p.startOverWork()) ? ""
              : String.format(Locale.ROOT, " · start-up %.1f%% of the work", 100 * p.startOverWork());
          readout.add(cell(String.format(Locale.ROOT, "%+.1f points [%+.1f, %+.1f]%s", d.mean(), d.lo(), d.hi(), start),
              "pointer-value", null), 1, row);
          row++;
        }
      }
    }
    Canvas c = chart.getCanvas();
    Pane fg = chart.getPlotForeground();
    double x = xAxis.getDisplayPosition(cost);
    Point2D top = fg.sceneToLocal(c.localToScene(x, 0));
    Point2D bottom = fg.sceneToLocal(c.localToScene(x, c.getHeight()));
    Point2D right = fg.sceneToLocal(c.localToScene(c.getWidth(), 0));
    if (top == null || bottom == null || right == null) {
      return;
    }
    pointerLine.setStartX(Math.round(top.getX()) + 0.5);
    pointerLine.setEndX(Math.round(top.getX()) + 0.5);
    pointerLine.setStartY(top.getY());
    pointerLine.setEndY(bottom.getY());
    pointerLine.setVisible(true);
    readout.applyCss();
    readout.autosize();
    double w = readout.getWidth();
    double bx = top.getX() + 14 + w > right.getX() ? top.getX() - 14 - w : top.getX() + 14;
    double by = Math.max(top.getY() + 2, Math.min(top.getY() + y - readout.getHeight() / 2,
        bottom.getY() - readout.getHeight() - 2));
    readout.relocate(Math.max(0, bx), by);
    readout.setVisible(true);
  }

  private void hideReadout() {
    pointerLine.setVisible(false);
    readout.setVisible(false);
  }

  /** The readout's text now (empty when hidden). */
  public String readoutText() {
    if (!readout.isVisible()) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    int lastRow = -1;
    for (var n : readout.getChildren()) {
      Integer r = GridPane.getRowIndex(n);
      int row = r == null ? 0 : r;
      b.append(lastRow < 0 ? "" : row != lastRow ? "\n" : " ");
      lastRow = row;
      b.append(((Label) n).getText());
    }
    return b.toString();
  }

  /** The curves shown (one per splitting policy). */
  public List<SpawnCostCurves.Curve> curves() {
    return curves;
  }

  private static Label cell(String text, String style, String colour) {
    Label l = new Label(text);
    l.getStyleClass().add(style);
    if (colour != null) {
      l.setStyle("-fx-text-fill: " + colour + ";");
    }
    return l;
  }

  private static String seconds(double s) {
    return TickFormat.duration(s);
  }

  private static String num(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2g", v);
  }
}
