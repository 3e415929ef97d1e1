package helperlab.lab.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.charts.ChartKind;
import helperlab.charts.LiveSamples;
import helperlab.charts.PlottedRun;
import io.fair_acc.chartfx.plugins.XRangeIndicator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.skin.LabelSkin;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A trigger marked, and marked anew, on a chart that has nothing else to redraw shows its label at its size: chartfx
 * sizes an indicator's label only while it lays the chart out, and a live chart whose lines did not move by a pixel
 * is not laid out again. A label that chartfx measured before CSS gave it a skin is 0 × 0: on a busy machine the Live
 * view's charts at rest (CPU split, Queue, Memory) showed no trigger label at all, in 5 of 8 screenshots.
 */
class TriggerLabelShownTest {
  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void aTriggerMarkedOnAChartAtRestShowsItsLabel() throws Exception {
    LabChart chart = spikeMarkedAtRest(ChartKind.WORKERS);
    assertEquals("spike x3", WaitForAsyncUtils.asyncFx(() -> label(chart).getText()).get());
    // as a live run's mark changes once its outcome is known: the indicators are replaced
    String next = "spike x3 · down before the trigger (tipped at 1:23)";
    WaitForAsyncUtils.asyncFx(() -> chart.setTriggers(List.of(new TriggerMark(300, 360, next, Double.NaN, null))))
        .get(60, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> {
      Label l = label(chart);
      return l != null && next.equals(l.getText()) && l.getWidth() > 0 && l.getHeight() > 0;
    }).get());
  }

  @Test
  void aLabelMeasuredBeforeItHadASkinIsMeasuredAgainOnceItHasOne() throws Exception {
    LabChart chart = spikeMarkedAtRest(ChartKind.QUEUE);
    // what a busy machine's pulses can do: chartfx lays the band out while its label has no skin (0 × 0), CSS gives
    // the label its skin within chartfx's layout, which ends by marking the chart and its plugins clean, and the
    // label's group is not laid out again (the label is unmanaged: its own layout does not reach the group). Here the
    // group's autosizing is turned off to stand for that; then only a layout of the band can size the label.
    WaitForAsyncUtils.asyncFx(() -> {
      Label l = label(chart);
      XRangeIndicator band = band(chart);
      ((Group) l.getParent()).setAutoSizeChildren(false);
      l.setSkin(null);
      band.runPostLayout();
      assertEquals(0, l.getWidth(), "without a skin chartfx sizes the label 0 wide");
      l.setSkin(new LabelSkin(l));
      band.getBitState().clear();
      chart.chart().getBitState().clear();
    }).get(60, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> {
      Label l = label(chart);
      return l.getWidth() > 0 && l.getHeight() > 0;
    }).get());
  }

  /**
   * A {@code kind} chart of a run whose lines have nothing more to draw, then a spike marked on it, once its label is
   * shown at a size.
   */
  private static LabChart spikeMarkedAtRest(ChartKind kind) throws Exception {
    LiveSamples samples = new LiveSamples();
    for (int t = 0; t <= 600; t++) {
      samples.add(t, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    LabChart chart = ShownChart.of(kind, new PlottedRun("at rest", samples, 0), 640, 320);
    WaitForAsyncUtils.asyncFx(() -> chart.setTriggers(List.of(new TriggerMark(300, 360, "spike x3", Double.NaN, null))))
        .get(60, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> {
      Label l = label(chart);
      return l != null && l.getWidth() > 0 && l.getHeight() > 0;
    }).get());
    return chart;
  }

  private static XRangeIndicator band(LabChart chart) {
    return chart.chart().getPlugins().stream().filter(XRangeIndicator.class::isInstance).map(XRangeIndicator.class::cast)
        .findFirst().orElseThrow();
  }

  private static Label label(LabChart chart) {
    for (Node n : chart.chart().lookupAll(".trigger-band-label")) {
      if (n instanceof Label l && l.getScene() != null) {
        return l;
      }
    }
    return null;
  }
}
