package helperlab.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
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
    assertTrue(k <= 2 * Decimator.BUCKETS + 2 && k > Decimator.BUCKETS, "reduced to " + k);
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
  void eachBucketHandsOverItsLowAndHighInTimeOrderAndTheLineKeepsItsEnds() {
    Decimator d = new Decimator(0, 1);
    double[][] values = {{5, 9, 1, 4}, {4, 2, 8, 6}, {6, 3, 7, 5}};
    for (int b = 0; b < values.length; b++) {
      for (int i = 0; i < 4; i++) {
        d.add(b + i * 0.25, values[b][i]);
      }
    }
    double[][] xy = {new double[0], new double[0]};
    int n = d.emit(xy);
    // the first point, bucket 0's high then low, bucket 1's low then high, bucket 2's low and high, the last point
    assertArrayEquals(new double[] {0, 0.25, 0.5, 1.25, 1.5, 2.25, 2.5, 2.75}, Arrays.copyOf(xy[0], n));
    assertArrayEquals(new double[] {5, 9, 1, 2, 8, 3, 7, 5}, Arrays.copyOf(xy[1], n));
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

  @Test
  void aNarrowPlotGetsOneBucketAPixelColumnWithEveryColumnsExtremesKept() {
    Decimator d = new Decimator(0, 0.05);
    SplittableRandom r = new SplittableRandom(2);
    int n = 100_000;
    double[] ys = new double[n];
    for (int i = 0; i < n; i++) {
      ys[i] = Math.sin(i / 700.0) * 30 + r.nextGaussian() * 8 + (i == 55_555 ? -300 : 0);
      d.add(i * 0.036, ys[i]);
    }
    double[][] all = {new double[0], new double[0]};
    int k = d.emit(all);
    int columns = 500;
    double[][] xy = {new double[0], new double[0]};
    int m = d.emit(xy, columns);
    assertTrue(m <= 2 * columns + 2 && m < k / 2, columns + " columns get " + m + " points, against " + k);
    assertEquals(k, d.emit(new double[][] {new double[0], new double[0]}, Decimator.BUCKETS),
        "as many columns as buckets: nothing merged");
    assertEquals(all[0][0], xy[0][0]);
    assertEquals(all[1][0], xy[1][0]);
    assertEquals(all[0][k - 1], xy[0][m - 1]);
    assertEquals(all[1][k - 1], xy[1][m - 1]);
    // in every stretch of the hour as wide as a pixel column, the merged line reaches the same extremes
    // as the full reduction (it may lend a neighbour's point: the groups do not meet the columns exactly)
    double columnS = (n - 1) * 0.036 / columns;
    for (int c = 0; c < columns; c++) {
      double from = c * columnS;
      double to = from + columnS;
      double[] full = extremes(all, k, from, to);
      double[] merged = extremes(xy, m, from - 2 * columnS, to + 2 * columnS);
      assertTrue(merged[0] <= full[0] && merged[1] >= full[1], "column " + c + " keeps its low and high");
    }
    for (int i = 1; i < m; i++) {
      assertTrue(xy[0][i] >= xy[0][i - 1], "time order at " + i);
    }
  }

  private static double[] extremes(double[][] xy, int n, double from, double to) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      if (xy[0][i] >= from && xy[0][i] < to) {
        lo = Math.min(lo, xy[1][i]);
        hi = Math.max(hi, xy[1][i]);
      }
    }
    return new double[] {lo, hi};
  }
}
