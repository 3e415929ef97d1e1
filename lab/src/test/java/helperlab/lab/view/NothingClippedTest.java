package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.model.RunRecord;
import helperlab.workload.RunTriggers;
import helperlab.workload.Recovery;
import helperlab.workload.Trigger;
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
  private LabWindowFixture lab;
  private LabWindow window;

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @BeforeEach
  void open() throws Exception {
    lab = LabWindowFixture.open(dir, true);
    window = lab.window;
  }

  @AfterEach
  void close() throws Exception {
    lab.close();
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
    List<String> found = lab.fx(() -> {
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
   * The charts' own words: every legend entry whole inside its header (a header wraps to a second line
   * rather than cut), a trigger's label inside its plot even when the trigger is at the run's end (as every
   * live one is), the Runs summary and every listed run's name whole (not behind the list's scroll bar).
   * The run shown has a long summary, and the listed runs' names differ only at their ends.
   */
  @ParameterizedTest(name = "{0}x{1}")
  @CsvSource({"1280, 720", "1366, 768"})
  void chartLegendsAreWhole(int w, int h) throws Exception {
    lab.resize(w, h);
    Trigger late = new Trigger(Trigger.Kind.SPIKE, 540, 60, 2);
    Recovery down = new Recovery(null, false, 0, 0, null, null, null, true, 83.0);
    RunRecord r = TestRuns.sim("box", "busy", 1, 600).withTrigger(RunTriggers.json(late), RunTriggers.json(down));
    interact(() -> window.viewModel().showRun(r));
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> window.viewModel().runFilter().runs().size() >= 6));
    List<String> problems = new ArrayList<>();
    for (LabView v : LabView.values()) {
      lab.show(v);
      for (String p : lab.fx(() -> clipped(window.stage().getScene().getRoot(), new ArrayList<>()))) {
        problems.add(v + ": " + p);
      }
      problems.addAll(lab.fx(() -> chartWordsOutside(window.stage().getScene().getRoot(), new ArrayList<>())).stream()
          .map(p -> v + ": " + p).toList());
    }
    lab.show(LabView.RUNS);
    assertTrue(lab.fx(() -> window.stage().getScene().getRoot().lookupAll(".trigger-band-label").stream()
        .anyMatch(NothingClippedTest::shown)), "the trigger is marked in the Runs view");
    assertTrue(problems.isEmpty(), problems.size() + " at " + w + "x" + h + ":\n" + String.join("\n", problems));
  }

  /**
   * Words that are not cut with an ellipsis but by an edge: legend entries past their header's width or
   * height, trigger labels past their plot, run names past the list's visible width (under its scroll bar).
   */
  static List<String> chartWordsOutside(Node root, List<String> out) {
    for (Node n : root.lookupAll(".chart-header")) {
      if (shown(n) && n instanceof javafx.scene.layout.Region header) {
        for (Node e : header.getChildrenUnmodifiable()) {
          javafx.geometry.Bounds b = e.getBoundsInParent();
          if (b.getMaxX() > header.getWidth() + 0.5 || b.getMaxY() > header.getHeight() + 0.5) {
            out.add("legend entry " + words(e) + " outside its header (" + Math.round(b.getMaxX()) + " of "
                + Math.round(header.getWidth()) + " px)");
          }
        }
      }
    }
    for (Node n : root.lookupAll(".lab-chart")) {
      if (!shown(n) || !(n instanceof io.fair_acc.chartfx.XYChart chart)) {
        continue;
      }
      javafx.geometry.Bounds plot = chart.getCanvas().localToScene(chart.getCanvas().getBoundsInLocal());
      for (Node l : chart.lookupAll(".trigger-band-label")) {
        javafx.geometry.Bounds b = l.localToScene(l.getBoundsInLocal());
        if (shown(l) && (b.getMinX() < plot.getMinX() - 0.5 || b.getMaxX() > plot.getMaxX() + 0.5)) {
          out.add("trigger label " + words(l) + " past its plot (" + Math.round(b.getMinX()) + "–" + Math.round(b.getMaxX())
              + " of " + Math.round(plot.getMinX()) + "–" + Math.round(plot.getMaxX()) + ")");
        }
      }
    }
    // a side panel taller than its view (its words' minimum heights add up) slides its last words under the
    // status bar (one in a scroll pane scrolls to them)
    Node status = root.lookup(".status-bar");
    double floor = status == null ? root.getScene().getHeight() : status.localToScene(status.getLayoutBounds()).getMinY();
    for (Node n : root.lookupAll(".side-panel")) {
      for (Node l : shown(n) && !scrolled(n) ? n.lookupAll(".label") : java.util.Set.<Node>of()) {
        javafx.geometry.Bounds b = l.localToScene(l.getBoundsInLocal());
        if (shown(l) && b.getHeight() > 0 && b.getMaxY() > floor + 0.5) {
          out.add("label " + words(l) + " under the status bar (its bottom at " + Math.round(b.getMaxY()) + ", the bar at "
              + Math.round(floor) + ")");
        }
      }
    }
    for (Node list : root.lookupAll(".list-view")) {
      Node viewport = list.lookup(".clipped-container");
      if (!shown(list) || viewport == null) {
        continue;
      }
      javafx.geometry.Bounds room = viewport.localToScene(viewport.getBoundsInLocal());
      for (Node name : list.lookupAll(".run-name")) {
        javafx.geometry.Bounds b = name.localToScene(name.getBoundsInLocal());
        if (shown(name) && b.getMaxX() > room.getMaxX() + 0.5) {
          out.add("run name " + words(name) + " past the list's visible width (" + Math.round(b.getMaxX()) + " of "
              + Math.round(room.getMaxX()) + ")");
        }
      }
    }
    return out;
  }

  private static boolean scrolled(Node n) {
    for (Node p = n.getParent(); p != null; p = p.getParent()) {
      if (p instanceof javafx.scene.control.ScrollPane) {
        return true;
      }
    }
    return false;
  }

  /** Visible with every parent visible (the views not shown are in the scene, hidden). */
  private static boolean shown(Node n) {
    for (Node p = n; p != null; p = p.getParent()) {
      if (!p.isVisible()) {
        return false;
      }
    }
    return n.getScene() != null;
  }

  private static String words(Node n) {
    if (n instanceof Labeled l) {
      return "'" + l.getText() + "'";
    }
    return n.lookupAll(".label").stream().filter(x -> x instanceof Labeled).map(x -> ((Labeled) x).getText())
        .collect(java.util.stream.Collectors.joining(" ", "'", "'"));
  }

  /**
   * Compare as a fresh install shows it: the sample set listed, its first recorded pair compared. The pair's
   * chooser names the runs and their folder in full ({@code real-busy-box-cage-s1-… and its replay ·
   * sample-runs/amd-2026-12-01a/real}), the key, the charts' legends and the differences' labels whole.
   */
  @ParameterizedTest(name = "{0}x{1}")
  @CsvSource({"1280, 720", "1366, 768"})
  void compareOfTheSampleSetIsWhole(int w, int h) throws Exception {
    lab.close();
    lab = LabWindowFixture.openOnSamples(dir.resolve("fresh"));
    window = lab.window;
    lab.resize(w, h);
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> !window.viewModel().compare().recordedPairs().isEmpty()));
    interact(() -> window.viewModel().compare().compareRecorded());
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> window.viewModel().compare().runAProperty().get() != null
        && window.viewModel().work().running() == 0));
    lab.show(LabView.COMPARE);
    List<String> problems = new ArrayList<>(lab.fx(() -> clipped(window.stage().getScene().getRoot(), new ArrayList<>())));
    problems.addAll(lab.fx(() -> chartWordsOutside(window.stage().getScene().getRoot(), new ArrayList<>())));
    assertTrue(lab.fx(() -> window.stage().getScene().getRoot().lookupAll(".chart-header").stream()
        .anyMatch(NothingClippedTest::shown)), "Compare's charts are drawn");
    assertTrue(problems.isEmpty(), problems.size() + " in Compare at " + w + "x" + h + ":\n" + String.join("\n", problems));
  }

  /**
   * The Sweep view's phase diagrams of the committed phase study: their colour scale ("share down 0% … 50% … 100%"),
   * titles and axis words whole.
   */
  @ParameterizedTest(name = "{0}x{1}")
  @CsvSource({"1280, 720", "1366, 768"})
  void phaseDiagramsAreWhole(int w, int h) throws Exception {
    lab.resize(w, h);
    lab.show(LabView.SWEEP);
    // the view opens the committed sweep when first shown: let it land first, or it would replace ours
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> window.viewModel().work().running() == 0));
    interact(() -> window.viewModel().sweep().open(Path.of("docs", "phase-study")));
    WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> lab.fx(() -> window.viewModel().sweep().phase().hasStudy()
        && window.viewModel().work().running() == 0 && lookup("#phasePane").query().isVisible()));
    lab.show(LabView.SWEEP);
    List<String> problems = lab.fx(() -> clipped(window.stage().getScene().getRoot(), new ArrayList<>()));
    assertTrue(lab.fx(() -> window.stage().getScene().getRoot().lookupAll(".label").stream()
        .anyMatch(n -> shown(n) && "100%".equals(((Labeled) n).getText()))), "the phase scale's 100% is shown");
    assertTrue(problems.isEmpty(), problems.size() + " in the phase diagrams at " + w + "x" + h + ":\n"
        + String.join("\n", problems));
  }

  @ParameterizedTest(name = "{0}x{1}")
  @CsvSource({"1280, 720", "1366, 768"})
  void noLabelOfAnyViewEndsInAnEllipsis(int w, int h) throws Exception {
    lab.resize(w, h);
    RunRecord a = TestRuns.sim("pool-edf-10", "busy", 1, 600);
    // opened from a folder as the chooser gives it (absolute, its name long): the Sweep view names it
    Path sweep = Files.createDirectories(dir.resolve("sweeps/every-policy-on-the-cage"));
    try (var files = Files.list(Path.of("docs", "sweep"))) {
      for (Path f : files.toList()) {
        Files.copy(f, sweep.resolve(f.getFileName()));
      }
    }
    interact(() -> window.viewModel().sweep().open(sweep));
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> !window.viewModel().sweep().heatPolicies().isEmpty()));
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> window.viewModel().compare().recordedPairs().size() == 3));
    interact(() -> window.viewModel().compare().compareRecorded());
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> window.viewModel().compare().runAProperty().get() != null));
    interact(() -> window.viewModel().showRun(a));
    List<String> problems = new ArrayList<>();
    for (LabView v : LabView.values()) {
      lab.show(v);
      for (String p : lab.fx(() -> clipped(window.stage().getScene().getRoot(), new ArrayList<>()))) {
        problems.add(v + ": " + p);
      }
    }
    assertTrue(problems.isEmpty(), problems.size() + " cut at " + w + "x" + h + ":\n" + String.join("\n", problems));
    // the heat map's colour scale is among what was checked: its steps are there, "100%" among them
    lab.show(LabView.SWEEP);
    assertTrue(lab.fx(() -> window.stage().getScene().getRoot().lookupAll(".heat-scale-step").stream()
        .anyMatch(n -> shown(n) && "100%".equals(((Labeled) n).getText()))), "the heat map's scale shows 100%");
  }
}
