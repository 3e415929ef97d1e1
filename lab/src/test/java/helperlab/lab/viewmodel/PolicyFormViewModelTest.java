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
import helperlab.study.PolicyFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Live view's policy form without a window: it shows the chosen policy's knobs, a changed built-in takes an id
 * of its own at once (never the built-in's), a wrong field is told what is wrong in plain words, the next run runs
 * what the form holds and its record keeps it, Save as… writes a file that opens again as the same policy, and
 * Compare offers it against a built-in.
 */
class PolicyFormViewModelTest {
  private static final Duration WAIT = Duration.ofSeconds(60);
  private final UiThread ui = new UiThread();
  private final Notices notices = new Notices();
  private BackgroundWork work;
  private RunLibrary library;
  private LiveViewModel live;

  private LiveViewModel model(Path dir, String policy) {
    work = new BackgroundWork(ui, notices);
    library = new RunLibrary(work, dir.resolve("lab-runs"), dir.resolve("history"));
    live = ui.call(() -> new LiveViewModel(new SimulatorSource(Calibration.seed(), 1.0, 600), library, notices, ui,
        new LiveSettings(policy, "busy", "cage", 3, "edf-fit"), Speed.X10));
    return live;
  }

  @AfterEach
  void stop() {
    if (live != null) {
      ui.run(live::shutdown);
    }
    if (work != null) {
      ui.await("background work done", WAIT, () -> work.running() == 0);
    }
    ui.close();
  }

  private String text(PolicyFormViewModel f, String key) {
    return ui.call(() -> f.field(key).text().get());
  }

  private void type(PolicyFormViewModel f, String key, String value) {
    ui.run(() -> f.field(key).text().set(value));
  }

  @Test
  void showsTheChosenPolicyAndAChangedBuiltInTakesAnIdOfItsOwn(@TempDir Path dir) {
    PolicyFormViewModel f = model(dir, "box").form();
    assertEquals("box", text(f, "id"));
    assertEquals("helpers", text(f, "family"));
    assertEquals("timer", text(f, "split.trigger"));
    assertEquals("0.5", text(f, "split.timer_fraction"));
    assertEquals("2", text(f, "split.cooldown_s"), "numbers as a person writes them, not 2.0");
    assertFalse(ui.call(() -> f.changedProperty().get()));
    assertTrue(ui.call(() -> f.statusProperty().get()).contains("built-in policy box"));
    assertFalse(ui.call(() -> f.field("pool.chunk").shown().get()), "a helper policy has no pool");

    type(f, "split.timer_fraction", "0.3");
    assertEquals("box-mine", text(f, "id"), "a changed built-in is renamed where the user sees it");
    assertTrue(ui.call(() -> f.changedProperty().get()));
    assertTrue(ui.call(() -> f.statusProperty().get()).contains("box-mine"), ui.call(() -> f.statusProperty().get()));
    type(f, "split.timer_fraction", "0.5");
    assertEquals("box", text(f, "id"), "the built-in's settings again: the built-in again");

    type(f, "split.timer_fraction", "0.3");
    type(f, "id", "box");
    assertFalse(ui.call(() -> f.validProperty().get()), "the built-in's id for other settings is refused");
    assertTrue(ui.call(() -> f.field("id").problem().get()).contains("an id of its own"));
    assertFalse(ui.call(() -> f.commit()));
    assertEquals("box", ui.call(() -> live.policyProperty().get()), "the chosen policy is untouched");
    assertEquals(PolicyCatalog.get("box"), ui.call(() -> live.settings().policySpec()));

    type(f, "family", "pool");
    assertTrue(ui.call(() -> f.field("pool.chunk").shown().get()), "a pool's knobs show for a pool");
    assertFalse(ui.call(() -> f.field("split.trigger").shown().get()));
  }

  @Test
  void aWrongFieldIsToldWhatIsWrongInPlainWords(@TempDir Path dir) {
    PolicyFormViewModel f = model(dir, "pool-edf-10").form();
    assertEquals("10", text(f, "pool.chunk"));
    type(f, "pool.chunk", "99999999999");
    String said = ui.call(() -> f.field("pool.chunk").problem().get());
    assertEquals("99999999999 is too large: at most 2147483647", said);
    type(f, "pool.chunk", "0");
    assertEquals("must be between 1 and 10000, got 0", ui.call(() -> f.field("pool.chunk").problem().get()));
    type(f, "pool.chunk", "ten");
    assertTrue(ui.call(() -> f.field("pool.chunk").problem().get()).contains("'ten' is not a whole number"));
    type(f, "scaling.tolerance", "1.5");
    String all = ui.call(() -> f.problemsProperty().get());
    assertTrue(all.contains("Images at a time (pool.chunk): 'ten'"), all);
    assertTrue(all.contains("Tolerance (scaling.tolerance): must be in [0, 1), got 1.5"), all);
    for (String jackson : List.of("out of range", "Numeric value", "-9223372036854775808", "Exception")) {
      assertFalse(all.contains(jackson), "no parser's words: " + all);
    }
    assertTrue(ui.call(() -> f.statusProperty().get()).startsWith("2 things to fix"));
    assertFalse(ui.call(live::start), "a wrong form starts no run");
    String banner = ui.call(() -> notices.bannerProperty().get().text());
    assertTrue(banner.contains("Images at a time (pool.chunk)"), banner);
    assertEquals(LiveState.READY, ui.call(() -> live.stateProperty().get()));
  }

  @Test
  void theNextRunRunsTheFormAndItsSavedFileOpensAgainAsTheSamePolicy(@TempDir Path dir) throws Exception {
    PolicyFormViewModel f = model(dir, "box").form();
    type(f, "split.trigger", "forecast");
    type(f, "split.cooldown_s", "5");
    type(f, "help_budget.on", "true");
    type(f, "help_budget.ratio", "0.25");
    assertTrue(ui.call(() -> f.validProperty().get()), ui.call(() -> f.problemsProperty().get()));
    ui.run(() -> {
      live.speedProperty().set(Speed.MAX);
      live.start(); // as the Run button and the big button do: the form's policy first
    });
    assertEquals("box-mine", ui.call(() -> live.policyProperty().get()), "chosen under its own id");
    PolicySpec mine = ui.call(() -> live.policies().spec("box-mine"));
    assertEquals(PolicySpec.CallForHelp.FORECAST, mine.split().trigger());
    assertEquals(5, mine.split().cooldownS());
    assertEquals(0.25, mine.helpBudget().ratio());
    assertFalse(ui.call(() -> f.changedProperty().get()), "the form now shows the chosen policy");
    ui.await("the run finishes", WAIT, () -> live.stateProperty().get() == LiveState.FINISHED);
    ui.await("its record", WAIT, () -> live.lastRecordProperty().get() != null);
    RunRecord r = ui.call(() -> live.lastRecordProperty().get());
    assertEquals("box-mine", r.policy());
    assertEquals(mine, RecordedPolicy.of(r), "the record keeps the form's policy whole");

    Path file = ui.call(() -> f.saveAs(dir.resolve("my-box"))).get(30, TimeUnit.SECONDS);
    assertEquals(dir.resolve("my-box.json"), file, ".json added");
    assertEquals(mine, PolicyFiles.read(file), "the lab's File… reads it back as the same policy");
    assertEquals(mine, PolicyFiles.named(file.toString()), "and so does sweep --policies");
    // and a fresh lab opens it as the same policy, offered under its id
    LiveViewModel again = ui.call(() -> new LiveViewModel(new SimulatorSource(Calibration.seed(), 1.0, 600), library,
        notices, ui, LiveSettings.defaults(), Speed.X10));
    assertTrue(ui.call(() -> again.openPolicyFile(file)));
    assertEquals(mine, ui.call(() -> again.settings().policySpec()));
    assertEquals("box-mine", ui.call(() -> again.form().field("id").text().get()));
    assertFalse(ui.call(() -> again.form().changedProperty().get()));

    // edited again, the changed policy takes the next free id: the first keeps its settings under its own
    type(f, "split.cooldown_s", "7");
    assertEquals("box-mine-2", text(f, "id"));
    assertEquals(mine, ui.call(() -> live.policies().spec("box-mine")), "box-mine keeps the settings it ran");
  }

  @Test
  void comparePitsTheFormsPolicyAgainstABuiltIn(@TempDir Path dir) throws Exception {
    PolicyFormViewModel f = model(dir, "pool-edf-10").form();
    type(f, "pool.chunk", "3");
    assertTrue(ui.call(f::commit));
    CompareViewModel compare = ui.call(() -> new CompareViewModel(work, library, live.policies()));
    assertTrue(ui.call(() -> compare.policyIds().contains("pool-edf-10-mine")), "offered in Compare's lists");
    ui.run(() -> {
      compare.policyAProperty().set("pool-edf-10-mine");
      compare.policyBProperty().set("pool-edf-10");
      compare.scenarioProperty().set("calm");
      compare.seedProperty().set(1);
    });
    List<RunRecord> runs = ui.call(compare::compare).get(120, TimeUnit.SECONDS);
    assertEquals(3, RecordedPolicy.of(runs.get(0)).pool().chunk(), "A runs the form's policy");
    assertEquals(PolicyCatalog.get("pool-edf-10"), RecordedPolicy.of(runs.get(1)));
    assertEquals(runs.get(0).tasks(), runs.get(1).tasks(), "the same tasks");
  }
}
