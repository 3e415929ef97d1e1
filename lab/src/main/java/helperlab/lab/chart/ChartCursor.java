package helperlab.lab.chart;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.Axis;
import javafx.application.Platform;
import javafx.beans.property.DoubleProperty;
import javafx.geometry.Point2D;
import javafx.scene.Cursor;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Line;

/**
 * The time cursor drawn on one chart: a vertical line at the cursor's time that can be dragged.
 *
 * <p>It is cheap to move. Moving one line would make the window repaint everything between its old
 * and new place; instead two lines take turns: the hidden one is put at the new time and shown, the
 * other hidden, so only two thin strips are repainted (that matters with software rendering, and
 * seeking moves the cursors of all six charts at once).
 */
final class ChartCursor {
  private static final double PICK_PX = 5;

  private final XYChart chart;
  private final Axis xAxis;
  private final DoubleProperty time;
  private final Line[] lines = {new Line(), new Line()};
  private final Runnable place = this::place;
  private int shown = -1;
  private double shownX = Double.NaN;
  private double shownTop = Double.NaN;
  private double shownBottom = Double.NaN;
  private boolean dragging;

  ChartCursor(XYChart chart, Axis xAxis, DoubleProperty time) {
    this.chart = chart;
    this.xAxis = xAxis;
    this.time = time;
    Pane fg = chart.getPlotForeground();
    for (Line l : lines) {
      l.getStyleClass().add("time-cursor");
      l.setManaged(false);
      l.setMouseTransparent(true);
      l.setVisible(false);
      fg.getChildren().add(l);
    }
    chart.sceneProperty().addListener((o, a, b) -> {
      if (a != null) {
        a.removePostLayoutPulseListener(place);
      }
      if (b != null) {
        b.addPostLayoutPulseListener(place);
      }
    });
    time.addListener((o, a, b) -> Platform.requestNextPulse());
    chart.addEventFilter(MouseEvent.MOUSE_MOVED, this::hover);
    chart.addEventFilter(MouseEvent.MOUSE_PRESSED, this::press);
    chart.addEventFilter(MouseEvent.MOUSE_DRAGGED, this::drag);
    chart.addEventFilter(MouseEvent.MOUSE_RELEASED, this::release);
  }

  /** After each layout: the line where the cursor's time is now (axes may have moved too). */
  private void place() {
    double t = time.get();
    Canvas c = chart.getCanvas();
    double px = Double.isFinite(t) ? xAxis.getDisplayPosition(t) : Double.NaN;
    if (!Double.isFinite(px) || px < -0.5 || px > c.getWidth() + 0.5 || c.getScene() == null) {
      hide();
      return;
    }
    Pane fg = chart.getPlotForeground();
    Point2D top = fg.sceneToLocal(c.localToScene(px, 0));
    Point2D bottom = fg.sceneToLocal(c.localToScene(px, c.getHeight()));
    if (top == null || bottom == null) {
      return;
    }
    double x = Math.round(top.getX()) + 0.5; // crisp on the pixel grid
    if (shown >= 0 && x == shownX && top.getY() == shownTop && bottom.getY() == shownBottom) {
      return;
    }
    int next = shown == 0 ? 1 : 0;
    Line l = lines[next];
    l.setStartX(x);
    l.setEndX(x);
    l.setStartY(top.getY());
    l.setEndY(bottom.getY());
    l.setVisible(true);
    if (shown >= 0) {
      lines[shown].setVisible(false);
    }
    shown = next;
    shownX = x;
    shownTop = top.getY();
    shownBottom = bottom.getY();
  }

  private void hide() {
    if (shown >= 0) {
      lines[shown].setVisible(false);
      shown = -1;
    }
  }

  /** True when the pointer is on the cursor line. */
  private boolean near(MouseEvent e) {
    if (shown < 0) {
      return false;
    }
    Point2D p = chart.getPlotForeground().sceneToLocal(e.getSceneX(), e.getSceneY());
    return p != null && Math.abs(p.getX() - shownX) <= PICK_PX && p.getY() >= shownTop && p.getY() <= shownBottom;
  }

  private void hover(MouseEvent e) {
    Scene s = chart.getScene();
    if (s != null) {
      chart.setCursor(near(e) ? Cursor.H_RESIZE : null);
    }
  }

  private void press(MouseEvent e) {
    if (e.getButton() == MouseButton.PRIMARY && near(e)) {
      dragging = true;
      e.consume(); // not a zoom
    }
  }

  private void drag(MouseEvent e) {
    if (!dragging) {
      return;
    }
    Point2D p = chart.getCanvas().sceneToLocal(e.getSceneX(), e.getSceneY());
    if (p != null) {
      double w = chart.getCanvas().getWidth();
      double t = xAxis.getValueForDisplay(Math.max(0, Math.min(w, p.getX())));
      time.set(Math.max(0, t));
    }
    e.consume();
  }

  private void release(MouseEvent e) {
    if (dragging) {
      dragging = false;
      e.consume();
    }
  }

  /** Where the line is drawn, in the chart's plot-foreground coordinates (NaN when hidden). */
  double shownX() {
    return shown < 0 ? Double.NaN : shownX;
  }
}
