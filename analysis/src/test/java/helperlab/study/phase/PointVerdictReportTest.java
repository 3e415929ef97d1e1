package helperlab.study.phase;

import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.study.phase.PointVerdict.Recording;
import helperlab.study.phase.PreregisteredPoint.PointClass;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** verdict.md says how fast the host ran each recording against the calibration the predictions priced work with. */
class PointVerdictReportTest {
  @Test
  void eachRecordingCarriesTheHostsPaceAndTheVerdictItsSpread() {
    PreregisteredPoint p = new PreregisteredPoint("S1", PointClass.STABLE, "pool-edf-10", 0.5, null, 0, 0.17, List.of());
    List<PointOutcome> seeds = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      seeds.add(new PointOutcome(null, null, false));
    }
    PointOutcome held = new PointOutcome(null, null, false);
    PointVerdict v = PointVerdict.of(p, seeds, List.of(new Recording("real-a", 0, held, held, null, 0.97),
        new Recording("real-b", 1, held, held, null, 1.23, 1.06), new Recording("real-c", 2, held, held, null, null),
        new Recording("real-d", 2, held, null, "starved: the host took 40% of the cage's CPU in this run", 1.5)));
    String md = new PointVerdictReport("phase-points.json", "set", 20, "", List.of(), List.of(v)).markdown();
    assertTrue(md.contains("| S1 | real-b | 1 | ×1.23 | ×1.06 | yes |"), md);
    assertTrue(md.contains("| S1 | real-c | 2 | - | - | yes |"), md);
    assertTrue(md.contains("| S1 | real-d | 2 | ×1.50 | - | discarded: starved"), md);
    // the spread is the kept recordings': the starved one's ×1.50 is not among them
    assertTrue(md.contains("×0.97 to ×1.23 across the 2 kept recordings with a probe"), md);
  }
}
