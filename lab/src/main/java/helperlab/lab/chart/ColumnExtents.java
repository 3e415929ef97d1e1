package helperlab.lab.chart;

import java.util.Arrays;

/**
 * A solid line as the pixel columns it inks: for each column of the plot, the lowest and highest screen
 * y its segments reach within that column; neighbouring columns with one extent make one rectangle. A
 * line decimated to its lowest and highest point a column is a zigzag of nearly vertical strokes, which a
 * path rasteriser pays for scanline by scanline; filled as rectangles the same pixels cost a blit each,
 * and a flat stretch (a count between its steps) a single one.
 *
 * <p>Points come in screen coordinates, in time order; {@link #lift} breaks the line (a gap in the data).
 * Columns outside {@code 0..width-1} are left out.
 */
final class ColumnExtents {
  /** Neighbouring columns whose extents differ by less than this (pixels) are filled as one rectangle. */
  static final double MERGE_PX = 0.25;

  /** Receives the rectangles to fill. */
  interface Fill {
    void rect(double x, double y, double w, double h);
  }

  private double[] low = new double[0];
  private double[] high = new double[0];
  private int width;
  private double lastX = Double.NaN;
  private double lastY = Double.NaN;

  /** Starts a new line over {@code width} columns. */
  void reset(int width) {
    this.width = Math.max(0, width);
    if (low.length < this.width) {
      low = new double[this.width];
      high = new double[this.width];
    }
    Arrays.fill(low, 0, this.width, Double.POSITIVE_INFINITY);
    Arrays.fill(high, 0, this.width, Double.NEGATIVE_INFINITY);
    lift();
  }

  /** The next point of the line: joined to the one before unless the line was lifted. */
  void to(double x, double y) {
    if (Double.isNaN(x) || Double.isNaN(y)) {
      lift();
      return;
    }
    if (Double.isNaN(lastX)) {
      extend(column(x), y, y);
    } else {
      segment(lastX, lastY, x, y);
    }
    lastX = x;
    lastY = y;
  }

  /** Breaks the line: the next point starts a new stretch. */
  void lift() {
    lastX = Double.NaN;
    lastY = Double.NaN;
  }

  private void segment(double x0, double y0, double x1, double y1) {
    if (x1 < x0) {
      double t = x0;
      x0 = x1;
      x1 = t;
      t = y0;
      y0 = y1;
      y1 = t;
    }
    int c0 = column(x0);
    int c1 = column(x1);
    if (c0 == c1) {
      extend(c0, Math.min(y0, y1), Math.max(y0, y1));
      return;
    }
    double slope = (y1 - y0) / (x1 - x0);
    for (int c = Math.max(c0, 0), last = Math.min(c1, width - 1); c <= last; c++) {
      double ya = y0 + slope * (Math.max(x0, c) - x0);
      double yb = y0 + slope * (Math.min(x1, c + 1.0) - x0);
      extend(c, Math.min(ya, yb), Math.max(ya, yb));
    }
  }

  private static int column(double x) {
    return (int) Math.max(Integer.MIN_VALUE / 2, Math.min(Integer.MAX_VALUE / 2, Math.floor(x)));
  }

  private void extend(int c, double lo, double hi) {
    if (c < 0 || c >= width) {
      return;
    }
    if (lo < low[c]) {
      low[c] = lo;
    }
    if (hi > high[c]) {
      high[c] = hi;
    }
  }

  /**
   * Hands over the line as rectangles, each run of columns with one extent as one, widened by the line's
   * width around the columns' centres; returns how many.
   */
  int fill(double lineWidth, Fill out) {
    double half = lineWidth / 2;
    int rects = 0;
    int c = 0;
    while (c < width) {
      if (low[c] > high[c]) {
        c++;
        continue;
      }
      double lo = low[c];
      double hi = high[c];
      int end = c;
      // judged against the run's first column, so a gentle slope does not creep into one long rectangle
      while (end + 1 < width && low[end + 1] <= high[end + 1]
          && Math.abs(low[end + 1] - low[c]) < MERGE_PX && Math.abs(high[end + 1] - high[c]) < MERGE_PX) {
        end++;
        lo = Math.min(lo, low[end]);
        hi = Math.max(hi, high[end]);
      }
      out.rect(c + 0.5 - half, lo - half, end - c + 2 * half, hi - lo + 2 * half);
      rects++;
      c = end + 1;
    }
    return rects;
  }
}
