package helperlab.lab.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.charts.ChartKind;
import helperlab.charts.LiveSamples;
import helperlab.charts.PlottedRun;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The values at a still pointer follow the time axis: after a zoom they name the time now under the pointer. */
class ReadoutFollowsZoomTest {
  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void aZoomUnderAStillPointerRenamesItsTime() throws Exception {
    LiveSamples samples = new LiveSamples();
    for (int t = 0; t <= 600; t++) {
      samples.add(t, t / 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    PlottedRun run = new PlottedRun("run", samples, 0);
    LabChart chart = ShownChart.of(ChartKind.WORKERS, run, 640, 320);
    String before = WaitForAsyncUtils.asyncFx(() -> chart.readoutAt(300)).get();
    assertTrue(before.startsWith("5:00"), before);
    long draws = WaitForAsyncUtils.asyncFx(chart::draws).get();
    WaitForAsyncUtils.asyncFx(() -> chart.zoomTo(0, 100)).get();
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> chart.draws() > draws + 1).get());
    WaitForAsyncUtils.waitForFxEvents();
    String after = WaitForAsyncUtils.asyncFx(chart::readoutText).get();
    // the pointer stayed at the middle of 0–10:00; zoomed to 0–1:40 that spot is about 0:50
    assertTrue(after.startsWith("0:4") || after.startsWith("0:5"), "readout after the zoom: " + after);
    assertEquals(-1, after.indexOf("5:00"), after);
  }
}
