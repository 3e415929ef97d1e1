package helperlab.charts;

import java.util.Arrays;

/**
 * Keeps what a line needs to look right at screen resolution, whatever the number of points: per
 * time bucket its first, lowest, highest and last point (real samples, so tooltips and peaks stay
 * true). Points are added in time order in O(1); when the buckets run out the bucket width doubles
 * and neighbours merge, so an hour of 10^5 samples is drawn from at most 2 × {@link #BUCKETS} + 2
 * points: each bucket's lowest and highest, and the line's first and last.
 * NaN values are skipped.
 */
public final class Decimator {
  /** About two buckets per pixel of a wide chart. */
  public static final int BUCKETS = 2048;

  private final double origin;
  private double width;
  private int count;
  private long added;
  // per bucket: first, min, max, last as (x, y)
  private final double[] fx = new double[BUCKETS];
  private final double[] fy = new double[BUCKETS];
  private final double[] nx = new double[BUCKETS];
  private final double[] ny = new double[BUCKETS];
  private final double[] mx = new double[BUCKETS];
  private final double[] my = new double[BUCKETS];
  private final double[] lx = new double[BUCKETS];
  private final double[] ly = new double[BUCKETS];

  /**
   * @param origin the x where bucket 0 starts
   * @param width the first bucket width (it doubles as needed)
   */
  public Decimator(double origin, double width) {
    if (!(width > 0)) {
      throw new IllegalArgumentException("bucket width must be > 0, got " + width);
    }
    this.origin = origin;
    this.width = width;
    Arrays.fill(fx, Double.NaN);
  }

  /** Adds a point; x must not be less than the previous point's. */
  public void add(double x, double y) {
    if (Double.isNaN(y)) {
      return;
    }
    added++;
    int b = bucket(x);
    while (b >= BUCKETS) {
      halve();
      b = bucket(x);
    }
    if (b < count - 1) {
      b = count - 1; // a point earlier than the last bucket (equal times across a merge): keep order
    }
    if (b >= count) {
      for (int k = count; k < b; k++) {
        fx[k] = Double.NaN; // buckets skipped over stay empty
      }
      count = b + 1;
      fx[b] = x;
      fy[b] = y;
      nx[b] = x;
      ny[b] = y;
      mx[b] = x;
      my[b] = y;
      lx[b] = x;
      ly[b] = y;
      return;
    }
    if (Double.isNaN(fx[b])) {
      fx[b] = x;
      fy[b] = y;
      nx[b] = x;
      ny[b] = y;
      mx[b] = x;
      my[b] = y;
    } else {
      if (y < ny[b]) {
        nx[b] = x;
        ny[b] = y;
      }
      if (y > my[b]) {
        mx[b] = x;
        my[b] = y;
      }
    }
    lx[b] = x;
    ly[b] = y;
  }

  private int bucket(double x) {
    return (int) Math.max(0, Math.floor((x - origin) / width));
  }

  /** Doubles the bucket width, merging neighbours. */
  private void halve() {
    int n = (count + 1) / 2;
    for (int i = 0; i < n; i++) {
      int a = 2 * i;
      int b = a + 1;
      boolean hasA = a < count && !Double.isNaN(fx[a]);
      boolean hasB = b < count && !Double.isNaN(fx[b]);
      if (!hasA && !hasB) {
        fx[i] = Double.NaN;
        continue;
      }
      if (!hasA) {
        copy(b, i);
        continue;
      }
      if (!hasB) {
        copy(a, i);
        continue;
      }
      double f1 = fx[a];
      double f2 = fy[a];
      double n1 = ny[a] <= ny[b] ? nx[a] : nx[b];
      double n2 = Math.min(ny[a], ny[b]);
      double m1 = my[a] >= my[b] ? mx[a] : mx[b];
      double m2 = Math.max(my[a], my[b]);
      double l1 = lx[b];
      double l2 = ly[b];
      fx[i] = f1;
      fy[i] = f2;
      nx[i] = n1;
      ny[i] = n2;
      mx[i] = m1;
      my[i] = m2;
      lx[i] = l1;
      ly[i] = l2;
    }
    Arrays.fill(fx, n, BUCKETS, Double.NaN);
    count = n;
    width *= 2;
  }

  private void copy(int from, int to) {
    fx[to] = fx[from];
    fy[to] = fy[from];
    nx[to] = nx[from];
    ny[to] = ny[from];
    mx[to] = mx[from];
    my[to] = my[from];
    lx[to] = lx[from];
    ly[to] = ly[from];
  }

  /** Points added (NaN skipped). */
  public long added() {
    return added;
  }

  public double bucketWidth() {
    return width;
  }

  /** Writes the kept points in time order into {@code x} and {@code y} (growing them); returns how many. */
  public int emit(double[][] xy) {
    return emit(xy, BUCKETS);
  }

  /**
   * As {@link #emit(double[][])}, with at most about {@code columns} groups of neighbouring buckets:
   * each group hands over its lowest and highest point in time order, and the line keeps its very first
   * and last point. At one group a pixel column that paints each column's span from low to high, as
   * chartfx's own reducer does, with half the vertices of first, low, high and last (the strokes are
   * most of a frame's cost); a narrow chart is not handed several buckets a column it could not show.
   */
  public int emit(double[][] xy, int columns) {
    double[] x = xy[0];
    double[] y = xy[1];
    if (x.length < 2 * count + 2) {
      x = new double[2 * BUCKETS + 2];
      y = new double[2 * BUCKETS + 2];
      xy[0] = x;
      xy[1] = y;
    }
    int cols = Math.max(1, columns);
    int group = Math.max(1, (count + cols - 1) / cols);
    int n = 0;
    double lastX = Double.NEGATIVE_INFINITY;
    for (int g = 0; g < count; g += group) {
      double gfx = Double.NaN;
      double gfy = 0;
      double ax = 0;
      double ay = Double.POSITIVE_INFINITY;
      double bx = 0;
      double by = Double.NEGATIVE_INFINITY;
      double glx = 0;
      double gly = 0;
      for (int b = g; b < Math.min(count, g + group); b++) {
        if (Double.isNaN(fx[b])) {
          continue;
        }
        if (Double.isNaN(gfx)) {
          gfx = fx[b];
          gfy = fy[b];
        }
        if (ny[b] < ay) {
          ax = nx[b];
          ay = ny[b];
        }
        if (my[b] > by) {
          bx = mx[b];
          by = my[b];
        }
        glx = lx[b];
        gly = ly[b];
      }
      if (Double.isNaN(gfx)) {
        continue;
      }
      if (bx < ax) {
        double tx = ax;
        double ty = ay;
        ax = bx;
        ay = by;
        bx = tx;
        by = ty;
      }
      if (n == 0 && (gfx != ax || gfy != ay)) {
        n = put(x, y, n, gfx, gfy, lastX);
        lastX = x[n - 1];
      }
      n = put(x, y, n, ax, ay, lastX);
      lastX = x[n - 1];
      if (bx != ax || by != ay) {
        n = put(x, y, n, bx, by, lastX);
        lastX = x[n - 1];
      }
      if (g + group >= count && (glx != bx || gly != by)) {
        n = put(x, y, n, glx, gly, lastX);
        lastX = x[n - 1];
      }
    }
    return n;
  }

  private static int put(double[] x, double[] y, int n, double px, double py, double lastX) {
    x[n] = Math.max(px, lastX);
    y[n] = py;
    return n + 1;
  }

  /** A decimator for the samples of {@code t} between times {@code from} and {@code to}, for {@code series}. */
  public static Decimator of(SampleTable t, Series series, double from, double to) {
    double span = Math.max(1e-6, to - from);
    Decimator d = new Decimator(from, span / (BUCKETS - 1));
    int n = t.size();
    if (n == 0) {
      return d;
    }
    int i0 = Math.max(0, t.indexAt(from));
    int i1 = Math.min(n - 1, t.indexAt(to) + 1);
    for (int i = i0; i <= i1; i++) {
      d.add(t.t(i), series.value(t, i));
    }
    return d;
  }
}
