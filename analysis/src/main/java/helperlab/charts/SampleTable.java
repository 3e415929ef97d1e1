package helperlab.charts;

/** A run's sampled series, read by index: a recorded run's {@code Samples} or a live run still growing. */
public interface SampleTable {
  int size();

  /** Seconds from the run's start of sample {@code i}. */
  double t(int i);

  double get(Column c, int i);

  /** The index of the last sample at or before {@code time} (0 if none; -1 if the table is empty). */
  default int indexAt(double time) {
    int n = size();
    if (n == 0) {
      return -1;
    }
    if (time <= t(0)) {
      return 0;
    }
    int lo = 0;
    int hi = n - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (t(mid) <= time) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** The last sample's time, or 0 when empty. */
  default double endS() {
    int n = size();
    return n == 0 ? 0 : t(n - 1);
  }
}
