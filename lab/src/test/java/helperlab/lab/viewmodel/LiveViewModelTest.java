package helperlab.lab.viewmodel;

import helperlab.charts.style.TimeFormat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.charts.Column;
import helperlab.lab.live.LiveSettings;
import helperlab.lab.live.LiveState;
import helperlab.lab.live.LiveTrigger;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.live.Speed;
import helperlab.model.Calibration;
import helperlab.model.RunRecord;
import helperlab.runs.RunStore;
import helperlab.workload.RunTriggers;
import helperlab.workload.Trigger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live view's model driven without a window: the real embedded simulator, real history files. */
class LiveViewModelTest {
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final long SECOND = 1_000_000_000L;
  private final UiThread ui = new UiThread();
  private LiveViewModel vm;
  private RunStore history;
  /** The wall clock the live runs follow: it moves only when a test moves it, so no test waits for wall time. */
  private final AtomicLong wall = new AtomicLong();

  private LiveViewModel model(Path dir, String policy, String scenario, double durationS) {
    return model(dir, policy, scenario, durationS, wall::get);
  }

  /** With the wall clock the live run follows given (nanoseconds). */
  private LiveViewModel model(Path dir, String policy, String scenario, double durationS, LongSupplier wall) {
    Notices notices = new Notices();
    BackgroundWork work = new BackgroundWork(ui, notices);
    RunLibrary library = new RunLibrary(work, dir.resolve("lab-runs"), dir.resolve("history"));
    history = new RunStore(dir.resolve("history"));
    return ui.call(() -> new LiveViewModel(new SimulatorSource(Calibration.seed(), 1.0, durationS, wall), library, notices, ui,
        new LiveSettings(policy, scenario, "cage", 4, "edf-fit"), Speed.X10));
  }

  @AfterEach
  void stop() {
    if (vm != null) {
      ui.run(vm::shutdown);
    }
    ui.close();
  }

  @Test
  void theButtonStartsARunAndItsHelpersShowInTheNextSample(@TempDir Path dir) {
    vm = model(dir, "never-split", LiveSettings.BUTTON_ONLY, 600);
    ui.run(() -> vm.speedProperty().set(Speed.X1));
    assertEquals(LiveState.READY, ui.call(() -> vm.stateProperty().get()));
    ui.run(vm::pressHelper);
    assertEquals(LiveState.RUNNING, ui.call(() -> vm.stateProperty().get()));
    var samples = ui.call(() -> vm.runProperty().get().samples());
    // button-only: nothing else arrives, so any worker is the pressed batch's helper
    // the wall clock moves a tenth of a second at each look: the next sample comes when a second of it has passed
    ui.await("a sample with the helper", WAIT, () -> {
      wall.addAndGet(SECOND / 10);
      for (int i = 0; i < samples.size(); i++) {
        if (samples.get(Column.WORKERS, i) >= 1) {
          return true;
        }
      }
      return false;
    });
    ui.await("readouts follow", WAIT, () -> {
      wall.addAndGet(SECOND / 10);
      vm.poll();
      return vm.readouts().spawnsProperty().get() >= 1 && vm.readouts().submittedProperty().get() == 1;
    });
    assertEquals(1, ui.call(() -> vm.readouts().pressedProperty().get()));
  }

  @Test
  void pauseStopsTheClockAndResumeRestartsIt(@TempDir Path dir) throws Exception {
    // the run follows a wall clock this test moves: what a paused minute does is seen, not waited for
    vm = model(dir, "pool-edf-10", "calm", 3600);
    ui.run(() -> {
      vm.speedProperty().set(Speed.X60);
      vm.start();
    });
    // the clock moves a hundredth of a second at each look, so whenever the run thread anchors, it sees it move
    ui.await("the clock runs", WAIT, () -> {
      wall.addAndGet(SECOND / 100);
      vm.poll();
      return vm.readouts().timeProperty().get() > 5;
    });
    ui.run(vm::togglePause);
    assertEquals(LiveState.PAUSED, ui.call(() -> vm.stateProperty().get()));
    ui.await("paused", WAIT, () -> {
      vm.poll();
      return vm.runProperty().get().status().state() == LiveState.PAUSED;
    });
    double paused = ui.call(() -> {
      vm.poll();
      return vm.readouts().timeProperty().get();
    });
    wall.addAndGet(60 * SECOND); // a paused wall minute: an hour of virtual time if the pause did not hold
    ui.run(vm::togglePause);
    AtomicLong sinceResume = new AtomicLong();
    ui.await("the clock runs again", WAIT, () -> {
      wall.addAndGet(SECOND / 100);
      sinceResume.addAndGet(SECOND / 100);
      vm.poll();
      return vm.readouts().timeProperty().get() > paused + 2;
    });
    double resumed = ui.call(() -> vm.readouts().timeProperty().get());
    double counted = sinceResume.get() / 1e9 * 60;
    assertTrue(resumed <= paused + counted + 1e-6, "only the wall time after the resume counts, at 60x: " + paused
        + " s paused, " + resumed + " s after " + counted + " virtual s of wall clock since");
  }

  @Test
  void asFastAsPossibleFinishesTheRunAndSavesItsRecordToTheHistory(@TempDir Path dir) throws Exception {
    vm = model(dir, "box", "calm", 900);
    ui.run(() -> {
      vm.speedProperty().set(Speed.MAX);
      vm.start();
    });
    ui.await("the run finishes", WAIT, () -> vm.stateProperty().get() == LiveState.FINISHED);
    ui.await("its record", WAIT, () -> vm.lastRecordProperty().get() != null);
    RunRecord r = ui.call(() -> vm.lastRecordProperty().get());
    assertTrue(helperlab.charts.PlottedRun.dataEnd(r) >= 900, "ran the whole scenario: " + r.endS());
    assertEquals("box", r.policy());
    assertEquals(1, history.list().size(), "saved to the history");
    RunRecord saved = RunStore.load(history.list().get(0).file());
    assertEquals(r.metrics(), saved.metrics());
    assertEquals(r.events().size(), saved.events().size());
  }

  @Test
  void resetEndsTheRunKeepsItsRecordAndClearsTheReadouts(@TempDir Path dir) throws Exception {
    vm = model(dir, "box", "busy", 3600);
    ui.run(() -> {
      vm.speedProperty().set(Speed.X60);
      vm.start();
      vm.pressHelper();
    });
    ui.await("some time", WAIT, () -> {
      wall.addAndGet(SECOND / 10);
      vm.poll();
      return vm.readouts().timeProperty().get() > 3;
    });
    ui.run(vm::reset);
    assertEquals(LiveState.READY, ui.call(() -> vm.stateProperty().get()));
    assertNull(ui.call(() -> vm.runProperty().get()));
    assertEquals(0, ui.call(() -> vm.readouts().pressedProperty().get()));
    ui.await("the ended run in the history", WAIT, () -> {
      try {
        return history.list().size() == 1;
      } catch (Exception e) {
        return false;
      }
    });
    RunRecord kept = RunStore.load(history.list().get(0).file());
    double end = helperlab.charts.PlottedRun.dataEnd(kept);
    assertTrue(end > 3 && end < 3600, "stopped part-way: " + end);
  }

  @Test
  void anInvalidSettingIsReportedNotStarted(@TempDir Path dir) {
    vm = model(dir, "box", "calm", 600);
    Notices notices = ui.call(() -> {
      vm.policyProperty().set("pool-magic");
      return null;
    });
    assertNull(notices);
    assertEquals(false, ui.call(() -> vm.start()));
    assertEquals(LiveState.READY, ui.call(() -> vm.stateProperty().get()));
  }

  @Test
  void theTriggerButtonStartsATriggerAtTheClockAndTheRecoveryShowsWhenItComes(@TempDir Path dir) throws Exception {
    vm = model(dir, "pool-edf-10", "calm", 1800);
    ui.run(() -> {
      vm.speedProperty().set(Speed.X1);
      vm.start();
      vm.skip(600); // ten minutes of baseline first
    });
    ui.await("the baseline", WAIT, () -> vm.runProperty().get().status().timeS() >= 600);
    ui.run(vm::togglePause);
    // paused, the clock stands still: the trigger starts at exactly this time
    ui.await("paused", WAIT, () -> vm.runProperty().get().status().state() == LiveState.PAUSED);
    double at = ui.call(() -> vm.runProperty().get().status().timeS());
    ui.run(() -> {
      vm.triggers().choiceProperty().set(TriggerChoice.SPIKE_2);
      vm.fireTrigger();
    });
    assertTrue(ui.call(() -> vm.triggers().runningProperty().get()), "the button waits while the trigger goes on");
    ui.await("the run reports its trigger", WAIT, () -> {
      vm.poll();
      return !vm.triggers().allProperty().get().isEmpty();
    });
    LiveTrigger t = ui.call(() -> vm.triggers().allProperty().get().get(0));
    assertEquals(new Trigger(Trigger.Kind.SPIKE, at, 60, 1), t.trigger());
    assertFalse(t.judged());
    assertTrue(ui.call(() -> vm.triggers().textProperty().get()).startsWith("spike x2 at "));
    // a second press while it goes on changes nothing
    ui.run(vm::fireTrigger);
    // past the trigger and the recovery's hold time, driven as fast as the simulator goes
    ui.run(() -> {
      vm.togglePause();
      vm.skip(600);
    });
    ui.await("the recovery is judged", WAIT, () -> {
      vm.poll();
      return vm.triggers().allProperty().get().get(0).judged();
    });
    LiveTrigger judged = ui.call(() -> vm.triggers().allProperty().get().get(0));
    assertEquals(1, ui.call(() -> vm.triggers().allProperty().get().size()), "one trigger");
    // a calm hour far below the pool's capacity comes back
    assertTrue(judged.recoveredAfterS() != null, "recovered: " + judged);
    String text = ui.call(() -> vm.triggers().textProperty().get());
    assertEquals("spike x2 at " + TimeFormat.elapsed(at) + " · recovered in " + TimeFormat.elapsed(judged.recoveredAfterS())
        + " after the trigger", text);
    assertFalse(ui.call(() -> vm.triggers().runningProperty().get()), "the button is free again");

    ui.run(vm::reset);
    ui.await("the run's record", WAIT, () -> vm.lastRecordProperty().get() != null);
    RunRecord r = ui.call(() -> vm.lastRecordProperty().get());
    assertEquals(t.trigger(), RunTriggers.trigger(r), "the live run's record keeps its trigger");
    assertEquals(judged.recoveredAfterS(), RunTriggers.recovery(r).recoveryS(), "and its recovery");
    assertTrue(r.tipping().has("tipped_at_s") && r.tipping().get("tipped_at_s").isNull(),
        "and that it never tipped: " + r.tipping());
    RunRecord saved = RunStore.load(history.list().get(0).file());
    assertEquals(t.trigger(), RunTriggers.trigger(saved), "and so does its file");
  }

  @Test
  void aTriggerThatComesToARunAlreadyDownSaysSoAndNoRecovery(@TempDir Path dir) {
    vm = model(dir, "box", "calm", 1800);
    ui.run(() -> {
      vm.speedProperty().set(Speed.X1);
      vm.start();
      vm.skip(900); // the box is down by itself in the calm hour from the warm-up on
    });
    ui.await("15:00", WAIT, () -> vm.runProperty().get().status().timeS() >= 900);
    ui.run(vm::togglePause);
    ui.await("paused", WAIT, () -> vm.runProperty().get().status().state() == LiveState.PAUSED);
    ui.run(() -> {
      vm.triggers().choiceProperty().set(TriggerChoice.SPIKE_2);
      vm.fireTrigger();
    });
    ui.run(() -> {
      vm.togglePause();
      vm.skip(300);
    });
    ui.await("the trigger is judged", WAIT, () -> {
      vm.poll();
      return !vm.triggers().allProperty().get().isEmpty() && vm.triggers().allProperty().get().get(0).judged();
    });
    LiveTrigger judged = ui.call(() -> vm.triggers().allProperty().get().get(0));
    assertNull(judged.recoveredAfterS(), "no recovery for a run that was down already: " + judged);
    assertTrue(judged.downBeforeTippedAtS() != null && judged.downBeforeTippedAtS() < 900 - 120, judged.toString());
    // the box never stands in the calm hour: down from the warm-up on, so it never healthy, not "tipped"
    assertTrue(judged.neverHealthy(), judged.toString());
    String text = ui.call(() -> vm.triggers().textProperty().get());
    assertTrue(text.endsWith(" · down before the trigger (never healthy)"), text);
  }

  @Test
  void describesATriggerAndItsRecoveryInWords() {
    Trigger spike = new Trigger(Trigger.Kind.SPIKE, 600, 60, 0.5);
    assertEquals("spike x1.5 at 10:00 · until 11:00", LiveTriggers.describe(LiveTrigger.started(spike), 630));
    assertEquals("spike x1.5 at 10:00 · recovering…", LiveTriggers.describe(LiveTrigger.started(spike), 700));
    assertEquals("spike x1.5 at 10:00 · recovered in 1:23 after the trigger",
        LiveTriggers.describe(new LiveTrigger(spike, 83.0, false), 900));
    assertEquals("spike x1.5 at 10:00 · down before the trigger (tipped at 4:22)",
        LiveTriggers.describe(LiveTrigger.downBefore(spike, 262), 900));
    // down from its first judged second: it never stood, so it did not tip
    assertEquals("spike x1.5 at 10:00 · down before the trigger (never healthy)",
        LiveTriggers.describe(LiveTrigger.downBefore(spike, 300, true), 900));
    assertEquals("slowdown 50% at 10:00 · not recovered",
        LiveTriggers.describe(new LiveTrigger(new Trigger(Trigger.Kind.SLOWDOWN, 600, 60, 0.5), null, true), 3600));
  }
}
