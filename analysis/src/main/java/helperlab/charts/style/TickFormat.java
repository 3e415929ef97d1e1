package helperlab.charts.style;

import helperlab.charts.Series;
import java.util.Locale;

/**
 * Numbers on the charts: 1-2-5 steps, counts on whole numbers, memory in MB or GB as the axis needs,
 * no E-notation and no negative zero, and a series' value in its unit (the pointer readout).
 */
public final class TickFormat {
  private TickFormat() {}

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

  /** A 1-2-5 step at least {@code raw} and never below 1 (counts have no half processes). */
  public static double countStep(double raw) {
    return Math.max(1, niceStep(raw));
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
      case WORKERS, BUSY, SPAWNS_TOTAL -> number(v, 0);
      case SPAWNS_PER_MINUTE -> number(v, 0) + " /min";
      case CPU_USEFUL, CPU_SPAWN, CPU_KILLED -> number(v, 1) + " s";
      case MET, MISSED, REFUSED -> number(v, 0) + " tasks";
      case MET_SHARE -> number(v, 1) + " %";
      case QUEUE -> number(v, 0) + " images";
      case MEMORY -> v > 1024 ? number(v / 1024, 2) + " GB" : number(v, 0) + " MB";
    };
  }

  /** A short duration: {@code 5 ms}, {@code 0.25 ms}, {@code 3 s}, {@code 1.5 s} (two significant figures). */
  public static String duration(double s) {
    return s < 1 ? compact(s * 1000) + " ms" : compact(s) + " s";
  }

  private static String compact(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2g", v);
  }
}
