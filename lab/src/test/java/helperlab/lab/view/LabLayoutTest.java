package helperlab.lab.view;

import helperlab.charts.ChartKind;
import helperlab.charts.Series;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.charts.style.TickFormat;
import helperlab.lab.chart.ChartGrid;
import helperlab.lab.chart.LabChart;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.model.RunRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.layout.Region;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The lab on laptop screens: at 1280×720 and 1366×768 every chart of every view keeps a plot at least
 * {@link #MIN_PLOT_PX} high, no legend covers a plot, heat-map names are whole, and after the window is
 * squeezed and given its size back the Runs view returns to its proportions.
 */
@Tag("slow") // the window laid out at every size
class LabLayoutTest extends FxRobot {
  static final double MIN_PLOT_PX = 120;

  @TempDir Path dir;
  private LabWindowFixture lab;
  private LabWindow window;

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @BeforeEach
  void open() throws Exception {
    lab = LabWindowFixture.open(dir, false);
    window = lab.window;
  }

  @AfterEach
  void close() throws Exception {
    lab.close();
  }

  private void resize(double w, double h) throws Exception {
    lab.resize(w, h);
    assertEquals(w, lab.fx(() -> window.stage().getScene().getWidth()), 1, "the window got the width asked for");
    assertEquals(h, lab.fx(() -> window.stage().getScene().getHeight()), 1, "the window got the height asked for");
  }

  /** Each chart's plot height, checking on the way that its header (title and legend) stays off the plot. */
  private Map<ChartKind, Double> measure(LabView v) throws Exception {
    ChartGrid grid = lab.fx(window::visibleCharts);
    assertTrue(grid != null, v + " shows charts");
    Map<ChartKind, Double> heights = new EnumMap<>(ChartKind.class);
    List<String> problems = new ArrayList<>();
    for (ChartKind k : ChartKind.values()) {
      LabChart c = grid.chart(k);
      double plot = lab.fx(c::plotHeight);
      heights.put(k, plot);
      if (plot < MIN_PLOT_PX) {
        problems.add(k + " plot " + Math.round(plot) + " px high");
      }
      boolean covered = lab.fx(() -> {
        Bounds canvas = c.chart().getCanvas().localToScene(c.chart().getCanvas().getBoundsInLocal());
        Node header = c.node().getChildrenUnmodifiable().get(0);
        Bounds legend = header.localToScene(header.getBoundsInLocal());
        double overlapW = Math.min(canvas.getMaxX(), legend.getMaxX()) - Math.max(canvas.getMinX(), legend.getMinX());
        double overlapH = Math.min(canvas.getMaxY(), legend.getMaxY()) - Math.max(canvas.getMinY(), legend.getMinY());
        return overlapW > 0.5 && overlapH > 0.5;
      });
      if (covered) {
        problems.add(k + " legend covers its plot");
      }
    }
    assertTrue(problems.isEmpty(), v + " view at " + lab.fx(() -> window.stage().getScene().getWidth()) + " px: " + problems
        + " (plot heights " + heights + ")");
    List<String> slow = lab.fx(() -> {
      // the charts, everything around them (painted under every change inside), and the event list
      List<String> out = slowToRepaint(grid, new ArrayList<>());
      for (Parent p = grid.getParent(); p != null; p = p.getParent()) {
        check(p, out);
      }
      for (Node table : grid.getScene().getRoot().lookupAll(".events-table")) {
        slowToRepaint(table, out);
      }
      return out;
    });
    assertTrue(slow.isEmpty(), v + " view: large regions the software renderer repaints slowly: " + slow);
    return heights;
  }

  /**
   * Large regions (over 100 px both ways) with more than one background fill, and cached nodes: software
   * rendering paints the first from a stretched cached image and re-renders the second whole whenever
   * anything inside changes; either makes each frame and seek several times dearer (docs/lab.md).
   */
  private static List<String> slowToRepaint(Node n, List<String> out) {
    if (!n.isVisible()) {
      return out;
    }
    check(n, out);
    if (n instanceof Parent p) {
      for (Node c : p.getChildrenUnmodifiable()) {
        slowToRepaint(c, out);
      }
    }
    return out;
  }

  private static void check(Node n, List<String> out) {
    if (n.isCache()) {
      out.add(n.getClass().getSimpleName() + " " + n.getStyleClass() + " is cached");
    }
    if (n instanceof Region r && r.getBackground() != null && r.getBackground().getFills().size() > 1
        && Math.min(r.getWidth(), r.getHeight()) > 100) {
      out.add(n.getClass().getSimpleName() + " " + n.getStyleClass() + " has " + r.getBackground().getFills().size()
          + " background fills");
    }
  }

  @Test
  void thePointerReadsTheValuesOfARunAndOfAAndBSideBySide() throws Exception {
    RunRecord a = TestRuns.sim("pool-edf-10", "busy", 1, 600);
    RunRecord b = TestRuns.sim("box", "busy", 1, 600);
    resize(1366, 768);
    interact(() -> window.viewModel().showRun(a));
    lab.show(LabView.RUNS);
    LabChart memory = lab.fx(() -> window.visibleCharts().chart(ChartKind.MEMORY));
    int i = a.samples().indexAt(300);
    String one = lab.fx(() -> memory.readoutAt(300));
    assertEquals("5:00\nmemory " + TickFormat.value(Series.MEMORY, a.samples().memoryMb()[i]), one);

    interact(() -> window.viewModel().compare().overlay(a, b));
    lab.show(LabView.COMPARE);
    LabChart workers = lab.fx(() -> window.visibleCharts().chart(ChartKind.WORKERS));
    String two = lab.fx(() -> workers.readoutAt(300));
    int j = b.samples().indexAt(300);
    assertEquals("5:00 A B\nworkers alive " + a.samples().workers()[i] + " " + b.samples().workers()[j]
        + "\nbusy " + a.samples().busy()[i] + " " + b.samples().busy()[j], two);
  }

  @ParameterizedTest(name = "{0}x{1}")
  @CsvSource({"1280, 720", "1366, 768"})
  void everyViewKeepsReadablePlotsAndLegendsOffThem(int w, int h) throws Exception {
    RunRecord a = TestRuns.sim("pool-edf-10", "busy", 1, 600);
    RunRecord b = TestRuns.sim("box", "busy", 1, 600);
    resize(w, h);

    lab.show(LabView.LIVE);
    measure(LabView.LIVE);

    interact(() -> window.viewModel().showRun(a));
    lab.show(LabView.RUNS);
    Map<ChartKind, Double> runs = measure(LabView.RUNS);

    interact(() -> window.viewModel().compare().overlay(a, b));
    lab.show(LabView.COMPARE);
    measure(LabView.COMPARE);

    lab.show(LabView.REMOTE);
    measure(LabView.REMOTE);

    lab.show(LabView.SWEEP);
    interact(() -> window.viewModel().sweep().open(Path.of("docs", "sweep")));
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> !window.viewModel().sweep().heatPolicies().isEmpty()
        && !lookup(".heat-header").queryAll().isEmpty()));
    WaitForAsyncUtils.waitForFxEvents();
    List<String> cut = lab.fx(() -> {
      List<String> out = new ArrayList<>();
      for (Node n : lookup(".heat-header").queryAll()) {
        Label l = (Label) n;
        if (l.getWidth() + 0.5 < l.prefWidth(-1)) {
          out.add(l.getText() + " (" + Math.round(l.getWidth()) + " of " + Math.round(l.prefWidth(-1)) + " px)");
        }
      }
      return out;
    });
    assertTrue(cut.isEmpty(), "heat-map names cut short: " + cut);

    // squeezed, then given the room back: the Runs view returns to its proportions
    lab.show(LabView.RUNS);
    resize(1024, 700);
    resize(w, h);
    Map<ChartKind, Double> again = measure(LabView.RUNS);
    for (ChartKind k : ChartKind.values()) {
      assertEquals(runs.get(k), again.get(k), 2, k + " plot height after the window was squeezed and restored");
    }
  }
}
