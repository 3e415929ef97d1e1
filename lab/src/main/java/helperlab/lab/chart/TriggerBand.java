package helperlab.lab.chart;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.plugins.AbstractValueIndicator;
import io.fair_acc.chartfx.plugins.ChartPlugin;
import io.fair_acc.chartfx.plugins.XRangeIndicator;
import io.fair_acc.chartfx.plugins.XValueIndicator;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.geometry.HPos;
import javafx.scene.control.Label;

/**
 * Triggers shaded on one chart: a translucent band over each trigger's window and, once the run was
 * back, a marker line there. Its own style classes ({@code trigger-band}, {@code trigger-back}) keep
 * it apart from the link-down bands. The indicators are chartfx plugins laid out with the axes; they
 * are replaced only when the marks change, never per frame.
 */
final class TriggerBand {
  private final XYChart chart;
  private final Axis xAxis;
  private final List<ChartPlugin> shown = new ArrayList<>();
  private List<TriggerMark> marks = List.of();

  TriggerBand(XYChart chart, Axis xAxis) {
    this.chart = chart;
    this.xAxis = xAxis;
  }

  void show(List<TriggerMark> next) {
    if (next.equals(marks)) {
      return;
    }
    marks = List.copyOf(next);
    chart.getPlugins().removeAll(shown);
    shown.clear();
    for (TriggerMark m : marks) {
      shown.add(new Band(xAxis, m.fromS(), m.toS(), m.label()));
      if (m.hasBackMarker()) {
        shown.add(new BackMarker(xAxis, m.backAtS(), m.backLabel()));
      }
    }
    chart.getPlugins().addAll(shown);
  }

  List<TriggerMark> marks() {
    return marks;
  }

  /**
   * Lays {@code indicator} out again once its label has a skin. chartfx sizes the label to its preferred size when it
   * lays the chart out, and may do so before CSS has given the label a skin: it is then 0 × 0, and stays so on a chart
   * with nothing else to redraw (a live chart whose lines did not move by a pixel), its text never painted. After the
   * pulse that gave the skin, the label is measured again.
   */
  private static void layOutWhenSkinned(AbstractValueIndicator indicator, Label label) {
    label.skinProperty().addListener((o, was, now) -> Platform.runLater(() -> {
      if (now != null && indicator.getChart() != null) {
        indicator.runPostLayout();
      }
    }));
  }

  /**
   * Lays {@code indicator} out ({@code layOut}, its chartfx layout) with its label fitted to the plot: shortened to
   * fit, then kept inside. {@code fitted} is null while chartfx's constructor lays the indicator out, before the
   * subclass has set it; then, and before it is on a chart, only chartfx's layout runs.
   */
  private static void layOutFitted(AbstractValueIndicator indicator, MarkLabel fitted, Runnable layOut) {
    if (fitted == null || indicator.getChart() == null) {
      layOut.run();
      return;
    }
    Bounds plot = indicator.getChart().getCanvas().getBoundsInLocal();
    String text = fitted.fit(plot);
    if (!text.equals(indicator.getText())) {
      indicator.setText(text);
    }
    layOut.run();
    fitted.keepInside(plot);
  }

  /** The window, in the trigger colours of the theme. */
  private static final class Band extends XRangeIndicator {
    private final MarkLabel fitted;

    Band(Axis axis, double from, double to, String text) {
      super(axis, from, to, text);
      fitted = new MarkLabel(label, text);
      setEditable(false);
      setLabelVerticalPosition(0.97); // at the top, clear of the axis
      layOutWhenSkinned(this, label);
      updateStyleClass();
    }

    @Override
    public void runPostLayout() {
      layOutFitted(this, fitted, super::runPostLayout);
    }

    @Override
    public void updateStyleClass() {
      super.updateStyleClass();
      // chartfx resets the classes here (e.g. when indicators are added): put ours back every time
      if (rectangle != null) {
        rectangle.getStyleClass().add("trigger-band-rect");
        label.getStyleClass().add("trigger-band-label");
      }
    }
  }

  /** Where the run was back within its band after the trigger. */
  private static final class BackMarker extends XValueIndicator {
    private final MarkLabel fitted;

    BackMarker(Axis axis, double at, String text) {
      super(axis, at, text);
      fitted = new MarkLabel(label, text);
      setEditable(false);
      setLabelPosition(0.86);
      // to the left of its line: in a live run the line is at the right edge, where a centred label is cut
      setLabelHorizontalAnchor(HPos.RIGHT);
      layOutWhenSkinned(this, label);
      updateStyleClass();
    }

    @Override
    public void runPostLayout() {
      layOutFitted(this, fitted, super::runPostLayout);
    }

    @Override
    public void updateStyleClass() {
      super.updateStyleClass();
      if (line != null) {
        line.getStyleClass().add("trigger-back-line");
        triangle.getStyleClass().add("trigger-back-marker");
        label.getStyleClass().add("trigger-back-label");
      }
    }
  }
}
