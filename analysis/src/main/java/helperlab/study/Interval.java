package helperlab.study;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.distribution.TDistribution;

/** A mean with its 95% confidence interval (Student's t over the n values). */
public record Interval(double mean, double lo, double hi, int n) {
  public static Interval of(double[] values) {
    int n = values.length;
    if (n == 0) {
      return new Interval(Double.NaN, Double.NaN, Double.NaN, 0);
    }
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    double mean = sum / n;
    if (n == 1) {
      return new Interval(mean, mean, mean, 1);
    }
    double ss = 0;
    for (double v : values) {
      ss += (v - mean) * (v - mean);
    }
    double half = t975(n - 1) * Math.sqrt(ss / (n - 1) / n);
    return new Interval(mean, mean - half, mean + half, n);
  }

  /** Student's t 97.5% quantiles by degrees of freedom, computed once each (a distribution is costly to make). */
  private static final Map<Integer, Double> T975 = new ConcurrentHashMap<>();

  private static double t975(int degreesOfFreedom) {
    return T975.computeIfAbsent(degreesOfFreedom, df -> new TDistribution(df).inverseCumulativeProbability(0.975));
  }

  /** Paired differences a[i] − b[i] (same seeds), as an interval. */
  public static Interval paired(double[] a, double[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("paired samples differ in size: " + a.length + " vs " + b.length);
    }
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i] - b[i];
    }
    return of(d);
  }

  public boolean excludesZero() {
    return lo > 0 || hi < 0;
  }
}
