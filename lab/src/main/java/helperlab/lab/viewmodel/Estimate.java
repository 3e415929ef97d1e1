package helperlab.lab.viewmodel;

import helperlab.study.Interval;
import java.util.Locale;

/** A mean over seeds with its 95% interval and how many seeds, as the sweep's table and heat map show it. */
public record Estimate(double mean, double lo, double hi, int n) {

  static Estimate of(Interval i) {
    return new Estimate(i.mean(), i.lo(), i.hi(), i.n());
  }

  /** {@code 62.1 % [58.0, 66.2]} for a share. */
  public String percent() {
    return String.format(Locale.ROOT, "%.1f %% [%.1f, %.1f]", 100 * mean, 100 * lo, 100 * hi);
  }

  /** {@code 1.32 [1.10, 1.54]}. */
  public String plain() {
    return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", mean, lo, hi);
  }
}
