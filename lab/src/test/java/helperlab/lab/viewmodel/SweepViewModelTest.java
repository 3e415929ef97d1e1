package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.RunRecord;
import helperlab.study.RunRow;
import helperlab.study.SpawnCostCurves;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep view's model: a real (small) sweep in the background, reopening its output, cancelling, opening a cell. */
class SweepViewModelTest {
  private final UiThread ui = new UiThread();
  private Notices notices;
  private BackgroundWork work;

  private SweepViewModel model(Path dir) {
    notices = ui.call(Notices::new);
    work = new BackgroundWork(ui, notices);
    RunLibrary library = new RunLibrary(work, dir.resolve("lab-runs"), dir.resolve("history"));
    return ui.call(() -> new SweepViewModel(work, library));
  }

  @AfterEach
  void close() {
    // runs saved to the history in the background must land before the temporary folder goes
    if (work != null) {
      ui.await("background work done", Duration.ofSeconds(120), () -> work.running() == 0);
    }
    ui.close();
  }

  @Test
  void opensTheCommittedSweepFromItsGzippedRunsWithProgress(@TempDir Path dir) throws Exception {
    SweepViewModel vm = model(dir);
    Path committed = Path.of("docs", "sweep");
    assertTrue(Files.exists(committed.resolve("runs.jsonl.gz")) && !Files.exists(committed.resolve("runs.jsonl")),
        "docs/sweep holds runs.jsonl.gz only");
    List<Double> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    ui.run(() -> vm.progressProperty().addListener((o, a, b) -> seen.add(b.doubleValue())));
    List<RunRow> rows = ui.call(() -> vm.open(committed)).get(60, TimeUnit.SECONDS);
    ui.await("shown", Duration.ofSeconds(120), () -> !vm.heatPolicies().isEmpty());
    assertTrue(rows.size() > 1000, "the committed sweep's runs: " + rows.size());
    assertEquals(1.0, ui.call(() -> vm.progressProperty().get()), 1e-9);
    assertTrue(seen.stream().anyMatch(p -> p > 0 && p < 1), "progress while reading: " + seen);
    assertTrue(ui.call(() -> vm.progressTextProperty().get()).contains(rows.size() + " runs"));
  }

  @Test
  void runsASweepShowsItsHeatMapAndReopensItsOutput(@TempDir Path dir) throws Exception {
    SweepViewModel vm = model(dir);
    Path out = dir.resolve("sweep");
    ui.run(() -> {
      vm.scenariosProperty().set("calm, busy");
      vm.policiesProperty().set("pool-edf-10,box");
      vm.machinesProperty().set("small");
      vm.seedsProperty().set(2);
      vm.outputDirProperty().set(out);
    });
    List<RunRow> rows = ui.call(vm::run).get(120, TimeUnit.SECONDS);
    assertEquals(2 * 2 * 2 + 4 * 2, rows.size(), "8 runs and the admission study's 8 (four admissions, 2 seeds)");
    ui.await("shown", Duration.ofSeconds(120), () -> !vm.runningProperty().get() && !vm.rows().isEmpty());
    assertEquals(1.0, ui.call(() -> vm.progressProperty().get()), 1e-9);
    assertTrue(Files.exists(out.resolve("runs.jsonl")) && Files.exists(out.resolve("summary.csv")));
    assertEquals(List.of("pool-edf-10", "box"), ui.call(() -> List.copyOf(vm.heatPolicies())));
    assertEquals(List.of("calm", "busy"), ui.call(() -> List.copyOf(vm.heatScenarios())));
    assertEquals("small", ui.call(() -> vm.machineProperty().get()));
    Estimate poolCalm = ui.call(() -> vm.metShare("pool-edf-10", "calm").orElseThrow());
    double mean = rows.stream().filter(r -> r.policy().equals("pool-edf-10") && r.scenario().equals("calm")
        && r.admission().equals("edf-fit")).mapToDouble(r -> r.metrics().metShare()).average().orElseThrow();
    assertEquals(mean, poolCalm.mean(), 1e-12);
    assertTrue(poolCalm.lo() <= mean && mean <= poolCalm.hi());
    assertEquals(8, ui.call(() -> vm.rows().size()), "2 policies x 2 scenarios + 4 admission variants");

    SweepViewModel other = model(dir);
    ui.call(() -> other.open(out)).get(30, TimeUnit.SECONDS);
    assertEquals(ui.call(() -> List.copyOf(vm.rows())), ui.call(() -> List.copyOf(other.rows())));
  }

  @Test
  void aBadPlanOrOutputIsReportedInTheWindow(@TempDir Path dir) throws Exception {
    SweepViewModel vm = model(dir);
    ui.run(() -> vm.policiesProperty().set("pool-edf-10,pool-magic"));
    CompletableFuture<List<RunRow>> f = ui.call(vm::run);
    assertTrue(f.isCompletedExceptionally());
    String msg = ui.call(() -> notices.bannerProperty().get().text());
    assertTrue(msg.contains("unknown policy 'pool-magic'"), msg);

    try {
      ui.call(() -> vm.open(dir.resolve("nope"))).get(10, TimeUnit.SECONDS);
    } catch (Exception expected) {
      // reported
    }
    ui.await("the open error", Duration.ofSeconds(120),
        () -> notices.bannerProperty().get().text().contains("nope") && notices.bannerProperty().get().text()
            .contains("runs.jsonl"));
  }

  @Test
  void cancellingStopsTheSweep(@TempDir Path dir) throws Exception {
    SweepViewModel vm = model(dir);
    ui.run(() -> {
      vm.seedsProperty().set(50); // thousands of runs: far longer than the test waits
      vm.outputDirProperty().set(dir.resolve("never"));
    });
    CompletableFuture<List<RunRow>> f = ui.call(vm::run);
    ui.await("some progress", Duration.ofSeconds(120), () -> vm.progressProperty().get() > 0);
    ui.run(vm::cancel);
    ui.await("stopped", Duration.ofSeconds(120), () -> !vm.runningProperty().get());
    assertTrue(f.isCompletedExceptionally());
    assertEquals("cancelled", ui.call(() -> vm.progressTextProperty().get()));
    assertTrue(Files.notExists(dir.resolve("never").resolve("runs.jsonl")), "no output from a cancelled sweep");
  }

  @Test
  void openingACellSimulatesThatRunRecordedOnTheChosenSeed(@TempDir Path dir) throws Exception {
    SweepViewModel vm = model(dir);
    AtomicReference<RunRecord> opened = new AtomicReference<>();
    ui.run(() -> {
      vm.setOpener(opened::set);
      vm.openSeedProperty().set(7);
    });
    ui.call(() -> vm.openRun("never-split", "calm", "small", "edf-fit")).get(60, TimeUnit.SECONDS);
    ui.await("opened", Duration.ofSeconds(120), () -> opened.get() != null);
    RunRecord r = opened.get();
    assertEquals(List.of("never-split", "calm", "small", 7L), List.of(r.policy(), r.scenario(), r.machine().name(),
        r.seed()));
    // a sample a second until the run ends (when all is served, which may be just before the hour)
    double end = r.events().get(r.events().size() - 1).t();
    assertTrue(r.events().size() > 1000 && end > 3000 && r.samples().size() >= (int) end, "recorded in full");
  }

  @Test
  void aSweepWithTheSpawnCostStudyOpensOnItsBreakevenChartAndOneWithoutSaysHowToMakeOne(@TempDir Path dir)
      throws Exception {
    SweepViewModel vm = model(dir);
    List<RunRow> rows = ui.call(() -> vm.open(Path.of("docs", "sweep-studies"))).get(120, TimeUnit.SECONDS);
    BreakevenViewModel b = vm.breakeven();
    ui.await("the study's panels", Duration.ofSeconds(120), () -> !b.panels().isEmpty());
    SpawnCostCurves curves = SpawnCostCurves.of(rows);
    assertEquals(curves.machines().size() * curves.scenarios().size(), ui.call(() -> b.panels().size()),
        "a panel per machine and scenario");
    assertTrue(ui.call(() -> b.selectedProperty().get()), "opens on the breakeven chart");
    BreakevenViewModel.Panel first = ui.call(() -> b.panelProperty().get());
    assertEquals(curves.panel(first.machine(), first.scenario()), ui.call(() -> b.shownProperty().get()));
    BreakevenViewModel.Panel other = ui.call(() -> b.panels().get(b.panels().size() - 1));
    ui.run(() -> b.panelProperty().set(other));
    assertEquals(curves.panel(other.machine(), other.scenario()), ui.call(() -> b.shownProperty().get()));

    ui.call(() -> vm.open(Path.of("docs", "sweep"))).get(120, TimeUnit.SECONDS);
    ui.await("the default sweep shown", Duration.ofSeconds(120), () -> !b.hasStudy());
    assertFalse(ui.call(() -> b.selectedProperty().get()), "back on the heat map");
    assertEquals(List.of(), ui.call(() -> b.shownProperty().get()));
    assertTrue(BreakevenViewModel.HOW_TO.contains("sweep --study spawn-cost"));
  }
}
