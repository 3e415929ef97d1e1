package helperlab.study.phase;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A policy's <b>safe load</b>: the highest offered load on the study's grid at which the service does not collapse,
 * never higher than a load where it meets under half its deadlines. A load is safe when, with no trigger, collapses
 * come less than once per hour of healthy running ({@link EventRate}: tips, and starts that never became healthy,
 * over every healthy stretch) <em>and</em> its runs meet at least half their deadlines on average; the safe load is
 * the highest load up to which every load of the grid is safe (a lucky high load cannot count past a lower one that
 * is not).
 *
 * <p>Its 95% interval is as coarse as the grid:
 * <ul>
 *   <li>{@code lo}: the highest load up to which every load is <em>surely</em> safe (the collapse rate's upper 95%
 *       end below one an hour, the met share's lower 95% end at or above one half); null when even the lowest is not
 *       sure;</li>
 *   <li>{@code hi}: the highest load below the first load that is surely unsafe (the rate's lower end at or above
 *       one an hour, or the met share's upper end below one half); the grid's top when none is.</li>
 * </ul>
 */
public record SafeLoad(Double point, Double lo, Double hi) {
  /** The threshold: one collapse per hour of healthy running. */
  public static final double RATE_PER_H = 1;
  /** ... and the service must meet at least this share of its deadlines. */
  public static final double MET_AT_LEAST = 0.5;

  /**
   * What one load of the grid says: its collapse rate and its mean met share with its 95% interval (over runs).
   */
  public record Load(EventRate collapses, double metShare, double metLo, double metHi) {
    boolean safe() {
      return collapses.perHour() < RATE_PER_H && metShare >= MET_AT_LEAST; // NaN (no exposure) is not safe
    }

    boolean surelySafe() {
      return collapses.hi() < RATE_PER_H && metLo >= MET_AT_LEAST;
    }

    boolean surelyUnsafe() {
      return collapses.lo() >= RATE_PER_H || metHi < MET_AT_LEAST;
    }
  }

  /** From each load of the grid. */
  public static SafeLoad of(Map<Double, Load> byLoad) {
    List<Map.Entry<Double, Load>> loads = new ArrayList<>(byLoad.entrySet());
    loads.sort(Comparator.comparingDouble(Map.Entry::getKey));
    Double point = null;
    Double lo = null;
    Double hi = null;
    boolean pointHolds = true;
    boolean loHolds = true;
    for (Map.Entry<Double, Load> e : loads) {
      Load l = e.getValue();
      pointHolds &= l.safe();
      loHolds &= l.surelySafe();
      if (pointHolds) {
        point = e.getKey();
      }
      if (loHolds) {
        lo = e.getKey();
      }
      if (l.surelyUnsafe()) {
        return new SafeLoad(point, lo, hi);
      }
      hi = e.getKey();
    }
    return new SafeLoad(point, lo, hi);
  }

  /** From collapse rates alone (every load meeting all its deadlines): the rule on rates. */
  public static SafeLoad ofRates(Map<Double, EventRate> rates) {
    Map<Double, Load> byLoad = new java.util.TreeMap<>();
    rates.forEach((load, r) -> byLoad.put(load, new Load(r, 1, 1, 1)));
    return of(byLoad);
  }
}
