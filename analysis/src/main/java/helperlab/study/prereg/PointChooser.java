package helperlab.study.prereg;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Chooses the points of a registration from a grid of candidates by the host model's collapse probability: only
 * points where it is at most {@link #DECIDED_LOW} or at least {@link #DECIDED_HIGH} (so each recording's outcome is
 * informative), covering the stable, the collapsed and both sides of a boundary. Candidates are grouped by (policy,
 * scenario) and walked up in load: a group's boundary lies between its first load at {@link #DECIDED_HIGH} or more
 * and the nearest load below that at {@link #DECIDED_LOW} or less, which are its two sides; the coin tosses between
 * them are never chosen (on the 12-03 host's calibration, at steps of 0.1, every boundary passes through one). Points are taken round the classes (a boundary's two sides together) in the groups' order until there are
 * {@code minPoints} and every class that exists is taken.
 */
public final class PointChooser {
  public static final double DECIDED_LOW = 0.2;
  public static final double DECIDED_HIGH = 0.8;

  /** A chosen point: its id (class letter and number), class, what it runs and the host model's prediction. */
  public record Chosen(String id, PointClass pointClass, OperatingPoint point, Prediction host) {}

  private final int minPoints;

  public PointChooser(int minPoints) {
    if (minPoints < 4) {
      throw new IllegalArgumentException("a registration needs at least 4 points (one per class), got " + minPoints);
    }
    this.minPoints = minPoints;
  }

  /**
   * Chooses from {@code candidates}, predicting each with {@code host}.
   *
   * @throws IllegalArgumentException when the grid does not give {@code minPoints} decided points covering every class
   */
  public List<Chosen> choose(List<OperatingPoint> candidates, Function<OperatingPoint, Prediction> host) {
    Map<String, List<Candidate>> groups = new LinkedHashMap<>();
    for (OperatingPoint p : candidates) {
      groups.computeIfAbsent(p.policy() + " on " + p.scenario(), k -> new ArrayList<>())
          .add(new Candidate(p, host.apply(p)));
    }
    Map<PointClass, List<List<Candidate>>> pools = new LinkedHashMap<>();
    for (PointClass c : PointClass.values()) {
      pools.put(c, new ArrayList<>());
    }
    for (List<Candidate> g : groups.values()) {
      g.sort(Comparator.comparingDouble(c -> c.point().offeredLoad()));
      classify(g, pools);
    }
    List<Chosen> out = new ArrayList<>();
    int[] taken = new int[PointClass.values().length];
    // round the classes: one stable, one pair across a boundary, one collapsed, ... (pairs stay together)
    List<PointClass> order = List.of(PointClass.STABLE, PointClass.BELOW_BOUNDARY, PointClass.COLLAPSED);
    boolean more = true;
    while (more && (out.size() < minPoints || missing(pools, taken))) {
      more = false;
      for (PointClass c : order) {
        List<List<Candidate>> pool = pools.get(c);
        int i = taken[c.ordinal()];
        if (i >= pool.size()) {
          continue;
        }
        taken[c.ordinal()]++;
        more = true;
        for (Candidate k : pool.get(i)) {
          PointClass kc = c == PointClass.BELOW_BOUNDARY && k != pool.get(i).get(0) ? PointClass.ABOVE_BOUNDARY : c;
          int n = (int) out.stream().filter(o -> o.pointClass() == kc).count() + 1;
          out.add(new Chosen(kc.prefix() + n, kc, k.point(), k.prediction()));
        }
        if (out.size() >= minPoints && !missing(pools, taken)) {
          break;
        }
      }
    }
    for (PointClass c : PointClass.values()) {
      if (out.stream().noneMatch(o -> o.pointClass() == c)) {
        throw new IllegalArgumentException("no candidate is " + c.words() + " on the host model (collapse in at most "
            + pct(DECIDED_LOW) + " or at least " + pct(DECIDED_HIGH) + " of seeds): widen the grid of loads or policies");
      }
    }
    if (out.size() < minPoints) {
      throw new IllegalArgumentException("only " + out.size() + " candidates are decided on the host model, "
          + minPoints + " are needed: widen the grid of loads or policies");
    }
    return out;
  }

  private record Candidate(OperatingPoint point, Prediction prediction) {
    double p() {
      return prediction.pCollapse();
    }
  }

  /** Puts each decided load of one group (ascending loads) in its pool; a boundary's sides go in as a pair. */
  private static void classify(List<Candidate> g, Map<PointClass, List<List<Candidate>>> pools) {
    int boundary = -1;
    for (int i = 0; i < g.size() && boundary < 0; i++) {
      if (g.get(i).p() >= DECIDED_HIGH) {
        boundary = i;
      }
    }
    // the nearest decided load below it; loads between the two are coin tosses, and the boundary lies among them
    int below = -1;
    for (int i = boundary - 1; i >= 0 && below < 0; i--) {
      if (g.get(i).p() <= DECIDED_LOW) {
        below = i;
      }
    }
    boolean pair = below >= 0;
    if (pair) {
      pools.get(PointClass.BELOW_BOUNDARY).add(List.of(g.get(below), g.get(boundary)));
    }
    // away from the pair: the group's lowest load if it stands, its highest if it collapses
    int stableEnd = boundary < 0 ? g.size() : pair ? below : boundary;
    for (int i = 0; i < stableEnd; i++) {
      if (g.get(i).p() <= DECIDED_LOW) {
        // a group that never collapses offers its highest stable load: stable where it is hardest to be
        Candidate c = boundary < 0 ? g.get(lastAtMost(g, stableEnd)) : g.get(i);
        pools.get(PointClass.STABLE).add(List.of(c));
        break;
      }
    }
    if (boundary >= 0) {
      for (int i = g.size() - 1; i > (pair ? boundary : boundary - 1); i--) {
        if (g.get(i).p() >= DECIDED_HIGH) {
          pools.get(PointClass.COLLAPSED).add(List.of(g.get(i)));
          break;
        }
      }
    }
  }

  private static int lastAtMost(List<Candidate> g, int end) {
    for (int i = end - 1; i >= 0; i--) {
      if (g.get(i).p() <= DECIDED_LOW) {
        return i;
      }
    }
    return 0;
  }

  private static boolean missing(Map<PointClass, List<List<Candidate>>> pools, int[] taken) {
    for (PointClass c : List.of(PointClass.STABLE, PointClass.BELOW_BOUNDARY, PointClass.COLLAPSED)) {
      if (taken[c.ordinal()] == 0 && !pools.get(c).isEmpty()) {
        return true;
      }
    }
    return false;
  }

  private static String pct(double share) {
    return Math.round(100 * share) + "%";
  }
}
