package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.model.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * At laptop sizes, with every view holding something (recorded runs listed, a run open, a pair compared, the
 * committed sweep open): no label, button, header or choice of the window's chrome is cut to "…", and no legend
 * is squeezed so that its rows spill over its plot.
 */
@Tag("slow") // every view rendered and measured
class NothingClippedTest extends FxRobot {
  @org.junit.jupiter.api.io.TempDir Path dir;
  private LabWindow window;

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @BeforeEach
  void open() throws Exception {
    Path real = Files.createDirectories(dir.resolve("lab-runs/xeon/real"));
    try (var files = Files.list(Path.of("lab-runs/xeon-2026-12-01/real"))) {
      for (Path f : files.filter(f -> f.getFileName().toString().startsWith("real-busy-box-cage-s")).toList()) {
        Files.copy(f, real.resolve(f.getFileName()));
      }
    }
    LabConfig config = new LabConfig(dir.resolve("lab-runs"), dir.resolve("home"), new SimulatorSource());
    window = WaitForAsyncUtils.asyncFx(() -> LabWindow.open(new Stage(), config)).get(120, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
  }

  @AfterEach
  void close() throws Exception {
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> window.viewModel().work().running() == 0));
    WaitForAsyncUtils.asyncFx(() -> window.stage().close()).get(30, TimeUnit.SECONDS);
  }

  private <T> T fx(Callable<T> f) throws Exception {
    return WaitForAsyncUtils.asyncFx(f).get(120, TimeUnit.SECONDS);
  }

  private void resize(double w, double h) throws Exception {
    interact(() -> {
      window.stage().setMinWidth(0);
      window.stage().setMinHeight(0);
      window.stage().setWidth(w);
      window.stage().setHeight(h);
    });
    WaitForAsyncUtils.waitForFxEvents();
  }

  private void show(LabView v) throws Exception {
    interact(() -> window.viewModel().viewProperty().set(v));
    WaitForAsyncUtils.waitForFxEvents();
    interact(() -> window.stage().getScene().getRoot().layout());
    WaitForAsyncUtils.waitForFxEvents();
  }

  /** Every visible labelled control whose shown text is cut short of its text. */
  static List<String> clipped(Node n, List<String> out) {
    if (!n.isVisible() || n.getOpacity() == 0) {
      return out;
    }
    if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
      for (Node c : l.getChildrenUnmodifiable()) {
        if (c instanceof Text t && t.isVisible() && !t.getText().equals(l.getText())
            && t.getText().endsWith(l.getEllipsisString())) {
          out.add("'" + l.getText() + "' shown as '" + t.getText() + "' (" + l.getClass().getSimpleName() + " "
              + l.getStyleClass() + ", " + Math.round(l.getWidth()) + " px)");
        }
      }
    }
    // a legend squeezed below the height its rows need spills its last rows over the plot under it
    if (n.getStyleClass().contains("chart-header") && n instanceof javafx.scene.layout.Region r
        && r.getHeight() + 0.5 < r.prefHeight(r.getWidth())) {
      out.add("legend " + r.getChildrenUnmodifiable().size() + " entries squeezed to " + Math.round(r.getHeight())
          + " of " + Math.round(r.prefHeight(r.getWidth())) + " px, over its plot");
    }
    if (n instanceof Parent p) {
      for (Node c : p.getChildrenUnmodifiable()) {
        clipped(c, out);
      }
    }
    return out;
  }

  @org.junit.jupiter.api.Test
  void theCheckFindsALabelCutShort() throws Exception {
    List<String> found = fx(() -> {
      javafx.scene.control.Label l = new javafx.scene.control.Label("a label far too long for forty pixels");
      l.setMaxWidth(40);
      javafx.scene.layout.HBox box = new javafx.scene.layout.HBox(l);
      new javafx.scene.Scene(box, 200, 50);
      box.applyCss();
      box.layout();
      return clipped(box, new ArrayList<>());
    });
    assertTrue(found.size() == 1 && found.get(0).contains("far too long"), found.toString());
  }

  /**
   * Open: at 1280x720 the Deadlines legend still reads "ref…" and "met sha…". Wrapping it to a second line
   * (a FlowPane header) left that line under the plot in the real window (docs/1280x720 screenshots of
   * 2026-12-02), worse than the ellipsis, and was taken back.
   */
  @org.junit.jupiter.api.Disabled("open: chart legends at 1280x720 (Deadlines 'ref…'), issue 31 point 5")
  @ParameterizedTest(name = "{0}x{1}")
  @CsvSource({"1280, 720", "1366, 768"})
  void chartLegendsAreWhole(int w, int h) throws Exception {
    resize(w, h);
    interact(() -> window.viewModel().showRun(TestRuns.sim("pool-edf-10", "busy", 1, 600)));
    List<String> problems = new ArrayList<>();
    for (LabView v : LabView.values()) {
      show(v);
      for (String p : fx(() -> clipped(window.stage().getScene().getRoot(), new ArrayList<>()))) {
        if (p.contains("chart-header-entry")) {
          problems.add(v + ": " + p);
        }
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  @ParameterizedTest(name = "{0}x{1}")
  @CsvSource({"1280, 720", "1366, 768"})
  void noLabelOfAnyViewEndsInAnEllipsis(int w, int h) throws Exception {
    resize(w, h);
    RunRecord a = TestRuns.sim("pool-edf-10", "busy", 1, 600);
    interact(() -> window.viewModel().sweep().open(Path.of("docs", "sweep")));
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> !window.viewModel().sweep().heatPolicies().isEmpty()));
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> window.viewModel().compare().recordedPairs().size() == 3));
    interact(() -> window.viewModel().compare().compareRecorded());
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> window.viewModel().compare().runAProperty().get() != null));
    interact(() -> window.viewModel().showRun(a));
    List<String> problems = new ArrayList<>();
    for (LabView v : LabView.values()) {
      show(v);
      for (String p : fx(() -> clipped(window.stage().getScene().getRoot(), new ArrayList<>()))) {
        if (!p.contains("chart-header-entry")) { // the charts' own legends: see chartLegendsAreWhole
          problems.add(v + ": " + p);
        }
      }
    }
    assertTrue(problems.isEmpty(), problems.size() + " cut at " + w + "x" + h + ":\n" + String.join("\n", problems));
  }
}
