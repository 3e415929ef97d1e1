package helperlab.study.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.study.phase.PreregisteredPoint.PointClass;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The after-the-fact section: each calibration's tipped seeds and the recordings judged against the host's range. */
class HostCalibrationCheckTest {
  @Test
  void itSaysItIsNotTheVerdictAndCountsEachCalibrationsTips() {
    PreregisteredPoint p = new PreregisteredPoint("M1", PointClass.METASTABLE, "box", 0.2, null, 0.83, 1, List.of());
    List<PointOutcome> defaults = new ArrayList<>();
    List<PointOutcome> host = new ArrayList<>();
    List<PointOutcome> paced = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      defaults.add(new PointOutcome(60.0 + i, null, true));
      host.add(i < 5 ? new PointOutcome(400.0 + i, null, true) : new PointOutcome(null, null, false));
      paced.add(i < 9 ? new PointOutcome(200.0 + i, null, true) : new PointOutcome(null, null, false));
    }
    // a recording that tipped at 80 s: earlier than any of the host's seeds tipped (400 s on; 15 never did)
    PointVerdict.Recording r = new PointVerdict.Recording("real-a", 0, new PointOutcome(80.0, null, true), null, null);
    String md = new HostCalibrationCheck("calibration/calibration.json",
        List.of(new HostCalibrationCheck.Row(p, defaults, host, PointVerdict.of(p, host, List.of(r)),
            new HostCalibrationCheck.Paced(1.2, paced)))).markdown();
    assertTrue(md.contains("Not part of the registered verdict above"), md);
    assertTrue(md.contains(
        "| M1 | clearly metastable | 0.83-1.00 | 20 of 20 | 5 of 20 | 400-inf s | 0 of 1 | 9 of 20 (×1.20) |"), md);
  }

  @Test
  void theRecordingsPaceIsTheMedianOfTheKeptOnesThatHaveAProbe() {
    PointOutcome held = new PointOutcome(null, null, false);
    List<PointVerdict.Recording> rs = List.of(new PointVerdict.Recording("a", 0, held, null, null, 1.1),
        new PointVerdict.Recording("b", 1, held, null, null, 1.3), new PointVerdict.Recording("c", 2, held, null, null),
        new PointVerdict.Recording("d", 2, held, null, "starved: the host took 40% of the cage's CPU in this run", 2.0));
    assertEquals(1.2, HostCalibrationCheck.Paced.medianOf(rs), 1e-9);
    assertNull(HostCalibrationCheck.Paced.medianOf(List.of(rs.get(2))), "no recording with a probe: no pace");
  }
}
