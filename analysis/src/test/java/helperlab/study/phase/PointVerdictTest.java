package helperlab.study.phase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import helperlab.study.phase.PointVerdict.Recording;
import helperlab.study.phase.PointVerdict.Side;
import helperlab.study.phase.PreregisteredPoint.PointClass;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.Trigger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pre-registered points judged on constructed recordings, and the committed pre-registration read back. */
class PointVerdictTest {
  private static final PointOutcome HEALTHY = new PointOutcome(null, null, false);

  private static PointOutcome down(double tippedAt) {
    return new PointOutcome(tippedAt, null, true);
  }

  private static PreregisteredPoint point(PointClass c, double lo, double hi) {
    return new PreregisteredPoint("P", c, "box", 0.2, null, lo, hi, List.of());
  }

  /** 20 seeds that all tip, at 30, 60, ... 600 s, and stay down. */
  private static List<PointOutcome> seedsTipping() {
    List<PointOutcome> s = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      s.add(down(30.0 * i));
    }
    return s;
  }

  private static Recording kept(String id, long seed, PointOutcome real, PointOutcome replay) {
    return new Recording(id, seed, real, replay, null);
  }

  @Test
  void aMetastablePointIsRightWhenEveryKeptRecordingTipsAndStaysDown() {
    PointVerdict v = PointVerdict.of(point(PointClass.METASTABLE, 0.83, 1), seedsTipping(),
        List.of(kept("a", 0, down(100), down(90)), kept("b", 1, down(700), down(650))));
    assertEquals(Side.RIGHT, v.side());
    assertArrayEquals(new double[] {30, 600}, v.tipRange());
    // 100 s is inside the seeds' range, 700 s is later than any seed tipped
    assertTrue(v.kept().get(0).tipInside());
    assertFalse(v.kept().get(1).tipInside());
    // it tipped and stayed down, as every seed did
    assertEquals(Boolean.TRUE, v.kept().get(0).downInside());
  }

  @Test
  void aMetastablePointThatARecordingDoesNotTipIsMissed() {
    PointVerdict v = PointVerdict.of(point(PointClass.METASTABLE, 0.83, 1), seedsTipping(),
        List.of(kept("a", 0, down(100), null), kept("b", 1, HEALTHY, null)));
    assertEquals(Side.WRONG, v.side());
    assertFalse(v.kept().get(1).tipInside(), "never tipping is outside a range of seeds that all tipped");
    assertNull(v.kept().get(1).downInside(), "no time down to judge for a run that never tipped");
    // tipped and escaped: down for 200 s where every seed stayed down
    PointVerdict escaped = PointVerdict.of(point(PointClass.METASTABLE, 0.83, 1), seedsTipping(),
        List.of(kept("a", 0, new PointOutcome(100.0, 300.0, false), null)));
    assertEquals(Side.WRONG, escaped.side());
    assertEquals(Boolean.FALSE, escaped.kept().get(0).downInside());
  }

  @Test
  void aStarvedRecordingIsDiscardedAndCountedNotJudged() {
    Recording starved = new Recording("s", 0, HEALTHY, null, "starved: the host took 40% of the cage's CPU in this run");
    PointVerdict v = PointVerdict.of(point(PointClass.METASTABLE, 0.83, 1), seedsTipping(),
        List.of(starved, kept("a", 1, down(100), null)));
    assertEquals(Side.RIGHT, v.side(), "the starved healthy run does not count against the prediction");
    assertEquals(List.of(starved), v.discarded());
    assertEquals(1, v.kept().size());
    PointVerdict onlyStarved = PointVerdict.of(point(PointClass.METASTABLE, 0.83, 1), seedsTipping(), List.of(starved));
    assertEquals(Side.NOT_JUDGED, onlyStarved.side());
    PointVerdictReport report = new PointVerdictReport("prereg.json", "set", 20, "", List.of(), List.of(onlyStarved));
    assertEquals(0, report.judged());
    assertTrue(report.markdown().contains("discarded: starved: the host took 40%"), report.markdown());
    assertTrue(report.markdown().contains("not judged (no usable recording)"), report.markdown());
  }

  @Test
  void aStablePointIsMissedByOneRecordingThatTips() {
    List<PointOutcome> healthySeeds = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      healthySeeds.add(HEALTHY);
    }
    PreregisteredPoint stable = point(PointClass.STABLE, 0, 0.17);
    PointVerdict right = PointVerdict.of(stable, healthySeeds, List.of(kept("a", 0, HEALTHY, HEALTHY)));
    assertEquals(Side.RIGHT, right.side());
    assertTrue(right.kept().get(0).tipInside(), "not tipping is inside a range where no seed tipped");
    PointVerdict missed = PointVerdict.of(stable, healthySeeds,
        List.of(kept("a", 0, HEALTHY, null), kept("b", 1, down(400), null)));
    assertEquals(Side.WRONG, missed.side());
    assertFalse(missed.kept().get(1).tipInside());
    PointVerdictReport report = new PointVerdictReport("prereg.json", "set", 20, "", List.of(), List.of(right, missed));
    assertEquals(1, report.right());
    assertTrue(report.markdown().contains("**missed**"), report.markdown());
  }

  @Test
  void aBoundaryPointIsRightWhenTheShareThatTipsIsInItsInterval() {
    PreregisteredPoint b1 = point(PointClass.BOUNDARY, 0.621, 0.968);
    List<PointOutcome> seeds = seedsTipping();
    assertEquals(Side.RIGHT, PointVerdict.of(b1, seeds,
        List.of(kept("a", 0, down(100), null), kept("b", 1, HEALTHY, null), kept("c", 2, down(200), null))).side());
    assertEquals(Side.WRONG, PointVerdict.of(b1, seeds,
        List.of(kept("a", 0, down(100), null), kept("b", 1, down(150), null), kept("c", 2, down(200), null))).side());
  }

  @Test
  void replaysAreJudgedAgainstHowTheRecordingsAgreeWithEachOther() {
    PreregisteredPoint b = point(PointClass.BOUNDARY, 0.1, 0.9);
    // three seeds: the recordings disagree (one healthy), each replay is on its recording's side
    PointVerdict v = PointVerdict.of(b, seedsTipping(), List.of(kept("a", 0, down(100), down(120)),
        kept("b", 1, HEALTHY, HEALTHY), kept("c", 2, down(200), down(90))));
    assertEquals(new PointVerdict.Replays(3, 3, 1, 3, false), v.replays());
    assertEquals(Boolean.TRUE, v.replays().asGoodAsTheCage());
    // the recordings all agree, a replay does not: worse than the cage agrees with itself
    PointVerdict w = PointVerdict.of(b, seedsTipping(), List.of(kept("a", 0, down(100), HEALTHY),
        kept("b", 1, down(300), down(300)), kept("c", 2, down(200), down(90))));
    assertEquals(Boolean.FALSE, w.replays().asGoodAsTheCage());
    // one seed recorded twice: the replay of each against both recordings of that seed, the two against each other
    PointVerdict twice = PointVerdict.of(b, seedsTipping(), List.of(kept("a", 0, down(100), down(110)),
        kept("a2", 0, down(140), null), kept("b", 1, HEALTHY, HEALTHY)));
    assertEquals(new PointVerdict.Replays(3, 3, 1, 1, true), twice.replays());
    // a single recording: nothing to compare the replay with
    assertNull(PointVerdict.of(b, seedsTipping(), List.of(kept("a", 0, down(100), down(100)))).replays().asGoodAsTheCage());
  }

  @Test
  void theRangeIsTheNearestRankPercentiles() {
    List<Double> forty = new ArrayList<>();
    for (int i = 1; i <= 40; i++) {
      forty.add((double) i);
    }
    assertArrayEquals(new double[] {1, 39}, PointVerdict.range(forty));
    assertArrayEquals(new double[] {5, Double.POSITIVE_INFINITY},
        PointVerdict.range(List.of(Double.POSITIVE_INFINITY, 5.0, 7.0)));
  }

  @Test
  void anOutcomeIsJudgedOnlyWithTheHoursSpans() {
    RecoveryMeter quarter = new RecoveryMeter(RecoveryMeter.Windows.EXHIBIT);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PointOutcome.judge(quarter, new helperlab.workload.RegisteredTipping.Capacity(2, 10), 60));
    assertTrue(e.getMessage().contains("hour's spans"), e.getMessage());
  }

  @Test
  void theCommittedPreregistrationReadsBackAndItsSeedsAreReproduced() throws Exception {
    JsonNode doc = DataFile.JSON.readTree(Path.of("lab-runs/preregistration/phase-points.json").toFile());
    List<PreregisteredPoint> points = PreregisteredPoint.all(doc);
    assertEquals(List.of("S1", "S2", "M1", "M2", "B1", "B2"), points.stream().map(PreregisteredPoint::id).toList());
    PreregisteredPoint s1 = points.get(0);
    assertEquals(new Trigger(Trigger.Kind.SPIKE, 300, 60, 2), s1.trigger());
    assertEquals(PointClass.STABLE, s1.pointClass());
    PreregisteredPoint m1 = points.get(2);
    assertNull(m1.trigger());
    assertEquals(List.of(down(78), down(74), down(33)), m1.seedsPredicted());
    // the simulator today gives the pre-registered outcomes of M1's recording seeds
    assertEquals(m1.seedsPredicted(), PointSimulation.seeds(m1, doc.path("exhibit_s").asDouble(), 3));
  }

  @Test
  void aTriggerInOtherWordsIsRefusedPlainly() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PreregisteredPoint.trigger("a spike at five"));
    assertTrue(e.getMessage().contains("spike 2.0 at 300.0 for 60.0"), e.getMessage());
  }
}
