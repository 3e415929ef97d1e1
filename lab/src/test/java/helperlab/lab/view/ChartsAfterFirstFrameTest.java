package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.charts.ChartKind;
import helperlab.lab.chart.ChartGrid;
import helperlab.lab.chart.LabChart;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A grid's charts are built after its window's first frame (the lab's cold start waits for them no longer): the window
 * opens with the grid's cells empty, and the charts then come in on their own, each laid out and drawn, with what the
 * grid was told meanwhile. A view shown later (Compare) gets its charts the same way.
 */
@Tag("slow") // the lab's window
class ChartsAfterFirstFrameTest {
  @TempDir Path dir;
  private LabWindow window;

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @AfterEach
  void close() throws Exception {
    if (window != null) {
      WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> window.viewModel().work().running() == 0));
      fx(() -> {
        window.stage().close();
        return null;
      });
    }
  }

  @Test
  void theChartsComeInAfterTheFirstFrameDrawnAndWithWhatTheGridWasTold() throws Exception {
    LabConfig config = new LabConfig(dir.resolve("lab-runs"), LabWindowFixture.rememberedWindow(dir.resolve("home")),
        new SimulatorSource());
    double[] pressed = {30, 45};
    boolean builtWhenShown = fx(() -> {
      window = LabWindow.open(new Stage(), config);
      ChartGrid grid = window.visibleCharts();
      grid.setBands(List.of(pressed), null); // before the charts exist: they take it when built
      return grid.built() || !grid.lookupAll(".lab-chart").isEmpty();
    });
    assertFalse(builtWhenShown, "the first frame is drawn without the charts");

    ChartGrid live = fx(() -> window.visibleCharts());
    assertChartsDrawn(live, "Live");
    for (ChartKind k : ChartKind.values()) {
      List<double[]> bands = fx(() -> live.chart(k).bands());
      assertEquals(1, bands.size(), k + ": the band set before the chart was built");
      assertEquals(pressed[0], bands.get(0)[0], 1e-9, k.name());
    }

    fx(() -> {
      window.viewModel().viewProperty().set(LabView.COMPARE);
      return null;
    });
    ChartGrid compare = fx(() -> window.visibleCharts());
    assertTrue(compare != live, "Compare has a grid of its own");
    assertChartsDrawn(compare, "Compare");
  }

  /** Waits, without asking for a chart (which would build it), for the grid's charts; then each is drawn in its cell. */
  private void assertChartsDrawn(ChartGrid grid, String view) throws Exception {
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(grid::built));
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> {
      for (ChartKind k : ChartKind.values()) {
        LabChart c = grid.chart(k);
        Node n = c.node();
        if (c.draws() == 0 || n.getScene() == null || !n.isVisible() || n.getLayoutBounds().getWidth() < 100
            || n.getLayoutBounds().getHeight() < ChartGrid.MIN_CELL_HEIGHT - 10) {
          return false;
        }
      }
      return true;
    }));
    assertEquals(ChartKind.values().length, (int) fx(() -> grid.lookupAll(".lab-chart").size()),
        view + ": a chart in every cell");
  }

  private <T> T fx(Callable<T> f) throws Exception {
    return WaitForAsyncUtils.asyncFx(f).get(120, TimeUnit.SECONDS);
  }
}
