package helperlab.lab.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.charts.ChartKind;
import helperlab.charts.LiveSamples;
import helperlab.charts.PlottedRun;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A trigger marked, and marked anew, on a chart that has nothing else to redraw shows its label at its size: chartfx
 * sizes an indicator's label only while it lays the chart out, and a live chart whose lines did not move by a pixel
 * is not laid out again. (Screenshots once showed 3 of 6 Live charts without their trigger label; the labels were
 * there and sized a pulse later, so that was not this, but this must not happen either.)
 */
class TriggerLabelShownTest {
  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void aTriggerMarkedOnAChartAtRestShowsItsLabel() throws Exception {
    LiveSamples samples = new LiveSamples();
    for (int t = 0; t <= 600; t++) {
      samples.add(t, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    PlottedRun run = new PlottedRun("at rest", samples, 0);
    LabChart chart = ShownChart.of(ChartKind.WORKERS, run, 640, 320);
    // the chart has drawn its lines and has nothing more to draw when the trigger is marked
    WaitForAsyncUtils.asyncFx(() -> chart.setTriggers(List.of(new TriggerMark(300, 360, "spike x3", Double.NaN, null))))
        .get(60, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> {
      Label l = label(chart);
      return l != null && l.getWidth() > 0 && l.getHeight() > 0;
    }).get());
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

  private static Label label(LabChart chart) {
    for (Node n : chart.chart().lookupAll(".trigger-band-label")) {
      if (n instanceof Label l && l.getScene() != null) {
        return l;
      }
    }
    return null;
  }
}
