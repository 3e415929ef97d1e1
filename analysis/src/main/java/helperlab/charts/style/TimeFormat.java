package helperlab.charts.style;

import java.util.Locale;

/** Time as the lab's clocks write it ({@code 5:00}, {@code 1:15:00}) and the steps a clock reader counts in. */
public final class TimeFormat {
  private static final double[] CLOCK_STEPS = {
    0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400};

  private TimeFormat() {}

  /** The smallest clock-friendly step (seconds) at least {@code raw}. */
  public static double clockStep(double raw) {
    for (double s : CLOCK_STEPS) {
      if (s >= raw) {
        return s;
      }
    }
    return Math.ceil(raw / 86400) * 86400;
  }

  /** A time on an axis: {@code 0:00}, {@code 12:30}, {@code 1:05:00}; tenths when the step is below a second. */
  public static String clock(double seconds, double step) {
    if (!Double.isFinite(seconds)) {
      return "";
    }
    boolean negative = seconds < -1e-9;
    double t = Math.abs(seconds);
    String sign = negative ? "−" : "";
    if (step < 1) {
      long tenths = Math.round(t * 10);
      long s = tenths / 10;
      return sign + (s >= 3600
          ? String.format(Locale.ROOT, "%d:%02d:%02d.%d", s / 3600, (s % 3600) / 60, s % 60, tenths % 10)
          : String.format(Locale.ROOT, "%d:%02d.%d", s / 60, s % 60, tenths % 10));
    }
    long s = Math.round(t);
    long h = s / 3600;
    long m = (s % 3600) / 60;
    long sec = s % 60;
    return sign + (h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, sec)
        : String.format(Locale.ROOT, "%d:%02d", m, sec));
  }

  /** A time into a run as the lab's lists and labels write it: {@code 7:05}, {@code 1:02:03}; {@code –} for none. */
  public static String elapsed(double seconds) {
    return Double.isFinite(seconds) ? clock(Math.max(0, seconds), 1) : "–";
  }

  /** The same with tenths of a second: {@code 7:05.3}, {@code 1:00:51.3} (the cursor, the event list). */
  public static String elapsedPrecise(double seconds) {
    return Double.isFinite(seconds) ? clock(Math.max(0, seconds), 0.1) : "–";
  }
}
