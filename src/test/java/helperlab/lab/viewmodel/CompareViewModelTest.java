package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.runs.RunRecords;
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

  private CompareViewModel model(Path dir) {
    notices = ui.call(Notices::new);
    work = new BackgroundWork(ui, notices);
    RunLibrary library = new RunLibrary(work, dir.resolve("lab-runs"), dir.resolve("history"));
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
    String id1 = RunRecords.id("sim", "calm", "pool-edf-10", "cage", 1, "edf-fit");
    RunRecord planted = new RunRecord(a0.format(), id1, a0.kind(), a0.policy(), a0.scenario(), a0.machine(), 1,
        a0.admission(), a0.calibration(), null, a0.durationS(), a0.tasks(), a0.events(), a0.samples(), a0.metrics(),
        null, null, null);
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
    RunRecord real = new RunRecord(s.format(), "real-calm-pool-edf-10-cage-s0", RunRecord.KIND_REAL, s.policy(),
        s.scenario(), s.machine(), 0, s.admission(), s.calibration(), null, s.durationS(), s.tasks(), s.events(),
        s.samples(), s.metrics(), null, null, null);
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
}
