package helperlab.lab.chart;

import helperlab.charts.Series;

import java.util.Locale;

/**
 * Where the charts put their ticks and how they label them: time like the clocks ({@code 5:00},
 * {@code 1:15:00}) at steps a clock reader counts in, counts on whole numbers, and the values under
 * the pointer in each series' unit. No toolkit: the chartfx axes and the pointer readout call it.
 */
public final class AxisTicks {
  private static final double[] CLOCK_STEPS = {
    0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400};

  private AxisTicks() {}

  /** The smallest clock-friendly step (seconds) at least {@code raw}. */
  public static double clockStep(double raw) {
    for (double s : CLOCK_STEPS) {
      if (s >= raw) {
        return s;
      }
    }
    return Math.ceil(raw / 86400) * 86400;
  }

  /** A 1-2-5 step at least {@code raw} and never below 1 (counts have no half processes). */
  public static double countStep(double raw) {
    return Math.max(1, niceStep(raw));
  }

  /** A 1-2-5 step at least {@code raw}. */
  public static double niceStep(double raw) {
    if (!(raw > 0) || !Double.isFinite(raw)) {
      return 1;
    }
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * mag >= raw * (1 - 1e-9)) {
        return m * mag;
      }
    }
    return 10 * mag;
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

  /** A number without a negative zero: {@code -0.0004} with 2 decimals reads {@code 0.00}. */
  public static String number(double v, int decimals) {
    if (!Double.isFinite(v)) {
      return "–";
    }
    String s = String.format(Locale.ROOT, "%,." + decimals + "f", v);
    return s.startsWith("-") && s.substring(1).replaceAll("[0.,]", "").isEmpty() ? s.substring(1) : s;
  }

  /** Decimals a tick label needs for ticks {@code step} apart (0 for whole steps, at most 3). */
  public static int decimalsFor(double step) {
    if (!(step > 0) || step >= 1) {
      return 0;
    }
    for (int d = 1; d < 3; d++) {
      double scaled = step * Math.pow(10, d);
      if (Math.abs(scaled - Math.rint(scaled)) < 1e-6) {
        return d;
      }
    }
    return 3;
  }

  /** MB up to a gigabyte, GB above: the unit of a memory axis whose top is {@code maxMb}. */
  public static String memoryUnit(double maxMb) {
    return maxMb > 1024 ? "GB" : "MB";
  }

  /** A 1-2-5 tick step (in MB) at least {@code rawMb}, on whole GB fractions when the axis reads GB. */
  public static double memoryStep(double rawMb, double maxMb) {
    return memoryUnit(maxMb).equals("GB") ? niceStep(rawMb / 1024) * 1024 : Math.max(1, niceStep(rawMb));
  }

  /** A memory tick ({@code mb}, ticks {@code stepMb} apart) in the axis's unit: {@code 500}, {@code 1.5}. */
  public static String memoryTick(double mb, double stepMb, double maxMb) {
    if (memoryUnit(maxMb).equals("GB")) {
      return number(mb / 1024, decimalsFor(stepMb / 1024));
    }
    return number(mb, decimalsFor(stepMb));
  }

  /** A series' value as the pointer readout shows it, in the series' unit. */
  public static String value(Series series, double v) {
    if (!Double.isFinite(v)) {
      return "–";
    }
    return switch (series) {
      case WORKERS, BUSY -> number(v, 0);
      case SPAWNS_TOTAL -> number(v, 0);
      case SPAWNS_PER_MINUTE -> number(v, 0) + " /min";
      case CPU_USEFUL, CPU_SPAWN, CPU_KILLED -> number(v, 1) + " s";
      case MET, MISSED, REFUSED -> number(v, 0) + " tasks";
      case MET_SHARE -> number(v, 1) + " %";
      case QUEUE -> number(v, 0) + " images";
      case MEMORY -> v > 1024 ? number(v / 1024, 2) + " GB" : number(v, 0) + " MB";
    };
  }

  /** True for series that count things (drawn as steps, whole-number ticks). */
  public static boolean isCount(Series series) {
    return series.isCount();
  }
}
