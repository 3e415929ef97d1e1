package helperlab.charts.export;

/** Axis ranges and tick steps that land on 1, 2 or 5 times a power of ten. */
public record NiceScale(double min, double max, double step) {
  /** A scale from 0 (or below, if data go negative) up past {@code dataMax}, with about {@code ticks} ticks. */
  public static NiceScale of(double dataMin, double dataMax, int ticks) {
    double lo = Math.min(0, finiteOr(dataMin, 0));
    double hi = finiteOr(dataMax, 1);
    if (hi <= lo) {
      hi = lo + 1;
    }
    double step = niceStep((hi - lo) / Math.max(1, ticks));
    return new NiceScale(Math.floor(lo / step) * step, Math.ceil(hi / step) * step, step);
  }

  /** Exactly {@code min} to {@code max} (no rounding out), with a nice step for ticks inside it. */
  public static NiceScale tight(double min, double max, int ticks) {
    double hi = max > min ? max : min + 1;
    return new NiceScale(min, hi, niceStep((hi - min) / Math.max(1, ticks)));
  }

  private static final double[] CLOCK_STEPS = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200,
      10800, 21600, 43200, 86400};

  /** Exactly {@code min} to {@code max} in seconds, ticks at steps a clock reader counts in (1:00, 5:00, 15:00…). */
  public static NiceScale clock(double min, double max, int ticks) {
    double hi = max > min ? max : min + 1;
    double raw = (hi - min) / Math.max(1, ticks);
    double step = Math.ceil(raw / 86400) * 86400;
    for (double s : CLOCK_STEPS) {
      if (s >= raw) {
        step = s;
        break;
      }
    }
    return new NiceScale(min, hi, step);
  }

  /** A fixed range with a nice step. */
  public static NiceScale fixed(double min, double max, int ticks) {
    return new NiceScale(min, max, niceStep((max - min) / Math.max(1, ticks)));
  }

  static double niceStep(double raw) {
    if (!(raw > 0)) {
      return 1;
    }
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double f = raw / mag;
    double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
    return nice * mag;
  }

  private static double finiteOr(double v, double fallback) {
    return Double.isFinite(v) ? v : fallback;
  }

  public double span() {
    return max - min;
  }
}
