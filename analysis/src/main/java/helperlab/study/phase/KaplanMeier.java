package helperlab.study.phase;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The Kaplan–Meier estimate of a survival curve S(t) = P(T > t) from times that either ended in the event
 * (a run tipped, a run recovered) or were censored (the run ended first: all we know is T exceeds its length).
 * Censoring at the run's end is what makes an hour-long run that never tipped count as "at least an hour", not
 * as "an hour" nor as missing.
 *
 * <p>At each distinct event time t_i with n_i at risk (times ≥ t_i; a time censored at t_i is still at risk
 * there, the textbook convention) and d_i events, S steps down by the factor (1 − d_i/n_i). Its variance is
 * Greenwood's: Var S(t) = S(t)² Σ_{t_i ≤ t} d_i / (n_i (n_i − d_i)). The 95% band is pointwise, computed on the
 * log(−log S) scale (Kalbfleisch–Prentice) so it stays inside [0, 1]: S^exp(±1.96 σ) with
 * σ² = Σ d_i/(n_i(n_i−d_i)) / (log S)²; where S reaches 0 the band is [0, upper of the step before].
 */
public final class KaplanMeier {
  static final double Z975 = 1.959963984540054;

  /** One observed time: when the event happened, or when observation stopped without it ({@code event} false). */
  public record Observation(double timeS, boolean event) {
    public Observation {
      if (!(timeS >= 0) || Double.isInfinite(timeS)) {
        throw new IllegalArgumentException("an observed time must be finite and >= 0, got " + timeS);
      }
    }

    /** The event at {@code eventS}, or, if null, censored at {@code endS} (a run that never tipped). */
    public static Observation eventOrCensored(Double eventS, double endS) {
      return eventS == null ? new Observation(endS, false) : new Observation(eventS, true);
    }
  }

  /** The curve just after event time {@code timeS}: its value, Greenwood standard error and 95% band. */
  public record Step(double timeS, int atRisk, int events, double survival, double standardError, double lo,
      double hi) {}

  private final List<Step> steps;
  private final int n;

  private KaplanMeier(List<Step> steps, int n) {
    this.steps = List.copyOf(steps);
    this.n = n;
  }

  public static KaplanMeier of(List<Observation> observations) {
    Observation[] sorted = observations.toArray(new Observation[0]);
    Arrays.sort(sorted, Comparator.comparingDouble(Observation::timeS));
    List<Step> steps = new ArrayList<>();
    double s = 1;
    double greenwood = 0; // Σ d/(n(n−d))
    int i = 0;
    while (i < sorted.length) {
      double t = sorted[i].timeS();
      int atRisk = sorted.length - i;
      int events = 0;
      int j = i;
      while (j < sorted.length && sorted[j].timeS() == t) {
        events += sorted[j].event() ? 1 : 0;
        j++;
      }
      if (events > 0) {
        s *= 1 - (double) events / atRisk;
        greenwood = atRisk > events ? greenwood + (double) events / ((double) atRisk * (atRisk - events))
            : Double.POSITIVE_INFINITY;
        double se = s > 0 ? s * Math.sqrt(greenwood) : 0;
        double lo;
        double hi;
        if (s > 0 && s < 1) {
          double sigma = Math.sqrt(greenwood) / Math.abs(Math.log(s));
          lo = Math.pow(s, Math.exp(Z975 * sigma));
          hi = Math.pow(s, Math.exp(-Z975 * sigma));
        } else {
          lo = 0;
          hi = steps.isEmpty() ? 1 : steps.get(steps.size() - 1).hi();
        }
        steps.add(new Step(t, atRisk, events, s, se, lo, hi));
      }
      i = j;
    }
    return new KaplanMeier(steps, sorted.length);
  }

  /** The curve's steps, one per distinct event time, in time order. */
  public List<Step> steps() {
    return steps;
  }

  public int size() {
    return n;
  }

  /** S(t): 1 before the first event, the last step's value at or before t after it. */
  public double survival(double timeS) {
    double s = 1;
    for (Step st : steps) {
      if (st.timeS() > timeS) {
        break;
      }
      s = st.survival();
    }
    return s;
  }

  /** The median time: the first event time where S ≤ 0.5, with its 95% interval; null ends: not reached. */
  public Median median() {
    return new Median(firstAtOrBelow(Step::survival), firstAtOrBelow(Step::lo), firstAtOrBelow(Step::hi));
  }

  /**
   * A median time and its 95% interval (Brookmeyer–Crowley by inverting the band: the first times the lower
   * and the upper band reach 0.5). A null means the curve, or that band, never got down to one half within the
   * observed times: the median is longer than the longest run ("not reached", at least that long).
   */
  public record Median(Double timeS, Double lo, Double hi) {}

  private Double firstAtOrBelow(java.util.function.ToDoubleFunction<Step> value) {
    for (Step st : steps) {
      if (value.applyAsDouble(st) <= 0.5) {
        return st.timeS();
      }
    }
    return null;
  }
}
