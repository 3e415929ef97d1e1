package helperlab.lab.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.charts.ChartKind;
import helperlab.charts.LiveSamples;
import helperlab.charts.PlottedRun;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Memory chart is scaled to the run's memory, in MB or GB as it needs, never in E-notation: a real
 * run using 0.7 GB of a 24 GB machine is not pressed onto the floor by the machine's limit.
 */
class MemoryAxisTest {
  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  private static LabChart shown(double peakMb, double limitMb) throws Exception {
    LiveSamples samples = new LiveSamples();
    for (int t = 0; t <= 600; t++) {
      samples.add(t, 4, 2, 0, peakMb * t / 600, 0, 0, 0, 0, 0, 0, 0);
    }
    PlottedRun run = new PlottedRun("memory", samples, limitMb);
    LabChart chart = ShownChart.of(ChartKind.MEMORY, run, 480, 300);
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS,
        () -> WaitForAsyncUtils.asyncFx(() -> chart.leftAxis().getMax() > 0).get());
    WaitForAsyncUtils.waitForFxEvents();
    return chart;
  }

  @Test
  void aSmallRunOnABigMachineIsScaledToItsOwnMemoryInMegabytes() throws Exception {
    LabChart c = shown(700, 24 * 1024);
    double max = WaitForAsyncUtils.asyncFx(() -> c.leftAxis().getMax()).get();
    assertTrue(max >= 700 && max < 1024, "axis top " + max + " MB, for a run peaking at 700 MB");
    assertFalse(WaitForAsyncUtils.asyncFx(() -> c.limitShown(0)).get(), "the 24 GB limit is not drawn");
    assertFalse(WaitForAsyncUtils.asyncFx(() -> c.limitListed()).get(), "nor listed in the legend");
    assertEquals("MB", WaitForAsyncUtils.asyncFx(() -> c.leftAxis().getName()).get());
    String tick = WaitForAsyncUtils.asyncFx(() -> c.leftAxis().getTickMarkLabel(600)).get();
    assertEquals("600", tick);
  }

  @Test
  void aRunNearItsLimitShowsTheLimitAndReadsInGigabytes() throws Exception {
    LabChart c = shown(2000, 2048);
    assertTrue(WaitForAsyncUtils.asyncFx(() -> c.limitShown(0)).get(), "the limit is drawn near the run's peak");
    assertTrue(WaitForAsyncUtils.asyncFx(() -> c.limitListed()).get(), "and listed in the legend");
    assertEquals("GB", WaitForAsyncUtils.asyncFx(() -> c.leftAxis().getName()).get());
    String tick = WaitForAsyncUtils.asyncFx(() -> c.leftAxis().getTickMarkLabel(1536)).get();
    assertFalse(tick.contains("E"), tick);
    assertTrue(tick.equals("1.5") || tick.equals("1.50"), tick);
  }
}
