package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.study.phase.EventRate;
import helperlab.study.phase.KaplanMeier.Observation;
import java.util.List;
import org.junit.jupiter.api.Test;

class PhaseFindingsTest {
  @Test
  void aTippedRunCountsItsHealthyTimeOnlyAndAnUntippedOneItsWholeLength() {
    EventRate r = PhaseFindings.tipRate(List.of(Observation.eventOrCensored(1800.0, 3600),
        Observation.eventOrCensored(null, 3600), Observation.eventOrCensored(900.0, 3600)));
    assertEquals(2, r.events());
    assertEquals(1.75, r.exposureH(), 1e-12);
    assertEquals(2 / 1.75, r.perHour(), 1e-12);
  }

  @Test
  void aSweepWithoutThePhaseStudyGetsNoSection() {
    assertEquals("", new PhaseFindings(List.of()).markdown());
  }
}
