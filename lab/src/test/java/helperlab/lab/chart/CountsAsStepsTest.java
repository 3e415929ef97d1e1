package helperlab.lab.chart;

import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.charts.ChartKind;
import helperlab.charts.LiveSamples;
import helperlab.charts.PlottedRun;
import java.util.concurrent.TimeUnit;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A count drawn over an hour is steps on screen, not slanted lines: the pixels of the workers line lie on
 * its two levels or on whole vertical jumps between them. (The renderer's own point reduction dropped a
 * step's corner where two points shared a pixel column, which turned every step into a slant once a run
 * had more points than pixels.)
 */
class CountsAsStepsTest {
  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void anHourOfACountIsDrawnAsSteps() throws Exception {
    // workers alternate between 10 and 40 every minute for an hour, one sample a second; busy stays at 0
    LiveSamples samples = new LiveSamples();
    for (int t = 0; t <= 3600; t++) {
      int workers = (t / 60) % 2 == 0 ? 10 : 40;
      samples.add(t, workers, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    PlottedRun run = new PlottedRun("steps", samples, 0);
    LabChart chart = ShownChart.of(ChartKind.WORKERS, run, 640, 320);
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> chart.pointsShown(0,
        helperlab.charts.Series.WORKERS) > 0).get());
    WaitForAsyncUtils.waitForFxEvents();
    WritableImage img = WaitForAsyncUtils.asyncFx(() -> chart.chart().getCanvas().snapshot(null, null))
        .get(60, TimeUnit.SECONDS);
    int w = (int) img.getWidth();
    int h = (int) img.getHeight();
    PixelReader px = img.getPixelReader();
    boolean[][] line = new boolean[w][h];
    int[] rows = new int[h];
    for (int x = 0; x < w; x++) {
      for (int y = 0; y < h; y++) {
        int argb = px.getArgb(x, y);
        int r = (argb >> 16) & 0xff;
        int g = (argb >> 8) & 0xff;
        int b = argb & 0xff;
        line[x][y] = b - r > 90 && b - g > 50; // the workers line's blue (#3b82f6), not busy's teal or the grid
        if (line[x][y]) {
          rows[y]++;
        }
      }
    }
    // the two levels: the rows the line runs along most
    int top = -1;
    int bottom = -1;
    for (int y = 0; y < h; y++) {
      if (top < 0 || rows[y] > rows[top]) {
        top = y;
      }
    }
    for (int y = 0; y < h; y++) {
      if (Math.abs(y - top) > 5 && (bottom < 0 || rows[y] > rows[bottom])) {
        bottom = y;
      }
    }
    int hi = Math.min(top, bottom) + 3;
    int lo = Math.max(top, bottom) - 3;
    assertTrue(lo - hi > 20, "the two levels are far apart on screen: rows " + top + " and " + bottom);
    // a column with line pixels between the levels must be a whole jump: pixels on (nearly) every row between
    int jumps = 0;
    int slanted = 0;
    for (int x = 0; x < w; x++) {
      int between = 0;
      for (int y = hi; y <= lo; y++) {
        between += line[x][y] ? 1 : 0;
      }
      if (between == 0) {
        continue;
      }
      if (between >= 0.9 * (lo - hi + 1)) {
        jumps++;
      } else {
        slanted++;
      }
    }
    assertTrue(jumps >= 50, jumps + " whole vertical jumps on screen, expected about 60");
    // a few partly covered columns come from anti-aliasing beside a jump (3 of 60 jumps when measured);
    // with the steps' corners dropped there were no whole jumps at all, every change a slant
    assertTrue(slanted <= 6, slanted + " columns carry part of a slanted line between the levels (" + jumps + " jumps)");
  }
}
