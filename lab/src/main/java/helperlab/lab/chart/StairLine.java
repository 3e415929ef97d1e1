package helperlab.lab.chart;

/**
 * A count's line as the steps it is drawn with: each value held until the next sample, then a
 * vertical jump. The corners are added to the points, so the renderer strokes one polyline; chartfx's
 * own step style strokes every segment as a separate shape, which software rendering pays for
 * segment by segment (thousands per chart and frame).
 */
final class StairLine {
  private double[] x = new double[0];
  private double[] y = new double[0];

  /** Expands the first {@code n} points of {@code px}, {@code py} into steps; returns how many points. */
  int expand(double[] px, double[] py, int n) {
    if (n <= 1) {
      ensure(n);
      System.arraycopy(px, 0, x, 0, n);
      System.arraycopy(py, 0, y, 0, n);
      return n;
    }
    ensure(2 * n - 1);
    x[0] = px[0];
    y[0] = py[0];
    int j = 1;
    for (int i = 1; i < n; i++) {
      x[j] = px[i];
      y[j] = py[i - 1];
      j++;
      x[j] = px[i];
      y[j] = py[i];
      j++;
    }
    return j;
  }

  /** The points' times, valid up to the count {@link #expand} returned. */
  double[] x() {
    return x;
  }

  /** The points' values, valid up to the count {@link #expand} returned. */
  double[] y() {
    return y;
  }

  private void ensure(int n) {
    if (x.length < n) {
      x = new double[Math.max(n, 2 * x.length)];
      y = new double[x.length];
    }
  }
}
