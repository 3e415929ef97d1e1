package helperlab.lab.chart;

import helperlab.charts.style.TimeFormat;
import helperlab.charts.style.TickFormat;
import helperlab.charts.style.Palette;
import helperlab.charts.Series;
import helperlab.charts.PlottedRun;
import helperlab.charts.SampleTable;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.Axis;
import javafx.geometry.Point2D;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Line;

/**
 * Values at the pointer: while the pointer is over a chart's plot, a thin line marks its time and a
 * box beside it gives that time and each series' value there, in the series' unit; with two runs
 * shown (A solid, B dashed) their values side by side. Values come from the runs' samples, not from
 * the drawn (decimated) lines, so they are exact.
 */
final class PointerReadout {
  private final LabChart owner;
  private final XYChart chart;
  private final Axis xAxis;
  private final Line line = new Line();
  private final GridPane box = new GridPane();
  private double shownTime = Double.NaN;
  /** Where the pointer was over the canvas when the readout was last shown (NaN: hidden). */
  private double pointerX = Double.NaN;
  private double pointerY = Double.NaN;

  PointerReadout(LabChart owner, XYChart chart, Axis xAxis) {
    this.owner = owner;
    this.chart = chart;
    this.xAxis = xAxis;
    line.getStyleClass().add("pointer-line");
    line.setManaged(false);
    line.setMouseTransparent(true);
    line.setVisible(false);
    box.getStyleClass().add("pointer-readout");
    box.setManaged(false);
    box.setMouseTransparent(true);
    box.setVisible(false);
    box.setHgap(8);
    Pane fg = chart.getPlotForeground();
    fg.getChildren().addAll(line, box);
    chart.addEventFilter(MouseEvent.MOUSE_MOVED, this::moved);
    chart.addEventFilter(MouseEvent.MOUSE_DRAGGED, this::moved);
    chart.addEventFilter(MouseEvent.MOUSE_EXITED, e -> hide());
  }

  private void moved(MouseEvent e) {
    Canvas c = chart.getCanvas();
    Point2D p = c.sceneToLocal(e.getSceneX(), e.getSceneY());
    if (p == null || p.getX() < 0 || p.getX() > c.getWidth() || p.getY() < 0 || p.getY() > c.getHeight()) {
      hide();
      return;
    }
    showAt(xAxis.getValueForDisplay(p.getX()), p.getX(), p.getY());
  }

  /** Shows the readout for time {@code t} with the pointer at canvas point ({@code x}, {@code y}). */
  void showAt(double t, double x, double y) {
    if (!Double.isFinite(t) || owner.slotsShown() == 0 || owner.run(0) == null) {
      hide();
      return;
    }
    shownTime = t;
    pointerX = x;
    pointerY = y;
    fill(t);
    Canvas c = chart.getCanvas();
    Pane fg = chart.getPlotForeground();
    Point2D top = fg.sceneToLocal(c.localToScene(x, 0));
    Point2D bottom = fg.sceneToLocal(c.localToScene(x, c.getHeight()));
    Point2D at = fg.sceneToLocal(c.localToScene(x, y));
    Point2D right = fg.sceneToLocal(c.localToScene(c.getWidth(), c.getHeight()));
    Point2D left = fg.sceneToLocal(c.localToScene(0, 0));
    if (top == null || bottom == null || at == null || right == null || left == null) {
      return;
    }
    line.setStartX(Math.round(top.getX()) + 0.5);
    line.setEndX(Math.round(top.getX()) + 0.5);
    line.setStartY(top.getY());
    line.setEndY(bottom.getY());
    line.setVisible(true);
    box.applyCss();
    box.autosize();
    double w = box.getWidth();
    double h = box.getHeight();
    double bx = at.getX() + 14;
    if (bx + w > right.getX()) {
      bx = at.getX() - 14 - w;
    }
    double by = Math.max(left.getY() + 2, Math.min(at.getY() - h / 2, right.getY() - h - 2));
    box.relocate(Math.max(left.getX(), bx), by);
    box.setVisible(true);
  }

  /**
   * After the time axis moved under a still pointer (zoom, pan, a live run growing): the readout names the
   * time now under the pointer and its values, not the time it was shown for.
   */
  void refresh() {
    if (box.isVisible() && Double.isFinite(pointerX)) {
      showAt(xAxis.getValueForDisplay(pointerX), pointerX, pointerY);
    }
  }

  private void fill(double t) {
    box.getChildren().clear();
    int slots = owner.slotsShown();
    box.add(cell(TimeFormat.clock(Math.max(0, t), 1), "pointer-time", null), 0, 0);
    if (slots > 1) {
      for (int s = 0; s < slots; s++) {
        box.add(cell(s == 0 ? "A" : "B", "pointer-head", null), 1 + s, 0);
      }
    }
    // at or past the time the link went down the values are the last ones received, not the cage's then
    boolean stale = t >= owner.staleFrom();
    int row = 1;
    for (Series series : owner.kind().series()) {
      box.add(cell(series.label(), "pointer-name", Palette.of(series)), 0, row);
      for (int s = 0; s < slots; s++) {
        box.add(cell(TickFormat.value(series, valueAt(s, series, t)), stale ? "pointer-stale" : "pointer-value", null),
            1 + s, row);
      }
      row++;
    }
    if (stale) {
      box.add(cell("stale: the link is down since " + TimeFormat.clock(owner.staleFrom(), 1), "pointer-stale", null), 0,
          row, 1 + slots, 1);
    }
  }

  private double valueAt(int slot, Series series, double t) {
    PlottedRun r = owner.run(slot);
    if (r == null) {
      return Double.NaN;
    }
    SampleTable s = r.samples();
    int i = s.indexAt(t);
    if (i < 0 || t > s.endS() + 1e-9 && t - s.endS() > 1) {
      return Double.NaN; // past the run's end: no value, rather than its last one
    }
    return series.value(s, i);
  }

  private static Label cell(String text, String style, String color) {
    Label l = new Label(text);
    l.getStyleClass().add(style);
    if (color != null) {
      l.setStyle("-fx-text-fill: " + color + ";");
    }
    return l;
  }

  void hide() {
    shownTime = Double.NaN;
    line.setVisible(false);
    box.setVisible(false);
  }

  /** The time the readout shows (NaN when hidden). */
  double shownTime() {
    return shownTime;
  }

  /** The readout's lines as text: the time, then one row per series (tests). */
  String text() {
    if (!box.isVisible()) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    int lastRow = -1;
    for (var n : box.getChildren()) {
      Integer r = GridPane.getRowIndex(n);
      int row = r == null ? 0 : r;
      if (row != lastRow && lastRow >= 0) {
        b.append('\n');
      } else if (lastRow >= 0) {
        b.append(' ');
      }
      lastRow = row;
      b.append(((Label) n).getText());
    }
    return b.toString();
  }
}
