package helperlab.study.prereg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Points chosen only where the host model decides (at most 0.2 or at least 0.8 of 20 seeds collapse), covering the
 * stable, the collapsed and both sides of a boundary; a coin toss is never chosen, and a grid that cannot give them
 * is refused in words.
 */
class PointChooserTest {
  private static final List<Double> LOADS = List.of(0.1, 0.2, 0.3, 0.4, 0.5);

  /** 20 seeds of which {@code collapsed} collapsed. */
  static Prediction seeds(int collapsed) {
    List<RunFate> fates = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      fates.add(i < collapsed ? new RunFate(true, 400.0, false, true) : new RunFate(false, null, false, false));
    }
    return new Prediction("host", fates);
  }

  /** A grid of policies on calm, each with its collapses (of 20) at loads 0.1 to 0.5. */
  private static Map<OperatingPoint, Prediction> grid(Map<String, int[]> collapses) {
    Map<OperatingPoint, Prediction> out = new HashMap<>();
    collapses.forEach((policy, k) -> {
      for (int i = 0; i < LOADS.size(); i++) {
        out.put(new OperatingPoint(policy, "calm", LOADS.get(i)), seeds(k[i]));
      }
    });
    return out;
  }

  private static List<OperatingPoint> candidates(List<String> policies) {
    List<OperatingPoint> out = new ArrayList<>();
    for (String p : policies) {
      for (double l : LOADS) {
        out.add(new OperatingPoint(p, "calm", l));
      }
    }
    return out;
  }

  @Test
  void everyClassIsCoveredAndEveryPointIsDecided() {
    Map<String, int[]> c = new HashMap<>();
    c.put("pool", new int[] {0, 0, 0, 0, 1});          // never collapses: stable
    c.put("split", new int[] {0, 1, 2, 18, 20});       // a boundary between 0.3 and 0.4
    c.put("box", new int[] {20, 20, 20, 20, 20});      // collapses everywhere
    c.put("retry", new int[] {0, 3, 10, 17, 20});      // a coin toss at 0.3 between its sides: no pair
    c.put("lag", new int[] {0, 0, 19, 20, 20});        // a second boundary, 0.2 to 0.3
    Map<OperatingPoint, Prediction> g = grid(c);
    List<PointChooser.Chosen> chosen = new PointChooser(6)
        .choose(candidates(List.of("pool", "split", "box", "retry", "lag")), g::get);
    assertTrue(chosen.size() >= 6, "chosen: " + chosen);
    for (PointClass k : PointClass.values()) {
      assertTrue(chosen.stream().anyMatch(x -> x.pointClass() == k), "no " + k + " in " + chosen);
    }
    for (PointChooser.Chosen x : chosen) {
      double p = x.host().pCollapse();
      assertTrue(p <= 0.2 || p >= 0.8, x + " is not decided");
      assertTrue(x.pointClass() == PointClass.STABLE || x.pointClass() == PointClass.BELOW_BOUNDARY ? p <= 0.2
          : p >= 0.8, x + " is on the wrong side for its class");
    }
    assertFalse(chosen.stream().anyMatch(x -> x.point().policy().equals("retry") && x.point().offeredLoad() == 0.3),
        "a coin toss is never a point");
    // both sides of split's boundary, the last load that stands and the first that collapses
    assertTrue(chosen.stream().anyMatch(x -> x.id().equals("L1") && x.point().equals(new OperatingPoint("split",
        "calm", 0.3))), chosen.toString());
    assertTrue(chosen.stream().anyMatch(x -> x.id().equals("H1") && x.point().equals(new OperatingPoint("split",
        "calm", 0.4))), chosen.toString());
    assertEquals(chosen.size(), chosen.stream().map(PointChooser.Chosen::id).distinct().count(), "ids are unique");
  }

  @Test
  void aGridWhereNothingCollapsesIsRefusedInWords() {
    Map<String, int[]> c = new HashMap<>();
    c.put("pool", new int[] {0, 0, 0, 0, 0});
    c.put("lag", new int[] {0, 0, 1, 2, 3});
    Map<OperatingPoint, Prediction> g = grid(c);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new PointChooser(6).choose(candidates(List.of("pool", "lag")), g::get));
    assertEquals("no candidate is collapsed on the host model (collapse in at most 20% or at least 80% of seeds): "
        + "widen the grid of loads or policies", e.getMessage());
  }

  @Test
  void tooFewDecidedPointsAreRefusedInWords() {
    Map<String, int[]> c = new HashMap<>();
    c.put("split", new int[] {0, 1, 2, 18, 20});
    c.put("pool", new int[] {0, 0, 0, 0, 0});
    Map<OperatingPoint, Prediction> g = grid(c);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new PointChooser(8).choose(candidates(List.of("split", "pool")), g::get));
    assertTrue(e.getMessage().startsWith("only 5 candidates are decided on the host model, 8 are needed"),
        e.getMessage());
  }
}
