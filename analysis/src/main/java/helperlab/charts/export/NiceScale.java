package helperlab.charts.export;

import helperlab.charts.style.AxisKind;
import helperlab.charts.style.TickFormat;

/**
 * An exported axis: its range and tick step. Value axes are placed as the window places them
 * ({@link AxisKind}): the step from the axis's length in pixels, headroom over the data, the top on a
 * whole step.
 */
public record NiceScale(double min, double max, double step) {
  /** An axis of {@code kind} over data {@code dataMin}..{@code dataMax}, {@code lengthPx} long. */
  public static NiceScale axis(AxisKind kind, double dataMin, double dataMax, double lengthPx, boolean vertical) {
    double lo = Math.min(0, finiteOr(dataMin, 0));
    double hi = finiteOr(dataMax, 1);
    if (kind == AxisKind.TIME) {
      return exact(kind, lo, hi, lengthPx, vertical);
    }
    double padded = hi <= lo ? lo + 1 : hi + (hi - lo) * AxisKind.HEADROOM;
    double step = kind.step(AxisKind.rawStep(padded - lo, lengthPx, vertical), padded);
    return new NiceScale(Math.floor(lo / step + 1e-9) * step, Math.ceil(padded / step - 1e-9) * step, step);
  }

  /** Exactly {@code min} to {@code max} (no rounding out), ticks as {@code kind} places them. */
  public static NiceScale exact(AxisKind kind, double min, double max, double lengthPx, boolean vertical) {
    double hi = max > min ? max : min + 1;
    return new NiceScale(min, hi, kind.step(AxisKind.rawStep(hi - min, lengthPx, vertical), hi));
  }

  /** A scale from 0 (or below, if data go negative) up past {@code dataMax}, with about {@code ticks} ticks. */
  public static NiceScale of(double dataMin, double dataMax, int ticks) {
    double lo = Math.min(0, finiteOr(dataMin, 0));
    double hi = finiteOr(dataMax, 1);
    if (hi <= lo) {
      hi = lo + 1;
    }
    double step = TickFormat.niceStep((hi - lo) / Math.max(1, ticks));
    return new NiceScale(Math.floor(lo / step) * step, Math.ceil(hi / step) * step, step);
  }

  private static double finiteOr(double v, double fallback) {
    return Double.isFinite(v) ? v : fallback;
  }

  public double span() {
    return max - min;
  }
}
