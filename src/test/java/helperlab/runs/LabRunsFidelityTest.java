package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The committed real cage runs (lab-runs/real) against the simulator as it is now: a change to the
 * model that breaks its fidelity to the real box fails here. The floors are the agreement measured
 * when the runs were recorded (lab-runs/README.md), so the model may get better, never worse.
 */
class LabRunsFidelityTest {
  static final Path REAL = Path.of("lab-runs", "real");
  static final Set<String> POLICIES = Set.of("pool-edf-10", "never-split-budget", "split-forecast-budget",
      "split-forecast-budget-yield", "box");

  /**
   * As measured when the runs were recorded (lab-runs/README.md): 10 of 15, 9 of 12, 10 of 15. The
   * issue's goals (14 of 15, every budgeted run, every run) are NOT met yet; raise these as the model
   * gets better, never lower them.
   */
  static final int REFUSED_AGREE_FLOOR = 10;
  static final int BUDGETED_SPAWNS_WITHIN_ONE_FLOOR = 9;
  static final int MET_WITHIN_THREE_FLOOR = 10;

  static List<RunRecord> real;
  static Map<String, RunRecord> committedReplays;

  @BeforeAll
  static void load() throws IOException {
    try (Stream<Path> files = Files.list(REAL)) {
      List<RunRecord> all = files.filter(f -> f.getFileName().toString().endsWith(".json.gz")).sorted()
          .map(RunRecord::load).toList();
      real = all.stream().filter(r -> RunRecord.KIND_REAL.equals(r.kind())).toList();
      committedReplays = all.stream().filter(r -> RunRecord.KIND_REPLAY.equals(r.kind()))
          .collect(Collectors.toMap(RunRecord::replayOf, r -> r, (a, b) -> a, TreeMap::new));
    }
  }

  @Test
  void fivePoliciesTimesThreeSeedsWereRecordedWithTheirProbeAndCalibration() {
    assertEquals(15, real.size(), "real runs in " + REAL);
    assertEquals(POLICIES, real.stream().map(RunRecord::policy).collect(Collectors.toSet()));
    assertEquals(Set.of(1L, 2L, 3L), real.stream().map(RunRecord::seed).collect(Collectors.toSet()));
    for (RunRecord r : real) {
      assertNotNull(r.speedProbeMs(), r.id() + " has no speed probe");
      assertFalse(r.calibration().sampleCosts().isEmpty(), r.id() + "'s calibration has no measured samples");
      assertFalse(r.tasks().isEmpty(), r.id() + " has no tasks");
      assertFalse(r.events().isEmpty(), r.id() + " has no events");
      assertEquals("edf-fit", r.admission(), r.id());
    }
  }

  @Test
  void theReplaysAgreeWithTheRealRunsAtLeastAsWellAsWhenTheyWereRecorded() {
    Comparison c = new Comparison(real.stream().map(r -> Comparison.of(List.of(r)).rows().get(0)).toList());
    String table = c.markdown();
    assertTrue(c.refusedAgreeing() >= REFUSED_AGREE_FLOOR, "turned away agree in " + c.refusedAgreeing() + "\n" + table);
    assertTrue(c.budgetedSpawnsWithinOne() >= BUDGETED_SPAWNS_WITHIN_ONE_FLOOR,
        "spawns within one in " + c.budgetedSpawnsWithinOne() + " of " + c.budgetedRuns() + "\n" + table);
    assertTrue(c.metWithinThreePoints() >= MET_WITHIN_THREE_FLOOR, "met within 3 points in " + c.metWithinThreePoints()
        + "\n" + table);
  }

  @Test
  void theCommittedReplaysAreWhatTheSimulatorGivesNow() {
    assertEquals(real.size(), committedReplays.size(), "one committed replay per real run");
    for (RunRecord r : real) {
      RunRecord committed = committedReplays.get(r.id());
      assertNotNull(committed, "no committed replay of " + r.id());
      assertEquals(DataFile.compact(committed.metrics()), DataFile.compact(Replay.of(r).metrics()), r.id()
          + ": the committed replay is stale; refresh with java -jar target/helper-lab.jar replay (see lab-runs/README.md)");
    }
  }

  @Test
  void replayingARealRunTwiceGivesIdenticalRecords() {
    RunRecord r = real.get(0);
    assertEquals(DataFile.compact(Replay.of(r)), DataFile.compact(Replay.of(r)));
  }
}
