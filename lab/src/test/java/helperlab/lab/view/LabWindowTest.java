package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.lab.chart.BreakevenPlot;
import helperlab.lab.chart.ChartGrid;
import helperlab.charts.ChartKind;
import helperlab.lab.chart.LabChart;
import helperlab.lab.chart.TriggerMark;
import helperlab.charts.Series;
import helperlab.lab.live.LiveSettings;
import helperlab.lab.live.LiveState;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.live.Speed;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.Theme;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real lab window under Monocle (headless), driven through its controls: the helper button, a
 * run of a chosen policy, opening and scrubbing a run record, an overlay, PNG export and a bad file.
 */
class LabWindowTest extends FxRobot {
  @TempDir Path dir;
  private LabWindow window;

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @BeforeEach
  void open() throws Exception {
    LabConfig config = new LabConfig(dir.resolve("lab-runs"),
        LabWindowFixture.rememberedWindow(dir.resolve("home")), new SimulatorSource());
    window = WaitForAsyncUtils.asyncFx(() -> LabWindow.open(new Stage(), config)).get(30, TimeUnit.SECONDS);
    interact(() -> window.stage().requestFocus());
    WaitForAsyncUtils.waitForFxEvents();
  }

  @AfterEach
  void close() throws Exception {
    // files the lab writes in the background (run history) land before the temporary folder goes
    waitFor(30, "background work done", () -> window.viewModel().work().running() == 0);
    WaitForAsyncUtils.asyncFx(() -> window.stage().close()).get(30, TimeUnit.SECONDS);
  }

  private <T> T fx(Callable<T> f) throws Exception {
    return WaitForAsyncUtils.asyncFx(f).get(30, TimeUnit.SECONDS);
  }

  private void waitFor(int seconds, String what, Callable<Boolean> condition) throws Exception {
    try {
      WaitForAsyncUtils.waitFor(Math.max(seconds, 120), TimeUnit.SECONDS, () -> fx(condition));
    } catch (TimeoutException e) {
      String state = fx(() -> window.viewModel().live().stateProperty().get() + ", notices: "
          + window.viewModel().notices().all());
      throw new AssertionError("timed out after " + seconds + " s waiting for: " + what + " (live: " + state + ")", e);
    }
  }

  private static boolean lastRowHasAHelper(helperlab.charts.LiveSamples samples) {
    int n = samples.size();
    return n > 0 && samples.get(helperlab.charts.Column.WORKERS, n - 1) >= 1;
  }

  private LabChart chart(ChartKind k) throws Exception {
    return fx(() -> window.visibleCharts().chart(k));
  }

  @Test
  void theHelperButtonAddsHelpersToTheWorkerChartWithinAFewFrames() throws Exception {
    interact(() -> {
      window.viewModel().live().scenarioProperty().set(LiveSettings.BUTTON_ONLY);
      window.viewModel().live().policyProperty().set("never-split");
      window.viewModel().live().speedProperty().set(Speed.X1);
    });
    LabChart workers = chart(ChartKind.WORKERS);
    assertEquals(0, fx(() -> workers.points(0, Series.WORKERS)), "empty before the first press");
    // count frames from the first frame at which the run's table holds the helper to the first whose chart shows it:
    // the window's part, which a frame bounds whatever the load (how soon a busy machine's run thread takes the press
    // is the run's, and LiveViewModelTest sees the helper in the run's next sample without a clock of the machine's)
    long[] inTableAt = {-1};
    long[] shownAt = {-1};
    javafx.animation.AnimationTimer watch = new javafx.animation.AnimationTimer() {
      @Override
      public void handle(long now) {
        var run = window.viewModel().live().runProperty().get();
        if (inTableAt[0] < 0 && run != null && lastRowHasAHelper(run.samples())) {
          inTableAt[0] = window.frames();
        }
        if (inTableAt[0] >= 0 && shownAt[0] < 0 && workers.lastValue(0, Series.WORKERS) >= 1) {
          shownAt[0] = window.frames();
        }
      }
    };
    interact(watch::start);
    clickOn("#helperButton");
    waitFor(5, "a helper in the worker chart",
        () -> workers.points(0, Series.WORKERS) > 0 && workers.lastValue(0, Series.WORKERS) >= 1 && shownAt[0] >= 0);
    interact(watch::stop);
    long frames = shownAt[0] - inTableAt[0];
    System.out.println("helper visible in the worker chart " + frames + " frames after the run's table had it");
    // the chart pulls the table at every frame: the next frame at the latest (two, as the watch may look mid-pulse)
    assertTrue(frames <= 2, "the chart shows the table's helper at the next frame, took " + frames);
    assertEquals("1", fx(() -> ((Label) lookup("#pressedValue").query()).getText()));

    int points = fx(() -> workers.points(0, Series.WORKERS));
    clickOn("#helperButton");
    waitFor(5, "more points after the second press", () -> workers.points(0, Series.WORKERS) > points);
    assertEquals(2, fx(() -> window.viewModel().live().readouts().pressedProperty().get()));
    waitFor(5, "each press marked on the charts", () -> workers.bands().size() == 2
        && chart(ChartKind.QUEUE).bands().size() == 2);
  }

  @Test
  void theTriggerButtonShadesItsWindowOnEveryLiveChartAndTheRecoveryShowsWhenItComes() throws Exception {
    interact(() -> {
      window.viewModel().live().scenarioProperty().set("calm");
      window.viewModel().live().policyProperty().set("pool-edf-10");
      window.viewModel().live().speedProperty().set(Speed.X1);
    });
    clickOn("#runButton");
    interact(() -> window.viewModel().live().skip(300)); // some baseline before the trigger
    waitFor(30, "the baseline", () -> window.viewModel().live().runProperty().get().status().timeS() >= 300);
    clickOn("#triggerChoice");
    clickOn("cost jump ×2");
    clickOn("#triggerButton");
    waitFor(10, "the trigger's band on every chart", () -> {
      for (ChartKind k : ChartKind.values()) {
        if (window.visibleCharts().chart(k).triggers().size() != 1) {
          return false;
        }
      }
      return true;
    });
    TriggerMark band = fx(() -> chart(ChartKind.QUEUE).triggers().get(0));
    assertEquals(60, band.toS() - band.fromS(), 1e-9);
    assertEquals("cost_jump x2", band.label());
    Label status = fx(() -> (Label) lookup("#triggerStatus").query());
    assertTrue(fx(status::isVisible));
    assertTrue(fx(status::getText).startsWith("cost_jump x2 at "), fx(status::getText));
    // past the trigger and the recovery's hold, driven as fast as the simulator goes
    interact(() -> window.viewModel().live().skip(600));
    waitFor(60, "the recovery judged",
        () -> window.viewModel().live().triggers().allProperty().get().get(0).judged());
    var judged = fx(() -> window.viewModel().live().triggers().allProperty().get().get(0));
    waitFor(10, "the status says so", () -> status.getText().contains(judged.recoveredAfterS() != null
        ? "recovered in " : "not recovered"));
    if (judged.recoveredAfterS() != null) {
      TriggerMark back = fx(() -> chart(ChartKind.WORKERS).triggers().get(0));
      assertEquals(band.toS() + judged.recoveredAfterS(), back.backAtS(), 1e-9, "the marker where the run was back");
    }
    // from the keyboard: T starts the chosen trigger again, a second band
    assertTrue(!fx(() -> lookup("#triggerButton").query().isDisabled()), "the button is free again");
    type(KeyCode.T);
    waitFor(10, "a second band", () -> window.visibleCharts().chart(ChartKind.MEMORY).triggers().size() == 2);
  }

  @Test
  void theSweepViewShowsTheBreakevenChartOfASweepWithTheSpawnCostStudyWithValuesAtThePointer() throws Exception {
    interact(() -> window.viewModel().viewProperty().set(LabView.SWEEP));
    interact(() -> window.viewModel().sweep().open(Path.of("docs", "sweep-studies")));
    waitFor(120, "the breakeven chart", () -> window.breakevenPlot() != null
        && !window.breakevenPlot().curves().isEmpty() && window.breakevenPlot().node().isVisible()
        && lookup("#breakevenPane").query().isVisible());
    BreakevenPlot plot = fx(window::breakevenPlot);
    var curves = fx(plot::curves);
    var first = curves.get(0);
    var point = first.points().get(first.points().size() / 2);
    String text = fx(() -> plot.readoutAt(point.spawnCostS(), 40));
    assertTrue(text.startsWith("spawn cost "), text);
    for (var c : curves) {
      assertTrue(text.contains(c.policy() + " "), c.policy() + " in " + text);
    }
    assertTrue(text.contains(String.format(java.util.Locale.ROOT, "%+.1f points", point.difference().mean())), text);
    // another panel: the chart follows
    var panels = fx(() -> window.viewModel().sweep().breakeven().panels());
    interact(() -> window.viewModel().sweep().breakeven().panelProperty().set(panels.get(panels.size() - 1)));
    var last = panels.get(panels.size() - 1);
    assertTrue(fx(plot::curves).stream().allMatch(c -> c.machine().equals(last.machine())
        && c.scenario().equals(last.scenario())));
    // the heat map from the keyboard-reachable toggle, and back
    clickOn("#heatToggle");
    assertTrue(fx(() -> lookup("#heatPane").query().isVisible() && !lookup("#breakevenPane").query().isVisible()));
  }

  @Test
  void pickingAPolicyAndRunningFillsEveryChart() throws Exception {
    clickOn("#policy");
    clickOn("pool-edf-1");
    assertEquals("pool-edf-1", fx(() -> window.viewModel().live().policyProperty().get()));
    clickOn("#speedMax");
    assertEquals(Speed.MAX, fx(() -> window.viewModel().live().speedProperty().get()));
    clickOn("#runButton");
    waitFor(60, "the run to finish", () -> window.viewModel().live().stateProperty().get() == LiveState.FINISHED);
    assertEquals("pool-edf-1", fx(() -> window.viewModel().live().policyProperty().get()));
    waitFor(10, "the run's record", () -> window.viewModel().live().lastRecordProperty().get() != null);
    assertEquals("pool-edf-1", fx(() -> window.viewModel().live().lastRecordProperty().get().policy()));
    int samples = fx(() -> window.viewModel().live().lastRecordProperty().get().samples().size());
    assertTrue(samples >= 3600, "an hour of 1 s samples: " + samples);
    // the charts pull the last points on their next frames: waited for, however late a busy machine draws them
    waitFor(10, "every chart to take in the last samples", () -> {
      for (ChartKind k : ChartKind.values()) {
        for (Series s : k.series()) {
          if (window.visibleCharts().chart(k).points(0, s) < (s == Series.MET_SHARE ? samples - 120 : samples)) {
            return false;
          }
        }
      }
      return true;
    });
    for (ChartKind k : ChartKind.values()) {
      LabChart c = chart(k);
      for (Series s : k.series()) {
        int n = fx(() -> c.points(0, s));
        // every sample, but a share has no value before the first outcome
        int least = s == Series.MET_SHARE ? samples - 120 : samples;
        assertTrue(n >= least, k + " / " + s + " took in " + n + " of " + samples + " samples");
        assertTrue(fx(() -> c.pointsShown(0, s)) > 100, k + " / " + s + " is drawn");
      }
    }
    assertEquals("FINISHED", fx(() -> ((Label) lookup("#stateBadge").query()).getText()));
  }

  /** {@code r}, the only run in the runs folder, opened from the Runs view's list. */
  private void openAloneInTheRunsView(RunRecord r) throws Exception {
    DataFile.write(dir.resolve("lab-runs").resolve(r.id() + ".json"), r);
    interact(() -> window.viewModel().viewProperty().set(LabView.RUNS));
    clickOn("#refreshButton");
    waitFor(10, "the run listed", () -> !window.viewModel().library().entries().isEmpty());
    doubleClickOn(listedName(r.id()));
    waitFor(20, "the run open", () -> window.viewModel().timeline().recordProperty().get() != null);
  }

  @Test
  void aStarvedRunSaysSoInTheRunsView() throws Exception {
    // A fixture: a run whose record says the host took 38% of the CPU its busy workers wanted.
    RunRecord r = TestRuns.sim("pool-edf-10", "busy", 5, 600).withInterference(DataFile.JSON.valueToTree(
        new helperlab.model.Interference(100, 62, 0.0, 7.5, 2)));
    openAloneInTheRunsView(r);
    Label starved = fx(() -> (Label) lookup("#runStarved").query());
    assertTrue(fx(starved::isVisible), "the label shows");
    assertTrue(fx(starved::getText).contains("the host took 38% of the cage's CPU in this run"), fx(starved::getText));
    javafx.scene.image.WritableImage shot = fx(() -> window.stage().getScene().snapshot(null));
    Path png = Path.of("target", "screenshots", "runs-starved.png");
    Files.createDirectories(png.getParent());
    ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(shot, null), "png", png.toFile());
  }

  @Test
  void aRunOnAnotherMachineThanItsCalibrationSaysSoInTheRunsView() throws Exception {
    RunRecord sim = TestRuns.sim("pool-edf-10", "busy", 6, 600);
    RunRecord r = sim.toBuilder().calibration(sim.calibration().toBuilder().processor("AMD EPYC 7B13").build())
        .processor("Intel(R) Xeon(R) Processor").build();
    openAloneInTheRunsView(r);
    Label note = fx(() -> (Label) lookup("#runStarved").query());
    assertTrue(fx(note::isVisible), "the label shows");
    assertEquals("Another machine: recorded on Intel(R) Xeon(R) Processor, its calibration measured on AMD EPYC 7B13"
        + " (its replay is priced by that machine's costs, not this one's)", fx(note::getText));
    // whole, not cut to an ellipsis, on a laptop and a full-HD screen, in both themes (the pictures are to look at)
    for (int[] size : new int[][] {{1280, 720}, {1920, 1080}}) {
      for (Theme theme : Theme.values()) {
        interact(() -> {
          window.viewModel().themeProperty().set(theme);
          window.resize(size[0], size[1]);
        });
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> window.stage().getScene().getRoot().layout());
        java.util.List<String> cut = fx(() -> NothingClippedTest.clipped(note, new java.util.ArrayList<>()));
        assertTrue(cut.isEmpty(), size[0] + "x" + size[1] + " " + theme + ": " + cut);
        javafx.scene.image.WritableImage shot = fx(() -> window.stage().getScene().snapshot(null));
        Path png = Path.of("target", "screenshots", "runs-another-machine-" + size[0] + "x" + size[1] + "-"
            + theme.name().toLowerCase(java.util.Locale.ROOT) + ".png");
        Files.createDirectories(png.getParent());
        ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(shot, null), "png", png.toFile());
      }
    }
  }

  @Test
  void openingARunAndScrubbingMovesTheCursorAndTheEventList() throws Exception {
    RunRecord r = TestRuns.sim("split-timer-budget", "busy", 5, 600);
    DataFile.write(dir.resolve("lab-runs").resolve(r.id() + ".json"), r);
    interact(() -> window.viewModel().viewProperty().set(LabView.RUNS));
    clickOn("#refreshButton");
    waitFor(10, "the run listed", () -> !window.viewModel().library().entries().isEmpty());
    doubleClickOn(listedName(r.id()));
    waitFor(20, "the run open", () -> r.id().equals(window.viewModel().timeline().recordProperty().get() == null ? null
        : window.viewModel().timeline().recordProperty().get().id()));
    waitFor(5, "charts filled", () -> window.visibleCharts().chart(ChartKind.WORKERS).points(0, Series.WORKERS)
        == r.samples().size());

    String label0 = fx(() -> ((Label) lookup("#cursorLabel").query()).getText());
    int event0 = fx(() -> window.viewModel().timeline().cursorEventProperty().get());
    clickOn("#nextEventButton");
    clickOn("#nextEventButton");
    type(KeyCode.RIGHT, 3); // 3 s on, from the keyboard
    press(KeyCode.SHIFT).type(KeyCode.RIGHT).release(KeyCode.SHIFT); // and 10 more
    double cursor = fx(() -> window.viewModel().timeline().cursorProperty().get());
    assertTrue(cursor > 13, "cursor moved on by the keys: " + cursor);
    String label1 = fx(() -> ((Label) lookup("#cursorLabel").query()).getText());
    int event1 = fx(() -> window.viewModel().timeline().cursorEventProperty().get());
    assertNotEquals(label0, label1);
    assertTrue(event1 > event0, "the event at the cursor moved: " + event0 + " -> " + event1);
    ChartGrid charts = fx(window::visibleCharts);
    assertEquals(cursor, fx(() -> charts.timeCursorProperty().get()), 1e-9, "the charts' cursor follows");
    long draws = fx(() -> charts.chart(ChartKind.WORKERS).draws());
    type(KeyCode.RIGHT, 5);
    WaitForAsyncUtils.waitForFxEvents();
    assertEquals(draws, fx(() -> charts.chart(ChartKind.WORKERS).draws()),
        "moving the cursor only moves the cursor: the lines are not drawn again");

    clickOn("#scrubber"); // the middle of the slider: about half-way through the run
    double mid = fx(() -> window.viewModel().timeline().cursorProperty().get());
    double end = fx(() -> window.viewModel().timeline().endProperty().get());
    assertTrue(mid > end * 0.3 && mid < end * 0.7, "clicked half-way: " + mid + " of " + end);
    int event2 = fx(() -> window.viewModel().timeline().cursorEventProperty().get());
    assertTrue(event2 > event1);
    WaitForAsyncUtils.waitForFxEvents();
    PseudoClass cursorRow = PseudoClass.getPseudoClass("cursor");
    Object marked = fx(() -> lookup(".table-row-cell").queryAll().stream()
        .filter(n -> n.getPseudoClassStates().contains(cursorRow)).map(n -> ((TableRow<?>) n).getItem()).findFirst()
        .orElse(null));
    helperlab.lab.viewmodel.EventRow atCursor = fx(() -> window.viewModel().timeline().eventWindow()
        .get(window.viewModel().timeline().cursorRowProperty().get()));
    assertSame(atCursor, marked, "the event list marks the row at the cursor");
    assertEquals(fx(() -> window.viewModel().timeline().events().get(event2).t()), atCursor.t(),
        "the event list shows the event at the cursor");

    // the cursor line is drawn on the charts, and dragging it scrubs
    LabChart workers = charts.chart(ChartKind.WORKERS);
    double lineX = fx(workers::cursorX);
    assertTrue(Double.isFinite(lineX), "the cursor line is drawn");
    javafx.geometry.Point2D onLine = fx(() -> workers.chart().getPlotForeground().localToScreen(lineX,
        workers.chart().getPlotForeground().getHeight() / 2));
    double before = fx(() -> window.viewModel().timeline().cursorProperty().get());
    drag(onLine, javafx.scene.input.MouseButton.PRIMARY).moveBy(60, 0).moveBy(60, 0).release(
        javafx.scene.input.MouseButton.PRIMARY);
    double after = fx(() -> window.viewModel().timeline().cursorProperty().get());
    assertTrue(after > before + 60, "dragged the cursor from " + before + " to " + after);
    assertTrue(!fx(workers::isZoomed), "dragging the cursor is not a zoom");
    assertTrue(fx(workers::cursorX) > lineX + 100, "the line followed");
  }

  @Test
  void draggingOnAChartZoomsInToEverySampleOfThatTimeAndRightClickZoomsOut() throws Exception {
    RunRecord r = TestRuns.hour("pool-edf-10", 2);
    interact(() -> window.viewModel().showRun(r));
    LabChart queue = chart(ChartKind.QUEUE);
    waitFor(5, "the run drawn", () -> queue.points(0, Series.QUEUE) == r.samples().size());
    javafx.geometry.Bounds plot = fx(() -> queue.chart().getCanvas().localToScreen(
        queue.chart().getCanvas().getBoundsInLocal()));
    double y = plot.getMinY() + plot.getHeight() * 0.5;
    double x0 = plot.getMinX() + plot.getWidth() * 0.40;
    double x1 = plot.getMinX() + plot.getWidth() * 0.43; // about 100 s of an hour
    moveTo(new javafx.geometry.Point2D(x0, y));
    press(javafx.scene.input.MouseButton.PRIMARY);
    moveTo(new javafx.geometry.Point2D((x0 + x1) / 2, y + 20));
    moveTo(new javafx.geometry.Point2D(x1, y + 40));
    release(javafx.scene.input.MouseButton.PRIMARY);
    waitFor(5, "zoomed", queue::isZoomed);
    WaitForAsyncUtils.waitForFxEvents();
    double from = fx(() -> queue.chart().getXAxis().getMin());
    double to = fx(() -> queue.chart().getXAxis().getMax());
    assertTrue(to - from < 400 && to > from, "zoomed to " + from + ".." + to);
    long inRange = java.util.Arrays.stream(r.samples().t()).filter(t -> t >= from && t <= to).count();
    int shown = fx(() -> queue.pointsShown(0, Series.QUEUE));
    assertTrue(shown >= inRange && shown <= inRange + 4, "every sample of the range: " + shown + " vs " + inRange);
    LabChart workers = chart(ChartKind.WORKERS);
    waitFor(5, "the other charts zoom with it, in time", workers::isZoomed);
    assertEquals(from, fx(() -> workers.chart().getXAxis().getMin()), 1e-9);
    assertEquals(to, fx(() -> workers.chart().getXAxis().getMax()), 1e-9);
    clickOn(new javafx.geometry.Point2D((x0 + x1) / 2, y), javafx.scene.input.MouseButton.SECONDARY);
    waitFor(5, "zoomed out", () -> !queue.isZoomed());
    waitFor(5, "and the others with it", () -> !workers.isZoomed());
    int whole = fx(() -> queue.pointsShown(0, Series.QUEUE));
    assertTrue(whole < inRange * 40, "the whole run, reduced again");
    double columns = fx(() -> queue.chart().getCanvas().getWidth());
    assertTrue(whole <= 4 * Math.ceil(columns) && whole < r.samples().size(),
        "at most a first, lowest, highest and last point a pixel column: " + whole + " points on " + columns + " px");
  }

  @Test
  void overlayingTwoPoliciesDrawsBothAndTabulatesTheirDifferences() throws Exception {
    interact(() -> window.viewModel().viewProperty().set(LabView.COMPARE));
    clickOn("#policyB");
    clickOn("never-split");
    clickOn("#compareButton");
    waitFor(60, "the difference table", () -> window.viewModel().compare().differences().size() >= 10);
    LabChart workers = chart(ChartKind.WORKERS);
    // every sample of each run (a run ends when all is served, which may be just before the hour)
    int samplesA = fx(() -> window.viewModel().compare().runAProperty().get().samples().t().length);
    int samplesB = fx(() -> window.viewModel().compare().runBProperty().get().samples().t().length);
    assertTrue(samplesA > 3000 && samplesB > 3000, samplesA + " and " + samplesB + " samples");
    waitFor(60, "A drawn", () -> workers.points(0, Series.WORKERS) >= samplesA);
    waitFor(60, "B drawn", () -> workers.points(1, Series.WORKERS) >= samplesB);
    assertTrue(fx(() -> workers.label(1)).startsWith("never-split"));
    assertTrue(fx(() -> ((Label) lookup("#keyB").query()).getText()).contains("never-split"));
    long seed = fx(() -> window.viewModel().compare().seedProperty().get());
    clickOn("#nextSeed");
    waitFor(60, "the next seed's runs", () -> window.viewModel().compare().runBProperty().get().seed() == seed + 1
        && !window.viewModel().compare().busyProperty().get());
    assertEquals(seed + 1, fx(() -> window.viewModel().compare().runAProperty().get().seed()));
  }

  @Test
  void exportingTheOpenRunWritesAPngOfTheChosenSize() throws Exception {
    RunRecord r = TestRuns.sim("box", "calm", 1, 300);
    interact(() -> window.viewModel().showRun(r));
    Path png = dir.resolve("exports").resolve("workers.png");
    press(KeyCode.CONTROL).type(KeyCode.E).release(KeyCode.CONTROL);
    waitFor(10, "the export dialog", () -> lookup("#export-dialog").tryQuery().isPresent());
    TextField path = lookup("#path").query();
    clickOn(path);
    press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
    write(png.toString());
    assertEquals(png.toString(), fx(path::getText));
    clickOn("Export");
    waitFor(20, "the PNG", () -> Files.exists(png));
    BufferedImage img = ImageIO.read(png.toFile());
    assertEquals(1200, img.getWidth(), "the default size for one chart (the selected one: Workers)");
    assertEquals(700, img.getHeight());
  }

  @Test
  void typingInTheRunFilterNarrowsTheListAndTheCountSays() throws Exception {
    RunRecord s5 = TestRuns.sim("box", "calm", 5, 120);
    RunRecord s6 = TestRuns.sim("box", "calm", 6, 120);
    DataFile.write(dir.resolve("lab-runs").resolve(s5.id() + ".json"), s5);
    DataFile.write(dir.resolve("lab-runs").resolve(s6.id() + ".json"), s6);
    interact(() -> window.viewModel().viewProperty().set(LabView.RUNS));
    clickOn("#refreshButton");
    waitFor(10, "both listed", () -> window.viewModel().library().entries().size() == 2);
    clickOn("#runWords").write("s6");
    javafx.scene.control.ListView<?> list = lookup("#runList").queryAs(javafx.scene.control.ListView.class);
    waitFor(5, "the list narrowed", () -> list.getItems().size() == 1);
    assertEquals(s6.id(), fx(() -> list.getItems().get(0).toString()));
    assertEquals("1 of 2 runs", fx(() -> ((Label) lookup("#runCount").query()).getText()));
    assertEquals("sim", fx(() -> ((Label) lookup(".kind-badge").query()).getText()), "its kind's badge");
    interact(() -> window.viewModel().runFilter().shownProperty().set(helperlab.lab.viewmodel.RunListFilter.Shown.REAL));
    waitFor(5, "no real runs", () -> list.getItems().isEmpty());
    assertEquals("0 of 2 runs", fx(() -> ((Label) lookup("#runCount").query()).getText()));
  }

  @Test
  void aMalformedRunFileShowsAnErrorInTheWindow() throws Exception {
    Files.createDirectories(dir.resolve("lab-runs"));
    Files.writeString(dir.resolve("lab-runs").resolve("broken.json"), "{\"format\": 1, \"id\": \"x\", \"kind\": ");
    interact(() -> window.viewModel().viewProperty().set(LabView.RUNS));
    clickOn("#refreshButton");
    waitFor(10, "the file listed", () -> !window.viewModel().library().entries().isEmpty());
    doubleClickOn("broken");
    waitFor(10, "the error banner", () -> lookup("#banner").query().isVisible());
    String text = fx(() -> ((Label) lookup("#bannerText").query()).getText());
    assertTrue(text.contains("broken.json") && text.contains("malformed JSON"), text);
    assertEquals("No run open", fx(() -> ((Label) lookup("#runTitle").query()).getText()), "nothing was opened");
    clickOn("#bannerClose");
    Node banner = lookup("#banner").query();
    assertTrue(!fx(banner::isVisible), "dismissed");
  }

  @Test
  void theDarkThemeIsAppliedAndRemembered() throws Exception {
    clickOn("View");
    clickOn("Dark theme");
    assertEquals(Theme.DARK, fx(() -> window.viewModel().themeProperty().get()));
    assertTrue(fx(() -> window.stage().getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("dark.css"))));
    assertTrue(fx(() -> window.stage().getTitle()).startsWith("Helper Lab"));
    WaitForAsyncUtils.asyncFx(() -> window.stage().close()).get(30, TimeUnit.SECONDS);
    String saved = Files.readString(dir.resolve("home").resolve("lab.json"));
    assertTrue(saved.contains("\"theme\" : \"dark\""), saved);
    LabConfig config = new LabConfig(dir.resolve("lab-runs"),
        LabWindowFixture.rememberedWindow(dir.resolve("home")), new SimulatorSource());
    window = fx(() -> LabWindow.open(new Stage(), config));
    assertTrue(fx(() -> window.stage().getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("dark.css"))));
  }

  /** A run's name as the Runs list draws it: a hair space after each dash, where a long name may wrap. */
  private static String listedName(String id) {
    return id.replace("-", "-\u200A");
  }
}
