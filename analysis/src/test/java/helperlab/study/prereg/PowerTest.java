package helperlab.study.prereg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict rule's power, exact: a perfect model scores high, a model wrong about the boundary clearly lower. */
class PowerTest {
  private static final VerdictRule RULE = VerdictRule.REGISTERED;

  @Test
  void aPointAtTheBandsEdgeIsScoredRightByTheBinomial() {
    // 3 or more of 5 collapsing when each does with 0.8: 0.8^5 + 5·0.8^4·0.2 + 10·0.8^3·0.2^2 = 0.94208
    assertEquals(0.94208, RULE.pRight(true, 0.8), 1e-12);
    assertEquals(0.94208, RULE.pRight(false, 0.2), 1e-12);
    assertEquals(1 - 0.94208, RULE.pRight(false, 0.8), 1e-12);
    assertEquals(1.0, RULE.pRight(false, 0.0), 1e-12);
  }

  @Test
  void aPerfectModelMeetsTheTargetEvenWithEveryPointAtItsBandsEdge() {
    List<Double> truth = List.of(0.0, 0.05, 0.2, 0.8, 0.95, 1.0);
    Power perfect = Power.of("perfect", RULE, truth, truth);
    Power edge = Power.atTheBandsEdge(RULE, truth);
    assertTrue(perfect.expectedScore() >= Power.TARGET, "perfect: " + perfect.expectedScore());
    assertEquals(0.94208, edge.expectedScore(), 1e-12);
    assertTrue(edge.expectedScore() <= perfect.expectedScore());
    assertEquals(0, perfect.pointsPredictedOtherwise());
  }

  @Test
  void aModelWrongAboutTheBoundaryScoresClearlyLower() {
    // the host model's truth at two pairs across boundaries and a stable and a collapsed point; a model with the
    // boundaries a step off (as a start priced x2 moves them) predicts the two points nearest them otherwise
    List<Double> truth = List.of(0.0, 0.1, 0.9, 0.15, 0.85, 1.0);
    List<Double> wrong = List.of(0.0, 0.1, 0.4, 0.55, 0.85, 1.0);
    Power perfect = Power.of("host", RULE, truth, truth);
    Power off = Power.of("x2", RULE, truth, wrong);
    assertEquals(2, off.pointsPredictedOtherwise());
    assertTrue(perfect.expectedScore() > 0.95, "perfect: " + perfect.expectedScore());
    assertTrue(off.expectedScore() < 0.7, "wrong by x2: " + off.expectedScore());
    assertTrue(off.perPoint().get(2) < 0.01 && off.perPoint().get(3) < 0.03, "the two points it gets wrong: "
        + off.perPoint());
  }

  @Test
  void aSeededSimulationOfTheVerdictAgreesWithTheExactFigure() {
    List<Double> truth = List.of(0.0, 0.1, 0.9, 0.15, 0.85, 1.0);
    List<Double> wrong = List.of(0.0, 0.1, 0.4, 0.55, 0.85, 1.0);
    // 20,000 trials of six points: the standard error of a share near 0.65 is about 0.0014
    assertEquals(Power.of("host", RULE, truth, truth).expectedScore(),
        Power.simulated(RULE, truth, truth, 20_000, 48), 0.006);
    assertEquals(Power.of("x2", RULE, truth, wrong).expectedScore(), Power.simulated(RULE, truth, wrong, 20_000, 48),
        0.006);
  }

  @Test
  void mismatchedListsAndBadRulesAreRefusedInWords() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Power.of("m", RULE, List.of(0.1), List.of(0.1, 0.2)));
    assertEquals("power needs one truth per prediction, got 1 and 2", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new VerdictRule(5, 6, 0.5));
    assertEquals("a verdict rule needs 1 <= collapsed_from <= recordings, got 6 of 5", e.getMessage());
  }
}
