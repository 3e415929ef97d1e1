package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.RunMetrics;
import helperlab.model.RunRecord;
import helperlab.model.Samples;
import helperlab.model.Task;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The seed's comparisons as paired differences, real beside simulated. */
class EffectSizesTest {
  /** Student's t, 97.5th percentile, for 1 and 2 degrees of freedom (from the tables, not from the code under test). */
  private static final double T1 = 12.706205;
  private static final double T2 = 4.302653;

  @Test
  void onTheSteadySetEachComparisonIsPairedOverItsThreeBusySeeds() throws IOException {
    List<RunRecord> records;
    try (Stream<Path> files = Files.list(Path.of("lab-runs", "amd-2026-12-01c", "real"))) {
      records = files.filter(f -> f.toString().endsWith(".json.gz")).sorted().map(RunRecord::load).toList();
    }
    EffectSizes sizes = EffectSizes.of(records);
    // the only budgeted splitting policy without yield among the steady set's five
    assertEquals(Optional.of("split-forecast-budget"), sizes.bestSplitting());
    assertEquals(List.of(), sizes.notComputed());
    assertEquals(9, sizes.effects().size());

    // the real side is what the cage recorded: the box spawned 197, 182, 180; never-split 48, 36, 30
    PairedEffect boxSpawns = sizes.effect("box", "never-split-budget", EffectMeasure.SPAWNS);
    assertEquals(3, boxSpawns.cells().size());
    assertEquals(List.of(149.0, 146.0, 150.0), boxSpawns.cells().stream().map(PairedEffect.Cell::realDifference).toList());
    double mean = (149 + 146 + 150) / 3.0;
    double sd = Math.sqrt((Math.pow(149 - mean, 2) + Math.pow(146 - mean, 2) + Math.pow(150 - mean, 2)) / 2);
    assertEquals(mean, boxSpawns.real().mean(), 1e-9);
    assertEquals(mean - T2 * sd / Math.sqrt(3), boxSpawns.real().lo(), 1e-4);
    assertEquals(mean + T2 * sd / Math.sqrt(3), boxSpawns.real().hi(), 1e-4);

    // the simulated side is the committed replays' (a model change moves it): each pair's difference is theirs
    Map<String, RunRecord> replayOf = records.stream().filter(r -> RunRecord.KIND_REPLAY.equals(r.kind()))
        .collect(Collectors.toMap(RunRecord::replayOf, r -> r));
    for (PairedEffect e : sizes.effects()) {
      for (PairedEffect.Cell c : e.cells()) {
        RunRecord left = find(records, e.left(), c.seed());
        RunRecord right = find(records, e.right(), c.seed());
        assertEquals(e.measure().value(left.metrics()) - e.measure().value(right.metrics()), c.realDifference(), 1e-9);
        assertEquals(e.measure().value(replayOf.get(left.id()).metrics())
            - e.measure().value(replayOf.get(right.id()).metrics()), c.simDifference(), 1e-9, e + " " + c);
      }
    }
  }

  private static RunRecord find(List<RunRecord> records, String policy, long seed) {
    return records.stream().filter(r -> RunRecord.KIND_REAL.equals(r.kind()) && r.policy().equals(policy) && r.seed() == seed)
        .findFirst().orElseThrow();
  }

  @Test
  void theBestSplittingPolicyIsTheSimulatorsChoiceAndTwoPairsGiveAnIntervalOnOneDegreeOfFreedom() {
    TinySet set = new TinySet();
    // met of 10 tasks, real then replay, per seed; spawns real then replay
    for (long seed : new long[] {1, 2}) {
      set.run("calm", seed, "pool-edf-10", 8, 10, 2, 2);
      // the timer policy's replays meet more than the forecast's, its real runs fewer: the replays choose it
      set.run("calm", seed, "split-timer-budget", seed == 1 ? 2 : 4, 9, 20, 20);
      set.run("calm", seed, "split-forecast-budget", 8, 8, 20, 20);
      set.run("calm", seed, "box", 1, 2, seed == 1 ? 100 : 120, 150);
      set.run("calm", seed, "never-split-budget", 9, 9, 10, 10);
      set.run("calm", seed, "split-forecast-budget-yield", 9, seed == 1 ? 10 : 9, 15, 15);
    }
    EffectSizes sizes = EffectSizes.of(set.records);
    assertEquals(Optional.of("split-timer-budget"), sizes.bestSplitting());

    // pool minus timer, met in points: real 60 and 40 (mean 50, sd 14.14), replayed 10 and 10
    PairedEffect met = sizes.effect("pool-edf-10", "split-timer-budget", EffectMeasure.MET);
    assertEquals(2, met.cells().size());
    assertEquals(50, met.real().mean(), 1e-9);
    assertEquals(50 - T1 * 10, met.real().lo(), 1e-3);
    assertEquals(50 + T1 * 10, met.real().hi(), 1e-3);
    assertEquals(10, met.sim().mean(), 1e-9);
    assertEquals(10, met.sim().lo(), 1e-9);
    assertTrue(met.signPredicted());
    assertFalse(met.realWithinSim(), "a replayed interval of no width holds only its own value");
    assertTrue(met.simWithinReal());

    // the box against never-split, spawns: real 90 and 110, replayed 140 and 140
    PairedEffect spawns = sizes.effect("box", "never-split-budget", EffectMeasure.SPAWNS);
    assertEquals(100, spawns.real().mean(), 1e-9);
    assertEquals(140, spawns.sim().mean(), 1e-9);
    assertTrue(spawns.simWithinReal(), "100 ± 127 holds 140");
    assertFalse(spawns.realWithinSim());

    // yield minus pool, met: real +10 both times, replayed 0 and -10: the sign is wrong
    PairedEffect yield = sizes.effect("split-forecast-budget-yield", "pool-edf-10", EffectMeasure.MET);
    assertEquals(10, yield.real().mean(), 1e-9);
    assertEquals(-5, yield.sim().mean(), 1e-9);
    assertFalse(yield.signPredicted());

    String md = sizes.markdown();
    assertTrue(md.contains("| pool-edf-10 minus split-timer-budget | 1: a plain earliest-deadline pool meets more deadlines "
        + "than splitting | met share, points | 2 | 50.0 [-77.1, 177.1] | 10.0 [10.0, 10.0] | yes | **no** | yes |"), md);
    assertTrue(md.contains("| calm | 2 | 40.0 / 10.0 |"), md);
    List<String> csv = sizes.csv().lines().toList();
    assertEquals(1 + 9, csv.size());
    assertTrue(csv.contains("box,never-split-budget,spawns,2,100.000,-27.062,227.062,140.000,140.000,140.000,true,false,true"),
        String.join("\n", csv));
  }

  @Test
  void aComparisonWithFewerThanTwoPairsIsNotComputedAndSaysWhy() {
    TinySet set = new TinySet();
    set.run("busy", 1, "pool-edf-10", 10, 10, 2, 2);
    set.run("busy", 2, "pool-edf-10", 10, 10, 2, 2);
    set.run("busy", 1, "split-forecast-budget-yield", 8, 8, 12, 12);
    set.run("busy", 1, "box", 1, 1, 100, 100);
    set.run("busy", 1, "never-split-budget", 8, 8, 10, 10);
    set.run("busy", 2, "box", 1, 1, 100, 100);
    set.run("busy", 2, "never-split-budget", 8, 8, 10, 10);
    EffectSizes sizes = EffectSizes.of(set.records);
    assertEquals(Optional.empty(), sizes.bestSplitting());
    assertEquals(3, sizes.effects().size(), "only the box against never-split has two pairs");
    assertEquals(List.of("pool-edf-10 minus the best budgeted splitting policy: no budgeted non-yield splitting policy was played",
        "split-forecast-budget-yield minus pool-edf-10: 1 scenario x seed pair(s) played both, an interval needs 2"),
        sizes.notComputed());
    assertTrue(sizes.markdown().contains("Not computed: split-forecast-budget-yield minus pool-edf-10: 1 scenario x seed"));
  }

  @Test
  void twoRecordingsOfOneRunOrRunsOfDifferentTasksAreRefused() {
    TinySet twice = new TinySet();
    twice.run("busy", 1, "box", 1, 1, 100, 100);
    twice.run("busy", 1, "box", 2, 1, 100, 100);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EffectSizes.of(twice.records));
    assertTrue(e.getMessage().contains("two real runs of box on busy seed 1: real-busy-box-s1-0 and real-busy-box-s1-2"),
        e.getMessage());

    TinySet apart = new TinySet();
    apart.run("busy", 1, "box", 1, 1, 100, 100);
    apart.tasks = 11;
    apart.run("busy", 1, "never-split-budget", 1, 1, 10, 10);
    e = assertThrows(IllegalArgumentException.class, () -> EffectSizes.of(apart.records));
    assertTrue(e.getMessage().contains("played different tasks on busy seed 1"), e.getMessage());
  }

  /** Real runs and their replays made up from a few numbers: only what the effect sizes read. */
  private static final class TinySet {
    final List<RunRecord> records = new ArrayList<>();
    int tasks = 10;

    void run(String scenario, long seed, String policy, int metReal, int metSim, int spawnsReal, int spawnsSim) {
      String id = "real-" + scenario + "-" + policy + "-s" + seed + "-" + records.size();
      List<Task> played = new ArrayList<>();
      for (int i = 0; i < tasks; i++) {
        played.add(new Task(i, i, "web", i + 30, List.of(new ImageSpec(1000, 1000))));
      }
      records.add(record(id, RunRecord.KIND_REAL, scenario, seed, policy, played, metrics(metReal, spawnsReal), null));
      records.add(record(id + "-replay", RunRecord.KIND_REPLAY, scenario, seed, policy, played, metrics(metSim, spawnsSim), id));
    }

    private RunMetrics metrics(int met, int spawns) {
      return RunMetrics.builder().submitted(tasks).admitted(tasks).met(met).late(tasks - met).metShare((double) met / tasks)
          .spawns(spawns).processesPerTask(1).cpuUsefulS(10).cpuSpawnS(1).peakMemoryMb(500).imagesDone(tasks)
          .meanResponseS(5).build();
    }

    private static RunRecord record(String id, String kind, String scenario, long seed, String policy, List<Task> played,
        RunMetrics m, String replayOf) {
      Samples none = new Samples(new double[0], new int[0], new int[0], new int[0], new double[0], new double[0],
          new double[0], new double[0], new int[0], new int[0], new int[0], new int[0]);
      return RunRecord.builder().id(id).kind(kind).policy(policy).scenario(scenario).machine(MachineSpec.named("cage"))
          .seed(seed).admission("edf-fit").calibration(Calibration.defaults()).durationS(60).tasks(played)
          .events(List.of()).samples(none).metrics(m).replayOf(replayOf).build();
    }
  }
}
