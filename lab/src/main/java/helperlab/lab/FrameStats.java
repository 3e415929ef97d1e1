package helperlab.lab;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Frames counted by a frame timer: the rate over the whole measurement and over its last quarter, and
 * the intervals between frames (the 60 Hz pulse is 16.7 ms; a longer one is a pulse missed).
 */
record FrameStats(int frames, double seconds, double fps, double lastQuarterFps, double medianMs, double p95Ms,
    double maxMs) {

  /** From the frame timer's times in nanoseconds, in order (at least two). */
  static FrameStats of(List<Long> times) {
    if (times.size() < 2) {
      throw new IllegalArgumentException("frame statistics need at least two frames, got " + times.size());
    }
    int n = times.size();
    double seconds = (times.get(n - 1) - times.get(0)) / 1e9;
    long[] gaps = new long[n - 1];
    for (int i = 1; i < n; i++) {
      gaps[i - 1] = times.get(i) - times.get(i - 1);
    }
    Arrays.sort(gaps);
    int q = n * 3 / 4;
    double lastQuarter = (n - 1 - q) / ((times.get(n - 1) - times.get(q)) / 1e9);
    return new FrameStats(n - 1, seconds, (n - 1) / seconds, lastQuarter, gaps[gaps.length / 2] / 1e6,
        gaps[(int) (gaps.length * 0.95)] / 1e6, gaps[gaps.length - 1] / 1e6);
  }

  /** "58.9 fps overall, 59.6 fps in the last quarter; frame interval median 16.7 ms, p95 19.5 ms, max 50.1 ms" */
  String describe() {
    return String.format(Locale.ROOT,
        "%.1f fps overall, %.1f fps in the last quarter; frame interval median %.1f ms, p95 %.1f ms, max %.1f ms",
        fps, lastQuarterFps, medianMs, p95Ms, maxMs);
  }
}
