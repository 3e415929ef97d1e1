package helperlab.study.phase.diagram;

import static helperlab.study.phase.diagram.PhaseRows.spiked;
import static helperlab.study.phase.diagram.PhaseRows.untriggered;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.study.phase.KaplanMeier;
import helperlab.study.phase.diagram.SurvivalCurves.Measure;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which runs enter which curve, and where they are censored. */
class SurvivalCurvesTest {
  @Test
  void timeToTipIsCensoredAtTheRunsEnd() {
    SurvivalCurves s = new SurvivalCurves(List.of(untriggered("box", 0.1, 0, 600.0),
        untriggered("box", 0.1, 1, null), untriggered("box", 0.2, 0, 60.0)));
    List<SurvivalCurves.Curve> c = s.curves(Measure.TIME_TO_TIP, "box");
    assertEquals(2, c.size());
    assertEquals(0.1, c.get(0).load());
    assertEquals(List.of(new KaplanMeier.Observation(600, true), new KaplanMeier.Observation(3600, false)),
        c.get(0).observations());
    assertEquals(0.5, c.get(0).km().survival(1000));
    assertEquals(3600, s.horizonS(Measure.TIME_TO_TIP));
    assertEquals(List.of(0.1, 0.2), s.loads());
  }

  @Test
  void aRecoveryAfterTheTwinTippedIsCensoredWhenItTipped() {
    SurvivalCurves s = new SurvivalCurves(List.of(untriggered("box", 0.1, 0, 2345.0),
        spiked("box", 0.1, 4, 60, 0, 933.0, 1385.0, false)));
    assertEquals(List.of(new KaplanMeier.Observation(2345 - 960, false)),
        s.curves(Measure.TIME_TO_RECOVER, "box").get(0).observations());
  }

  @Test
  void timeToRecoverHasOnlyTheRunsTheTriggerKnockedOut() {
    SurvivalCurves s = new SurvivalCurves(List.of(
        spiked("box", 0.3, 1, 60, 0, null, 0.0, false), // not knocked out
        spiked("box", 0.3, 1, 60, 1, 45.0, null, true), // down before: nothing to come back to
        spiked("box", 0.3, 1, 60, 2, 950.0, 400.0, false),
        spiked("box", 0.3, 1, 60, 3, 950.0, null, false)));
    List<SurvivalCurves.Curve> c = s.curves(Measure.TIME_TO_RECOVER, "box");
    assertEquals(1, c.size());
    assertEquals(List.of(new KaplanMeier.Observation(400, true), new KaplanMeier.Observation(3600 - 960, false)),
        c.get(0).observations());
    assertTrue(s.curves(Measure.TIME_TO_TIP, "box").isEmpty());
    assertEquals(1, s.curves(Measure.TIME_TO_RECOVER, "box").get(0).km().steps().size());
    assertFalse(s.isEmpty());
    assertEquals(List.of("box"), s.policies());
  }
}
