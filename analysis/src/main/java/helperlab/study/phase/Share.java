package helperlab.study.phase;

/**
 * A share of runs, {@code k} of {@code n}, with its Wilson score 95% interval. Wilson rather than the normal
 * approximation because a phase cell has few runs (3–10) and its share is often 0 or 1, where the normal
 * interval collapses to a point and claims a certainty ten runs do not give: 0 of 5 is "below 43%", not "0%".
 */
public record Share(int k, int n, double share, double lo, double hi) {
  static final double Z = KaplanMeier.Z975;

  public Share {
    if (n < 0 || k < 0 || k > n) {
      throw new IllegalArgumentException("a share needs 0 <= k <= n, got " + k + " of " + n);
    }
  }

  public static Share of(int k, int n) {
    if (k < 0 || n < 0 || k > n) {
      throw new IllegalArgumentException("a share needs 0 <= k <= n, got " + k + " of " + n);
    }
    if (n == 0) {
      return new Share(0, 0, Double.NaN, Double.NaN, Double.NaN);
    }
    double p = (double) k / n;
    double z2 = Z * Z;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = Z / (1 + z2 / n) * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
    // at k = 0 and k = n the bound is exactly 0 or 1; rounding must not put it a hair outside
    double lo = k == 0 ? 0 : Math.max(0, centre - half);
    double hi = k == n ? 1 : Math.min(1, centre + half);
    return new Share(k, n, p, lo, hi);
  }

  /** The interval lies wholly on one side of {@code threshold}: the runs say which side the cell is on. */
  public boolean decides(double threshold) {
    return n > 0 && (lo >= threshold || hi < threshold);
  }
}
