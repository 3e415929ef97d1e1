package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The criterion: within tolerance of either recording, or between them. */
class AgreementMeasureTest {
  @Test
  void aReplayBetweenTheTwoRecordingsAgreesThoughItIsFarFromBoth() {
    assertTrue(AgreementMeasure.TURNED_AWAY.agreesWithSpread(5, 2, 8));
    assertTrue(AgreementMeasure.MET.agreesWithSpread(50, 40, 60));
    assertFalse(AgreementMeasure.TURNED_AWAY.agrees(5, 2));
    assertFalse(AgreementMeasure.TURNED_AWAY.agrees(5, 8));
  }

  @Test
  void aReplayOutsideTheSpreadAgreesOnlyWithinTheToleranceOfTheNearerRecording() {
    assertTrue(AgreementMeasure.SPAWNS.agreesWithSpread(9, 2, 8));
    assertFalse(AgreementMeasure.SPAWNS.agreesWithSpread(10, 2, 8));
    assertTrue(AgreementMeasure.MET.agreesWithSpread(63, 40, 60));
    assertFalse(AgreementMeasure.MET.agreesWithSpread(63.5, 40, 60));
    assertFalse(AgreementMeasure.TURNED_AWAY.agreesWithSpread(1, 2, 8));
  }

  @Test
  void spawnsAreJudgedOnlyInBudgetedRuns() {
    assertTrue(AgreementMeasure.SPAWNS.applies(true));
    assertFalse(AgreementMeasure.SPAWNS.applies(false));
    assertTrue(AgreementMeasure.MET.applies(false));
  }
}
