package helperlab.study;

import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Two one-sided tests (TOST, Schuirmann 1987) on paired differences: two policies are called level only
 * when the data show the difference lies within {@code ±margin}, not merely when a difference was not
 * found. At α = 0.05 that is the 90% interval of the mean difference lying inside the margin. A
 * difference whose 95% interval excludes zero is "different"; anything else is "inconclusive" (too
 * noisy to say either), which a noisy sample with a small mean must come out as.
 */
public record Equivalence(double mean, double lo90, double hi90, double lo95, double hi95, double margin, int n,
    Outcome outcome) {

  public enum Outcome {
    EQUIVALENT("level"), DIFFERENT("different"), INCONCLUSIVE("inconclusive");

    private final String word;

    Outcome(String word) {
      this.word = word;
    }

    public String word() {
      return word;
    }
  }

  /** The margin the seed's "level" and "no difference" claims are judged by, in percentage points. */
  public static final double DEFAULT_MARGIN_POINTS = 2;

  public Equivalence {
    if (!(margin > 0)) {
      throw new IllegalArgumentException("an equivalence margin must be > 0, got " + margin);
    }
  }

  /** The test on paired differences (same seeds), at α = 0.05 each side. */
  public static Equivalence of(double[] differences, double margin) {
    if (!(margin > 0)) {
      throw new IllegalArgumentException("an equivalence margin must be > 0, got " + margin);
    }
    int n = differences.length;
    if (n < 2) {
      throw new IllegalArgumentException("an equivalence test needs at least 2 paired differences, got " + n);
    }
    double sum = 0;
    for (double d : differences) {
      sum += d;
    }
    double mean = sum / n;
    double ss = 0;
    for (double d : differences) {
      ss += (d - mean) * (d - mean);
    }
    double se = Math.sqrt(ss / (n - 1) / n);
    TDistribution t = new TDistribution(n - 1);
    double h90 = t.inverseCumulativeProbability(0.95) * se;
    double h95 = t.inverseCumulativeProbability(0.975) * se;
    double lo90 = mean - h90;
    double hi90 = mean + h90;
    double lo95 = mean - h95;
    double hi95 = mean + h95;
    Outcome o;
    if (lo95 > 0 || hi95 < 0) {
      o = lo90 > -margin && hi90 < margin ? Outcome.EQUIVALENT : Outcome.DIFFERENT;
    } else {
      o = lo90 > -margin && hi90 < margin ? Outcome.EQUIVALENT : Outcome.INCONCLUSIVE;
    }
    return new Equivalence(mean, lo90, hi90, lo95, hi95, margin, n, o);
  }

  public static Equivalence of(double[] differences) {
    return of(differences, DEFAULT_MARGIN_POINTS);
  }

  public boolean equivalent() {
    return outcome == Outcome.EQUIVALENT;
  }

  /** E.g. "+0.3, 90% [-0.4, +1.0] within ±2: level". */
  public String words() {
    return String.format(Locale.ROOT, "%+.1f, 90%% [%+.1f, %+.1f] %s ±%s: %s", mean, lo90, hi90,
        equivalent() ? "within" : "not within", fmt(margin), outcome.word());
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }
}
