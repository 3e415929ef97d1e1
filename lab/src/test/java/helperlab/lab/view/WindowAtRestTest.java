package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import helperlab.charts.ChartKind;
import helperlab.lab.chart.ChartGrid;
import helperlab.lab.chart.LabChart;
import helperlab.lab.viewmodel.LabView;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.ScenarioSpec;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A window at rest draws nothing: once a run is shown and laid out, no chart is drawn again until something changes.
 * Each case shows runs, lets a stretch of frames pass (the first layout and the lines fitted to the plot's width),
 * (a recorded run in Runs, two in Compare, the Live view after its run ended), then counts each chart's draws over the next stretch of frames, which this test drives itself. A Memory chart
 * whose limit line was left out (an empty line) used to draw every frame.
 */
@Tag("slow") // the lab's window, four times, with runs simulated for it (about 20 s)
class WindowAtRestTest {
  /** Frames for the window to settle after showing runs, then frames in which nothing may be drawn. */
  private static final int SETTLE = 30;
  private static final int AT_REST = 60;

  @TempDir Path dir;
  private LabWindowFixture lab;

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @BeforeEach
  void open() throws Exception {
    lab = LabWindowFixture.open(dir, true);
  }

  @AfterEach
  void close() throws Exception {
    lab.close();
  }

  /** An overload run on a six-core machine with 16 GB: its memory peaks far below the limit, which is left out. */
  private static RunRecord limitLeftOut(long seed) {
    MachineSpec six = MachineSpec.of("six-cores-16-gb", 6, 16384);
    SimSetup s = SimSetup.of(ScenarioSpec.builtIn("overload").withDuration(600), "pool-edf-10", six, seed,
        AdmissionMode.EDF_FIT, Calibration.seed(), true);
    return RunRecords.fromSimulation(new Simulation(s).run());
  }

  @Test
  void aRunWhoseMemoryLimitIsLeftOutIsNotRedrawnAtRest() throws Exception {
    RunRecord r = limitLeftOut(0);
    lab.fx(() -> {
      lab.window.viewModel().showRun(r);
      return null;
    });
    LabChart memory = lab.fx(() -> lab.window.visibleCharts().chart(ChartKind.MEMORY));
    assertFalse(lab.fx(() -> memory.limitShown(0)), "the case needs the limit left out");
    assertNothingDrawnAtRest(LabView.RUNS);
  }

  @Test
  void twoRunsComparedAreNotRedrawnAtRest() throws Exception {
    RunRecord a = limitLeftOut(0);
    RunRecord b = limitLeftOut(1);
    lab.show(LabView.COMPARE);
    lab.fx(() -> {
      lab.window.viewModel().compare().overlay(a, b);
      return null;
    });
    assertNothingDrawnAtRest(LabView.COMPARE);
  }

  @Test
  void aRecordedCageRunIsNotRedrawnAtRest() throws Exception {
    Path file = dir.resolve("lab-runs/xeon/real/real-busy-box-cage-s1-20261201T001627-934e.json.gz");
    lab.window.viewModel().openRunFile(file).get(60, TimeUnit.SECONDS);
    assertNothingDrawnAtRest(LabView.RUNS);
  }

  @Test
  void theLiveViewAfterItsRunEndedIsNotRedrawnAtRest() throws Exception {
    lab.fx(() -> {
      lab.window.viewModel().live().speedProperty().set(helperlab.lab.live.Speed.MAX);
      return lab.window.viewModel().live().start();
    });
    WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> lab.fx(
        () -> lab.window.viewModel().live().stateProperty().get() == helperlab.lab.live.LiveState.FINISHED));
    assertNothingDrawnAtRest(LabView.LIVE);
  }

  private void assertNothingDrawnAtRest(LabView view) throws Exception {
    lab.show(view);
    ChartGrid grid = lab.fx(() -> lab.window.visibleCharts());
    frames(grid, SETTLE);
    Map<ChartKind, Long> drawn = frames(grid, AT_REST);
    Map<ChartKind, Long> none = new EnumMap<>(ChartKind.class);
    drawn.keySet().forEach(k -> none.put(k, 0L));
    assertEquals(none, drawn, "draws per chart over " + AT_REST + " frames at rest in " + view);
  }

  /** Drives {@code n} frames and returns how often each chart was drawn in them. */
  private static Map<ChartKind, Long> frames(ChartGrid grid, int n) throws Exception {
    CompletableFuture<Map<ChartKind, Long>> done = new CompletableFuture<>();
    WaitForAsyncUtils.asyncFx(() -> {
      Map<ChartKind, Long> before = new EnumMap<>(ChartKind.class);
      for (ChartKind k : ChartKind.values()) {
        if (grid.chart(k) != null) {
          before.put(k, grid.chart(k).draws());
        }
      }
      new AnimationTimer() {
        private int frame;

        @Override
        public void handle(long now) {
          if (++frame == n) {
            stop();
            Map<ChartKind, Long> drawn = new EnumMap<>(ChartKind.class);
            before.forEach((k, d) -> drawn.put(k, grid.chart(k).draws() - d));
            done.complete(drawn);
          }
        }
      }.start();
    });
    return done.get(120, TimeUnit.SECONDS);
  }
}
