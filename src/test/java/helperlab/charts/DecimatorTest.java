package helperlab.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Lines reduced to screen resolution keep their shape: first and last point, every peak and trough. */
class DecimatorTest {
  @Test
  void aHundredThousandPointsBecomeAFewThousandWithPeaksKept() {
    Decimator d = new Decimator(0, 0.05);
    SplittableRandom r = new SplittableRandom(1);
    int n = 100_000;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double[] ys = new double[n];
    for (int i = 0; i < n; i++) {
      double y = Math.sin(i / 500.0) * 50 + r.nextGaussian() * 5 + (i == 77_777 ? 400 : 0);
      ys[i] = y;
      min = Math.min(min, y);
      max = Math.max(max, y);
      d.add(i * 0.036, y);
    }
    double[][] xy = {new double[0], new double[0]};
    int k = d.emit(xy);
    assertEquals(n, d.added());
    assertTrue(k <= 4 * Decimator.BUCKETS && k > Decimator.BUCKETS, "reduced to " + k);
    assertEquals(0, xy[0][0]);
    assertEquals(ys[0], xy[1][0]);
    assertEquals((n - 1) * 0.036, xy[0][k - 1], 1e-9);
    assertEquals(ys[n - 1], xy[1][k - 1]);
    double kmin = Double.POSITIVE_INFINITY;
    double kmax = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < k; i++) {
      kmin = Math.min(kmin, xy[1][i]);
      kmax = Math.max(kmax, xy[1][i]);
      if (i > 0) {
        assertTrue(xy[0][i] >= xy[0][i - 1], "time order at " + i);
      }
    }
    assertEquals(min, kmin, "the lowest point is kept");
    assertEquals(max, kmax, "the spike is kept");
  }

  @Test
  void aZoomedRangeKeepsEverySampleWhenTheyFit() {
    LiveSamples s = new LiveSamples();
    for (int i = 0; i < 10_000; i++) {
      s.add(i, i % 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    Decimator d = Decimator.of(s, Series.WORKERS, 1000, 1100);
    double[][] xy = {new double[0], new double[0]};
    int k = d.emit(xy);
    assertTrue(k >= 101 && k <= 103, "every sample in 1000..1100 (and one either side): " + k);
    for (int i = 0; i < k; i++) {
      assertEquals(((long) xy[0][i]) % 7, (long) xy[1][i], "real samples at " + xy[0][i]);
    }
  }

  @Test
  void nanValuesAreSkipped() {
    Decimator d = new Decimator(0, 1);
    d.add(0, Double.NaN);
    d.add(1, 5);
    d.add(2, Double.NaN);
    double[][] xy = {new double[0], new double[0]};
    assertEquals(1, d.emit(xy));
    assertEquals(1, d.added());
  }
}
