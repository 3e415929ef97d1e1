package helperlab.cage.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.measure.Calibrator.Point;
import helperlab.model.DataFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The judge of a calibration on recorded figures: the concurrency curves of the committed calibrations
 * (lab-runs/), host checks as a quiet and a busy host recorded them, and the speed probe's drift.
 */
class CalibrationCheckTest {
  /** A quiet host: the spinner never waited, nobody else busy. */
  static final HostCheck QUIET = new HostCheck(3, 0.01, 0.03, List.of(0.01, 0.0, 0.03), 0.05, 0, 0.2, 2);
  /** As recorded beside {@code stress-ng --cpu 2} on this 2-CPU VM (HostSteadinessTest prints its own). */
  static final HostCheck BUSY = new HostCheck(3, 0.41, 0.52, List.of(0.38, 0.41, 0.52), 1.31, 0, 2.9, 2);

  private static List<Point> curve(String run) {
    JsonNode r = DataFile.read(Path.of("lab-runs", run, "calibration", "calibration-report.json"), JsonNode.class);
    List<Point> out = new ArrayList<>();
    r.path("concurrency").forEach(p -> out.add(new Point(p.path("x").asDouble(), p.path("y").asDouble(), 0)));
    return out;
  }

  private static double single(String run) {
    return DataFile.read(Path.of("lab-runs", run, "calibration", "calibration-report.json"), JsonNode.class)
        .path("singleWorkerRate").asDouble();
  }

  @Test
  void theCommittedCurvesThatRiseThenHoldOrFallAreMonotonic() {
    for (String run : List.of("amd-2026-12-01a", "amd-2026-12-01b", "amd-2026-12-01c", "xeon-2026-12-01")) {
      assertNull(CalibrationCheck.dip(curve(run), single(run)), run + ": " + curve(run));
    }
  }

  @Test
  void theHeldOutCurveFallsAndRisesAgain() {
    // 7.33 images/s with 2 workers, 6.56 with 5, then 7.94 with 6: a level's worth of someone else's load
    String d = CalibrationCheck.dip(curve("held-out"), single("held-out"));
    assertTrue(d != null && d.startsWith("the concurrency curve is not monotonic: 7.33 images/s with 2 workers, 6.56"
        + " with 5, then 7.94 with 6"), d);
  }

  @Test
  void aQuietHostAndASteadyCurveLeaveNoDoubt() {
    CalibrationCheck c = CalibrationCheck.judge("t", 1.5, QUIET, QUIET, 134.0, 135.0, curve("amd-2026-12-01c"),
        single("amd-2026-12-01c"));
    assertFalse(c.doubtful(), c.doubts().toString());
    assertTrue(c.words().startsWith("steady"), c.words());
  }

  @Test
  void aBusyHostBeforeOrAfterIsADoubtThatSaysWhen() {
    CalibrationCheck before = CalibrationCheck.judge("t", 1.5, BUSY, QUIET, 134.0, 135.0, curve("amd-2026-12-01c"),
        single("amd-2026-12-01c"));
    assertEquals(List.of("before: a thread that only computes waited for a CPU 41% of the time (limit 10%)",
        "before: other processes kept 1.31 of the 2 cores busy, more than the 0.50 a 1.50-core cage leaves free"),
        before.doubts());
    CalibrationCheck after = CalibrationCheck.judge("t", 1.5, QUIET, BUSY, 134.0, 135.0, curve("amd-2026-12-01c"),
        single("amd-2026-12-01c"));
    assertTrue(after.doubtful() && after.doubts().get(0).startsWith("after: "), after.doubts().toString());
  }

  @Test
  void stealAndAMovingProbeAreDoubtsToo() {
    HostCheck stolen = new HostCheck(3, 0.02, 0.04, List.of(), 0.1, 0.12, 0.3, 2);
    CalibrationCheck c = CalibrationCheck.judge("t", 1.5, stolen, QUIET, 108.2, 134.3, curve("amd-2026-12-01c"),
        single("amd-2026-12-01c"));
    assertEquals(List.of("before: the hypervisor took 12% of the CPUs (steal; limit 5%)",
        "the speed probe moved 24% during the cost ladder (108.2 ms before, 134.3 ms after; limit 10%)"), c.doubts());
  }

  @Test
  void aCheckReadsBackAsWritten(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    CalibrationCheck c = CalibrationCheck.judge("2026-12-02T14:00:00Z", 1.5, BUSY, QUIET, 134.0, 135.0,
        curve("held-out"), single("held-out"));
    DataFile.write(dir.resolve(CalibrationCheck.FILE), c);
    assertEquals(c, CalibrationShelf.checkIn(dir));
  }
}
