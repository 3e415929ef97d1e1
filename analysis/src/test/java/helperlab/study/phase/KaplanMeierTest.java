package helperlab.study.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import helperlab.study.phase.KaplanMeier.Observation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Against the textbook example: the 6-MP arm of Freireich et al. (1963), weeks in remission of 21 leukaemia
 * patients, 12 censored (Kleinbaum &amp; Klein, Survival Analysis, ch. 2; Klein &amp; Moeschberger, ch. 4),
 * whose Kaplan–Meier table, Greenwood errors and log(−log) band every package reproduces.
 */
class KaplanMeierTest {
  /** Events at 6 (×3), 7, 10, 13, 16, 22, 23; censored at 6, 9, 10, 11, 17, 19, 20, 25, 32, 32, 34, 35. */
  static List<Observation> sixMp() {
    List<Observation> o = new ArrayList<>();
    for (double t : new double[] {6, 6, 6, 7, 10, 13, 16, 22, 23}) {
      o.add(new Observation(t, true));
    }
    for (double t : new double[] {6, 9, 10, 11, 17, 19, 20, 25, 32, 32, 34, 35}) {
      o.add(new Observation(t, false));
    }
    return o;
  }

  @Test
  void theSixMpTableIsTheTextbooks() {
    KaplanMeier km = KaplanMeier.of(sixMp());
    double[][] table = { // time, at risk, events, S, Greenwood s.e.
        {6, 21, 3, 0.857, 0.0764}, {7, 17, 1, 0.807, 0.0869}, {10, 15, 1, 0.753, 0.0963},
        {13, 12, 1, 0.690, 0.1068}, {16, 11, 1, 0.627, 0.1141}, {22, 7, 1, 0.538, 0.1282},
        {23, 6, 1, 0.448, 0.1346}};
    assertEquals(table.length, km.steps().size());
    for (int i = 0; i < table.length; i++) {
      KaplanMeier.Step s = km.steps().get(i);
      assertEquals(table[i][0], s.timeS());
      assertEquals((int) table[i][1], s.atRisk());
      assertEquals((int) table[i][2], s.events());
      assertEquals(table[i][3], s.survival(), 0.0005, "S at " + table[i][0]);
      assertEquals(table[i][4], s.standardError(), 0.00005, "s.e. at " + table[i][0]);
    }
  }

  @Test
  void theBandIsTheLogMinusLogOne() {
    KaplanMeier km = KaplanMeier.of(sixMp());
    // at 6 by hand: S = 18/21, Σ = 3/(21·18), σ = √Σ/|ln S| = 0.5779; S^e^(±1.96σ)
    assertEquals(0.620, km.steps().get(0).lo(), 0.0005);
    assertEquals(0.952, km.steps().get(0).hi(), 0.0005);
    assertEquals(0.188, km.steps().get(6).lo(), 0.0005);
    assertEquals(0.680, km.steps().get(6).hi(), 0.0005);
  }

  @Test
  void theMedianIs23WeeksWithItsUpperEndNotReached() {
    KaplanMeier.Median m = KaplanMeier.of(sixMp()).median();
    assertEquals(23.0, m.timeS());
    assertEquals(13.0, m.lo());
    assertNull(m.hi());
  }

  @Test
  void survivalIsAStepFunctionAndAllCensoredStaysAtOne() {
    KaplanMeier km = KaplanMeier.of(sixMp());
    assertEquals(1.0, km.survival(5.9));
    assertEquals(0.857, km.survival(6.5), 0.0005);
    assertEquals(0.448, km.survival(100), 0.0005);
    KaplanMeier none = KaplanMeier.of(List.of(Observation.eventOrCensored(null, 3600),
        Observation.eventOrCensored(null, 3600)));
    assertEquals(1.0, none.survival(3600));
    assertNull(none.median().timeS());
  }

  @Test
  void allTippingGivesZeroAtTheLastWithABandThatStaysInside() {
    KaplanMeier km = KaplanMeier.of(List.of(new Observation(100, true), new Observation(200, true)));
    assertEquals(0.5, km.survival(150));
    assertEquals(0.0, km.survival(200));
    assertEquals(100.0, km.median().timeS());
    KaplanMeier.Step last = km.steps().get(1);
    assertEquals(0.0, last.lo());
    assertEquals(km.steps().get(0).hi(), last.hi());
  }
}
