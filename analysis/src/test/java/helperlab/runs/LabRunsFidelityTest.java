package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The committed real cage runs against the simulator as it is now: a change to the model that breaks
 * its fidelity to the real box fails here. Each set was recorded on its own machine with its own
 * calibration; the floors are the agreement measured with the model that was committed with them
 * (lab-runs/README.md), so the model may get better, never worse, on either machine.
 */
class LabRunsFidelityTest {
  private static final Map<Path, List<RunRecord>> LOADED = new ConcurrentHashMap<>();
  static final Set<String> POLICIES = Set.of("pool-edf-10", "never-split-budget", "split-forecast-budget",
      "split-forecast-budget-yield", "box");

  /**
   * A committed set of 15 runs and the agreement it reached: turned away equal, spawns within one in
   * budgeted runs, deadlines met within 3 points. The goals (14 of 15, all 12, all 15) are NOT
   * all met yet. Raise these as the model gets better. Lower one only for a correction measured right
   * image by image or process by process that uncovers an error it had been hiding, and say so in
   * lab-runs/README.md (findings 21 and 24 did; and when a policy itself changes after its runs were
   * recorded, as yield did when it came to hand its process over: those records played the former yield,
   * their replays the new one, so the spawns and met floors fell with it); the sets recorded while the host drifted move with noise
   * a model cannot follow, so their floors are what the model that is right on the steady set gives there.
   */
  record LabRunSet(String name, Path dir, int refusedAgreeFloor, int spawnsWithinOneFloor, int metWithinThreeFloor) {
    /** Read once per test run: every test of a set reads the same committed files. */
    List<RunRecord> records() {
      return LOADED.computeIfAbsent(dir, d -> {
        try (Stream<Path> files = Files.list(d)) {
          return files.filter(f -> f.getFileName().toString().endsWith(".json.gz")).sorted().map(RunRecord::load).toList();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }

    List<RunRecord> real() {
      return records().stream().filter(r -> RunRecord.KIND_REAL.equals(r.kind())).toList();
    }

    Map<String, RunRecord> committedReplays() {
      return records().stream().filter(r -> RunRecord.KIND_REPLAY.equals(r.kind()))
          .collect(Collectors.toMap(RunRecord::replayOf, r -> r, (a, b) -> a, TreeMap::new));
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<LabRunSet> sets() {
    return Stream.of(
        // the AMD VM on a steady host (speed spread 1.2-4.5%), 2026-12-01 09:40, every run recorded twice; it tuned
        // the model, so its floors are a ratchet set to what is measured on it (met rose with images' memory ramp)
        new LabRunSet("the steady AMD set (lab-runs/amd-2026-12-01c)", Path.of("lab-runs", "amd-2026-12-01c", "real"), 13, 9, 9),
        new LabRunSet("its repeat (lab-runs/amd-2026-12-01c/repeat)", Path.of("lab-runs", "amd-2026-12-01c", "repeat"), 12, 9, 8),
        // AMD EPYC VM on a noisy host, 2026-12-01 04:00 (the cage itself repeats no better: lab-runs/amd-2026-12-01a/repeat)
        new LabRunSet("the noisy AMD set (lab-runs/amd-2026-12-01a)", Path.of("lab-runs", "amd-2026-12-01a", "real"), 10, 7, 8),
        // Intel Xeon VM, quiet, 2026-12-01 00:00
        new LabRunSet("the Xeon set (lab-runs/xeon-2026-12-01)", Path.of("lab-runs", "xeon-2026-12-01", "real"), 10, 8, 10),
        // the AMD VM again, 2026-12-01 05:50, its speed drifting 10% between calibration and runs (its steadiness reports)
        new LabRunSet("the drifting AMD set (lab-runs/amd-2026-12-01b)", Path.of("lab-runs", "amd-2026-12-01b", "real"), 8, 7, 7));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sets")
  void fivePoliciesTimesThreeSeedsWereRecordedWithTheirProbeAndCalibration(LabRunSet set) {
    List<RunRecord> real = set.real();
    assertEquals(15, real.size(), "real runs in " + set.dir());
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

  @ParameterizedTest(name = "{0}")
  @MethodSource("sets")
  void theReplaysAgreeWithTheRealRunsAtLeastAsWellAsWhenTheyWereRecorded(LabRunSet set) {
    Comparison c = new Comparison(set.real().stream().map(r -> Comparison.of(List.of(r)).rows().get(0)).toList());
    String table = c.markdown();
    assertTrue(c.refusedAgreeing() >= set.refusedAgreeFloor(), "turned away agree in " + c.refusedAgreeing() + "\n" + table);
    assertTrue(c.budgetedSpawnsWithinOne() >= set.spawnsWithinOneFloor(),
        "spawns within one in " + c.budgetedSpawnsWithinOne() + " of " + c.budgetedRuns() + "\n" + table);
    assertTrue(c.metWithinThreePoints() >= set.metWithinThreeFloor(), "met within 3 points in " + c.metWithinThreePoints()
        + "\n" + table);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sets")
  void theCommittedReplaysAreWhatTheSimulatorGivesNow(LabRunSet set) {
    List<RunRecord> real = set.real();
    Map<String, RunRecord> committed = set.committedReplays();
    assertEquals(real.size(), committed.size(), "one committed replay per real run");
    for (RunRecord r : real) {
      RunRecord replay = committed.get(r.id());
      assertNotNull(replay, "no committed replay of " + r.id());
      assertEquals(DataFile.compact(replay.metrics()), DataFile.compact(Replay.of(r).metrics()), r.id()
          + ": the committed replay is stale; refresh with java -jar target/helper-lab.jar replay (see lab-runs/README.md)");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sets")
  void replayingARealRunTwiceGivesIdenticalRecords(LabRunSet set) {
    RunRecord r = set.real().get(0);
    assertEquals(DataFile.compact(Replay.of(r)), DataFile.compact(Replay.of(r)));
  }

  /**
   * The steady set's replays judged against both of its recordings (the criterion of {@link
   * AgreementMeasure#agreesWithSpread}). This set tuned the model, so these floors are a ratchet set to
   * what was measured, not a verdict on the model: a held-out set, recorded after the model is frozen,
   * is what judges it.
   */
  @org.junit.jupiter.api.Test
  void theSteadySetsReplaysJudgedAgainstBothRecordingsAgreeAtLeastAsOftenAsMeasured() {
    LabRunSet first = sets().findFirst().orElseThrow();
    LabRunSet repeat = sets().skip(1).findFirst().orElseThrow();
    SpreadJudgement judged = SpreadJudgement.of(first.records(), repeat.real());
    String table = judged.markdown();
    assertEquals(15, judged.triples().size(), table);
    assertTrue(judged.tally(AgreementMeasure.TURNED_AWAY).replayWithinSpread() >= STEADY_SPREAD_FLOORS[0], table);
    assertTrue(judged.tally(AgreementMeasure.SPAWNS).replayWithinSpread() >= STEADY_SPREAD_FLOORS[1], table);
    assertTrue(judged.tally(AgreementMeasure.MET).replayWithinSpread() >= STEADY_SPREAD_FLOORS[2], table);
  }

  /** Turned away, spawns (of 12 budgeted), met: within the spread, as measured on the steady set (a ratchet). */
  private static final int[] STEADY_SPREAD_FLOORS = {13, 9, 10};
}
