package helperlab.lab.viewmodel;

import java.util.Locale;

/** Run times as people read them: {@code 7:05}, {@code 1:02:03}, or with tenths when asked. */
public final class Clock {
  private Clock() {}

  public static String format(double seconds) {
    if (!Double.isFinite(seconds)) {
      return "–";
    }
    long s = Math.round(Math.max(0, seconds));
    long h = s / 3600;
    long m = (s % 3600) / 60;
    long sec = s % 60;
    return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, sec) : String.format(Locale.ROOT, "%d:%02d", m, sec);
  }

  /** With tenths of a second, e.g. {@code 7:05.3}, {@code 1:00:51.3} past an hour (as the axes count). */
  public static String precise(double seconds) {
    if (!Double.isFinite(seconds)) {
      return "–";
    }
    double t = Math.max(0, seconds);
    long tenths = Math.round(t * 10);
    long s = tenths / 10;
    long h = s / 3600;
    long m = (s % 3600) / 60;
    return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d.%d", h, m, s % 60, tenths % 10)
        : String.format(Locale.ROOT, "%d:%02d.%d", m, s % 60, tenths % 10);
  }
}
