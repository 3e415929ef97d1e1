package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.live.LiveSettings;
import helperlab.lab.live.LiveState;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.live.Speed;
import helperlab.model.Calibration;
import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.runs.RecordedPolicy;
import helperlab.runs.RunStore;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.study.PolicyFiles;
import helperlab.workload.ScenarioSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A policy of the user's own, opened from a file in the live view: it is offered beside the built-ins, a run runs
 * it, and the run's record keeps it whole (policy_spec), so the record runs again as that policy and not a built-in;
 * a file that takes a built-in's id for other settings is refused in plain words.
 */
class OwnPolicyTest {
  private static final Duration WAIT = Duration.ofSeconds(60);
  /** A retrying client over a FIFO pool: the storm study's policy, in the format sweep --policies reads. */
  private static final Path STORM_POLICY = Path.of("docs/sweep-studies/storm/policy-pool-fifo-retry.json");
  private final UiThread ui = new UiThread();
  private final Notices notices = new Notices();
  private LiveViewModel vm;
  private RunStore history;

  private LiveViewModel model(Path dir) {
    BackgroundWork work = new BackgroundWork(ui, notices);
    RunLibrary library = new RunLibrary(work, dir.resolve("lab-runs"), dir.resolve("history"));
    history = new RunStore(dir.resolve("history"));
    return ui.call(() -> new LiveViewModel(new SimulatorSource(Calibration.seed(), 1.0, 900), library, notices, ui,
        new LiveSettings("box", "busy", "cage", 3, "edf-fit"), Speed.X10));
  }

  @AfterEach
  void stop() {
    if (vm != null) {
      ui.run(vm::shutdown);
    }
    ui.close();
  }

  @Test
  void aPolicyOpenedFromAFileRunsAndItsRecordKeepsIt(@TempDir Path dir) throws Exception {
    Path file = Files.copy(STORM_POLICY, dir.resolve("mine.json"));
    PolicySpec mine = PolicyFiles.read(file);
    assertFalse(PolicyCatalog.has(mine.id()), "the file's policy is not a built-in");
    vm = model(dir);
    assertTrue(ui.call(() -> vm.openPolicyFile(file)), "opened: " + ui.call(() -> notices.all().toString()));
    assertEquals(mine.id(), ui.call(() -> vm.policyProperty().get()), "chosen for the next run");
    assertTrue(ui.call(() -> vm.policies().ids().contains(mine.id())), "offered beside the built-ins");
    ui.run(() -> {
      vm.speedProperty().set(Speed.MAX);
      vm.start();
    });
    ui.await("the run finishes", WAIT, () -> vm.stateProperty().get() == LiveState.FINISHED);
    ui.await("its record", WAIT, () -> vm.lastRecordProperty().get() != null);
    RunRecord r = ui.call(() -> vm.lastRecordProperty().get());
    assertEquals(mine.id(), r.policy());
    assertEquals(mine, RecordedPolicy.of(r), "the record keeps the file's policy whole");
    ui.await("saved to the history", WAIT, () -> {
      try {
        return history.list().size() == 1;
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    RunRecord saved = RunStore.load(history.list().get(0).file());
    assertEquals(mine, RecordedPolicy.of(saved), "and so does the file the history keeps");
    // run again from the record alone, it is the file's policy: the same outcome as the live run
    SimSetup again = SimSetup.of(ScenarioSpec.builtIn("busy").withDuration(900), RecordedPolicy.of(saved),
        saved.machine(), saved.seed(), helperlab.policy.AdmissionMode.of(saved.admission()), Calibration.seed(), false);
    var rerun = new Simulation(again).run().metrics();
    assertEquals(saved.metrics().met(), rerun.met(), "deadlines met, run again from the record");
    assertEquals(saved.metrics().submitted(), rerun.submitted(), "tasks submitted, run again from the record");
  }

  @Test
  void aFileTakingABuiltInIdIsRefusedInPlainWords(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("box.json");
    Files.writeString(file, Files.readString(STORM_POLICY).replace("\"pool-fifo-retry\"", "\"box\""));
    vm = model(dir);
    int before = ui.call(() -> vm.policies().ids().size());
    assertFalse(ui.call(() -> vm.openPolicyFile(file)));
    String said = ui.call(() -> notices.all().get(notices.all().size() - 1).text());
    assertTrue(said.contains("box.json") && said.contains("built-in policy's") && said.contains("an id of its own"),
        said);
    assertEquals(before, ui.call(() -> vm.policies().ids().size()), "nothing added");
    assertEquals("box", ui.call(() -> vm.policyProperty().get()));
    assertEquals(PolicyCatalog.get("box"), ui.call(() -> vm.settings().policySpec()), "the next run is the built-in");
  }
}
