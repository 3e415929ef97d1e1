package helperlab.study.phase;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A policy's <b>safe load</b>: the highest offered load on the study's grid up to which the mean time to a
 * spontaneous tip (no trigger) is longer than an hour — that load and every lower load on the grid have a tip
 * rate below one per hour of healthy running (mean time to tip = 1 / rate, {@link EventRate}). Requiring every
 * lower load as well keeps a lucky high load from counting when a lower one tips.
 *
 * <p>Its 95% interval comes from the per-load rate intervals and is as coarse as the grid:
 * <ul>
 *   <li>{@code lo}: the highest load up to which every load's rate is <em>surely</em> below one an hour (the
 *       upper end of its interval below 1/h); null when even the lowest is not sure (too few healthy hours);</li>
 *   <li>{@code hi}: the highest load below the first load whose rate is surely at or above one an hour (the
 *       lower end of its interval at or above 1/h); the grid's top when no load is surely unsafe.</li>
 * </ul>
 * {@code point} is the same rule on the rates themselves (null: even the lowest load tips more than once an hour).
 */
public record SafeLoad(Double point, Double lo, Double hi) {
  /** The threshold: one tip per hour of healthy running. */
  public static final double RATE_PER_H = 1;

  /** From the spontaneous tip rate at each offered load of the grid. */
  public static SafeLoad of(Map<Double, EventRate> ratesByLoad) {
    List<Map.Entry<Double, EventRate>> byLoad = new ArrayList<>(ratesByLoad.entrySet());
    byLoad.sort(Comparator.comparingDouble(Map.Entry::getKey));
    Double point = null;
    Double lo = null;
    Double hi = null;
    boolean pointHolds = true;
    boolean loHolds = true;
    for (Map.Entry<Double, EventRate> e : byLoad) {
      EventRate r = e.getValue();
      pointHolds &= r.perHour() < RATE_PER_H; // NaN (no exposure) holds nothing
      loHolds &= r.hi() < RATE_PER_H;
      if (pointHolds) {
        point = e.getKey();
      }
      if (loHolds) {
        lo = e.getKey();
      }
      if (r.lo() >= RATE_PER_H) {
        return new SafeLoad(point, lo, hi);
      }
      hi = e.getKey();
    }
    return new SafeLoad(point, lo, hi);
  }
}
