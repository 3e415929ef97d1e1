package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.model.DataFile;
import helperlab.model.RunId;
import helperlab.model.RunRecord;
import helperlab.runs.Comparison;
import helperlab.runs.Replay;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Overlaying two runs without a window: simulated pairs, stored runs reused, seed stepping, differences. */
class CompareViewModelTest {
  private final UiThread ui = new UiThread();
  private Notices notices;
  private BackgroundWork work;
  private RunLibrary library;

  private CompareViewModel model(Path dir) {
    notices = ui.call(Notices::new);
    work = new BackgroundWork(ui, notices);
    library = new RunLibrary(work, dir.resolve("lab-runs"), dir.resolve("history"));
    return ui.call(() -> new CompareViewModel(work, library));
  }

  @AfterEach
  void close() {
    // runs saved to the history in the background must land before the temporary folder goes
    if (work != null) {
      ui.await("background work done", Duration.ofSeconds(30), () -> work.running() == 0);
    }
    ui.close();
  }

  @Test
  void comparesTwoPoliciesOnOneSeedAndTabulatesTheDifferences(@TempDir Path dir) throws Exception {
    CompareViewModel vm = model(dir);
    ui.run(() -> {
      vm.policyAProperty().set("pool-edf-10");
      vm.policyBProperty().set("never-split");
      vm.seedProperty().set(2);
    });
    List<RunRecord> runs = ui.call(vm::compare).get(60, TimeUnit.SECONDS);
    ui.await("shown", Duration.ofSeconds(10), () -> vm.differences().size() > 0);
    RunRecord a = runs.get(0);
    RunRecord b = runs.get(1);
    assertEquals(List.of("pool-edf-10", "never-split"), List.of(a.policy(), b.policy()));
    assertEquals(a.tasks(), b.tasks(), "the same tasks (common random numbers)");
    Difference spawns = ui.call(() -> vm.differences().stream().filter(d -> d.metric().equals("spawns"))
        .findFirst().orElseThrow());
    assertEquals(a.metrics().spawns(), spawns.a());
    assertEquals(b.metrics().spawns(), spawns.b());
    assertEquals(b.metrics().spawns() - a.metrics().spawns(), spawns.delta());
    for (String m : List.of("turned away", "met", "late", "processes per task", "CPU useful", "CPU spawning",
        "CPU killed")) {
      assertTrue(ui.call(() -> vm.differences().stream().anyMatch(d -> d.metric().equals(m))), m);
    }
    assertEquals(2, ui.call(() -> vm.plottedProperty().get().size()));
    ui.await("background work done", Duration.ofSeconds(30), () -> work.running() == 0);
    assertTrue(!java.nio.file.Files.exists(dir.resolve("history"))
        || java.nio.file.Files.list(dir.resolve("history")).findAny().isEmpty(),
        "runs simulated for a comparison stay out of the history");
  }

  @Test
  void steppingTheSeedUsesAStoredRunWhenThereIsOne(@TempDir Path dir) throws Exception {
    CompareViewModel vm = model(dir);
    RunRecord a0 = TestRuns.hour("pool-edf-10", 0);
    RunRecord b0 = TestRuns.hour("box", 0);
    ui.run(() -> vm.overlay(a0, b0));
    // a "stored" seed-1 run of A: seed 0's data filed under seed 1's id, so we can tell it was used
    String id1 = RunId.of("sim", "calm", "pool-edf-10", "cage", 1, "edf-fit");
    RunRecord planted = a0.toBuilder().id(id1).seed(1).build();
    DataFile.write(dir.resolve("lab-runs").resolve(id1 + ".json"), planted);

    List<RunRecord> next = ui.call(() -> vm.stepSeed(1)).get(60, TimeUnit.SECONDS);
    assertEquals(1, ui.call(() -> vm.seedProperty().get()));
    assertEquals(planted.metrics(), next.get(0).metrics(), "A came from the runs folder");
    assertEquals(1, next.get(1).seed(), "B was simulated for seed 1");
    assertNotEquals(b0.metrics(), next.get(1).metrics());
  }

  @Test
  void aRealRunWithoutACounterpartForTheNextSeedIsAnErrorInTheWindow(@TempDir Path dir) throws Exception {
    CompareViewModel vm = model(dir);
    RunRecord s = TestRuns.sim("pool-edf-10", "calm", 0, 300);
    RunRecord real = s.toBuilder().id("real-calm-pool-edf-10-cage-s0").kind(RunRecord.KIND_REAL).seed(0).build();
    ui.run(() -> vm.overlay(real, s));
    try {
      ui.call(() -> vm.stepSeed(1)).get(60, TimeUnit.SECONDS);
    } catch (Exception expected) {
      // reported in the window
    }
    ui.await("an error notice", Duration.ofSeconds(10), () -> notices.bannerProperty().get() != null);
    String msg = ui.call(() -> notices.bannerProperty().get().text());
    assertTrue(msg.contains("no stored real run of pool-edf-10") && msg.contains("seed 1"), msg);
    ui.await("not busy", Duration.ofSeconds(10), () -> !vm.busyProperty().get());
  }

  /** Real records of the cage, committed: box on busy seed 1 recorded twice, and seed 2. */
  private static final Path COMMITTED = Path.of("lab-runs", "amd-2026-12-01a");
  private static final String BOX_S1 = "real-busy-box-cage-s1-20261201T034320-cc9b";
  private static final String BOX_S1_AGAIN = "real-busy-box-cage-s1-20261201T042059-b0c7";
  private static final String BOX_S2 = "real-busy-box-cage-s2-20261201T035522-9ba8";

  @Test
  void aRealRunSavedWithItsReplayIsListedAsAPairAndComparedAsRecorded(@TempDir Path dir) throws Exception {
    CompareViewModel vm = model(dir);
    RunRecord real = RunRecord.load(COMMITTED.resolve("real").resolve(BOX_S1 + ".json.gz"));
    // as an exhibit ends: the record, then its exact replay beside it
    library.saveToHistoryNow(real);
    library.saveToHistoryNow(Replay.of(real));
    List<RunEntry> listed = ui.call(library::refresh).get(30, TimeUnit.SECONDS);
    assertEquals(List.of(BOX_S1, BOX_S1 + "-replay"), listed.stream().map(RunEntry::name).toList());
    RecordedPair pair = ui.call(() -> vm.recordedPairProperty().get());
    assertEquals(new RecordedPair(listed.get(0), listed.get(1), true), pair, "offered in Compare's chooser");

    List<RunRecord> runs = ui.call(() -> vm.compareWithItsPair(listed.get(1))).get(60, TimeUnit.SECONDS);
    assertEquals(real.id(), runs.get(0).id());
    assertEquals(RunRecord.KIND_REPLAY, runs.get(1).kind());
    assertEquals(real.id(), runs.get(1).replayOf());
    assertEquals(real.id(), ui.call(() -> vm.runAProperty().get().id()), "A is the real run");
    assertEquals(real.id() + "-replay", ui.call(() -> vm.runBProperty().get().id()), "B its replay, not a fresh simulation");
    assertEquals("box", ui.call(() -> vm.policyBProperty().get()));
    assertEquals(2, ui.call(() -> vm.plottedProperty().get().size()));
    assertFalse(ui.call(() -> vm.uncalibratedBProperty().get()), "recorded on a calibrated cage: a comparison");
  }

  @Test
  void aReplayOnThePlaceholderCalibrationIsLabelledNotAComparison(@TempDir Path dir) {
    CompareViewModel vm = model(dir);
    RunRecord run = TestRuns.sim("box", "calm", 1, 300);
    RunRecord replay = Replay.of(run);
    ui.run(() -> vm.overlay(run, replay));
    assertTrue(ui.call(() -> vm.uncalibratedBProperty().get()));
    String label = ui.call(() -> vm.plottedProperty().get().get(1).label());
    assertTrue(label.endsWith("(uncalibrated, not a comparison)"), label);
  }

  @Test
  void twoRecordingsOfOneRunAreComparedAndTwoOfDifferentTasksRefused(@TempDir Path dir) throws Exception {
    Path real = Files.createDirectories(dir.resolve("lab-runs").resolve("real"));
    Path repeat = Files.createDirectories(dir.resolve("lab-runs").resolve("repeat"));
    Files.copy(COMMITTED.resolve("real").resolve(BOX_S1 + ".json.gz"), real.resolve(BOX_S1 + ".json.gz"));
    Files.copy(COMMITTED.resolve("repeat").resolve(BOX_S1_AGAIN + ".json.gz"), repeat.resolve(BOX_S1_AGAIN + ".json.gz"));
    // seed 2's record under a seed-1 name: listed as another recording, but its tasks differ
    String impostor = "real-busy-box-cage-s1-20261201T235959-ffff";
    Files.copy(COMMITTED.resolve("real").resolve(BOX_S2 + ".json.gz"), repeat.resolve(impostor + ".json.gz"));
    CompareViewModel vm = model(dir);
    ui.call(library::refresh).get(30, TimeUnit.SECONDS);
    List<RecordedPair> pairs = ui.call(() -> List.copyOf(vm.recordedPairs()));
    assertEquals(List.of(BOX_S1 + " / " + BOX_S1_AGAIN, BOX_S1_AGAIN + " / " + impostor),
        pairs.stream().map(p -> p.run().name() + " / " + p.other().name()).toList());

    ui.run(() -> vm.recordedPairProperty().set(pairs.get(0)));
    List<RunRecord> runs = ui.call(vm::compareRecorded).get(60, TimeUnit.SECONDS);
    assertEquals(List.of(BOX_S1, BOX_S1_AGAIN), runs.stream().map(RunRecord::id).toList());
    assertTrue(Comparison.sameTasks(runs.get(0), runs.get(1)));

    ui.run(() -> vm.recordedPairProperty().set(pairs.get(1)));
    assertTrue(ui.call(vm::compareRecorded).handle((r, e) -> e != null).get(60, TimeUnit.SECONDS));
    String msg = ui.call(() -> notices.bannerProperty().get().text());
    assertTrue(msg.contains(BOX_S1_AGAIN + " and " + impostor + " did not play the same tasks"), msg);
    assertEquals(BOX_S1_AGAIN, ui.call(() -> vm.runBProperty().get().id()), "the screen keeps the last good pair");
  }
}
