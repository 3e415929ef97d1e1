package helperlab.study.phase;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * Events per hour of exposure, as a Poisson rate with its exact (Garwood) 95% interval: {@code events} seen over
 * {@code exposureH} hours at risk. For the spontaneous tip rate the events are tips and the exposure is the time
 * runs spent healthy (each run up to its tip, or its whole length if it never tipped); for the escape rate the
 * events are recoveries and the exposure is the time runs spent down. Constant hazard is the model's
 * assumption: the interval says how sure the count makes us, not whether the hazard is constant (the
 * {@link KaplanMeier} curve shows that).
 *
 * <p>Interval: lo = χ²(2k; 0.025)/2 / T and hi = χ²(2k+2; 0.975)/2 / T; with no events, lo = 0 and
 * hi = 3.69/T (so a cell needs more than 3.69 healthy hours before "fewer than one tip an hour" can be said
 * with 95% confidence).
 */
public record EventRate(int events, double exposureH, double perHour, double lo, double hi) {
  public EventRate {
    if (events < 0 || !(exposureH >= 0) || Double.isInfinite(exposureH)) {
      throw new IllegalArgumentException("a rate needs events >= 0 and a finite exposure >= 0 h, got " + events
          + " over " + exposureH);
    }
  }

  public static EventRate of(int events, double exposureH) {
    if (exposureH == 0) {
      return new EventRate(events, 0, Double.NaN, Double.NaN, Double.NaN);
    }
    double lo = events == 0 ? 0 : new ChiSquaredDistribution(2.0 * events).inverseCumulativeProbability(0.025) / 2;
    double hi = new ChiSquaredDistribution(2.0 * events + 2).inverseCumulativeProbability(0.975) / 2;
    return new EventRate(events, exposureH, events / exposureH, lo / exposureH, hi / exposureH);
  }

  /** The mean time to the event under this rate, hours (infinite with no events). */
  public double meanTimeH() {
    return 1 / perHour;
  }
}
