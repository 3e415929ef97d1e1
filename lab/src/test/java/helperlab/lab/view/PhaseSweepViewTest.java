package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.PhaseViewModel;
import helperlab.model.RunRecord;
import helperlab.study.phase.diagram.PhaseDiagram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Sweep view with a phase study's output: it opens on the phase diagrams, each cell says its runs down of
 * its runs with n and the interval in its tooltip, and clicking a cell simulates that cell's representative run
 * (its load, its trigger, its seed) and opens it in Runs, as a heat-map cell does.
 */
@Tag("slow") // the lab's window, and an hour-long run simulated for the clicked cell
class PhaseSweepViewTest extends FxRobot {
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
    interact(() -> window.stage().requestFocus());
    WaitForAsyncUtils.waitForFxEvents();
  }

  @AfterEach
  void close() throws Exception {
    if (lab != null) {
      lab.close();
    }
  }

  private <T> T fx(Callable<T> f) throws Exception {
    return lab.fx(f);
  }

  private void waitFor(String what, Callable<Boolean> condition) throws Exception {
    try {
      WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> fx(condition));
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("timed out waiting for: " + what + " (notices: "
          + fx(() -> window.viewModel().notices().all()) + "; phase study: "
          + fx(() -> window.viewModel().sweep().phase().hasStudy()) + ", pane visible: "
          + fx(() -> lookup("#phasePane").query().isVisible()) + ", maps: "
          + fx(() -> lookup("#phase-box").tryQuery().isPresent()) + ", progress: "
          + fx(() -> window.viewModel().sweep().progressTextProperty().get()) + ")", e);
    }
  }

  private static final String METRICS = "\"submitted\":100,\"admitted\":100,\"refused\":0,\"met\":90,\"late\":10,"
      + "\"met_share\":0.9,\"retries\":0,\"spawns\":50,\"processes_per_task\":0.5,\"cpu_useful_s\":1000.0,"
      + "\"cpu_spawn_s\":100.0,\"cpu_killed_s\":0.0,\"peak_memory_mb\":600.0,\"oom_kills\":0,\"workers_killed\":0,"
      + "\"images_done\":1000,\"images_dead\":0,\"lateness_p50_s\":0.0,\"lateness_p99_s\":0.0,\"mean_response_s\":6.0";

  /**
   * A phase sweep's rows by hand: the box at loads 0.1 and 0.2, no trigger and a ×2 spike for 60 s, seeds 0–2.
   * At 0.2 with the spike, seeds 1 and 2 stay down (2 of 3), seed 0 never tips; everything else stays up.
   */
  private Path phaseSweep() throws Exception {
    List<String> lines = new ArrayList<>();
    for (double load : new double[] {0.1, 0.2}) {
      for (int seed = 0; seed < 3; seed++) {
        lines.add(String.format(Locale.ROOT, "{\"study\":\"phase\",\"scenario\":\"calm\",\"offered_load\":%s,"
            + "\"policy\":\"box\",\"machine\":\"cage\",\"seed\":%d,\"admission\":\"edf-fit\",%s,\"tipped_at_s\":null}",
            load, seed, METRICS));
        boolean down = load == 0.2 && seed > 0;
        lines.add(String.format(Locale.ROOT, "{\"study\":\"phase\",\"scenario\":\"calm\",\"offered_load\":%s,"
            + "\"policy\":\"box\",\"machine\":\"cage\",\"seed\":%d,\"admission\":\"edf-fit\","
            + "\"trigger\":{\"kind\":\"spike\",\"at_s\":900.0,\"duration_s\":60.0,\"size\":1.0},%s,\"tipped_at_s\":%s,"
            + "\"recovery\":{\"recovery_s\":%s,\"metastable\":%s,\"down_before_trigger\":false,\"tipped_at_s\":%s,"
            + "\"baseline_met_share\":1.0,\"baseline_queue\":5.0,"
            + "\"before\":{\"admitted\":60,\"spawns_per_task\":0.4,\"retries_per_task\":0.0,\"mean_processes\":1.3},"
            + "\"during\":{\"admitted\":2,\"spawns_per_task\":0.0,\"retries_per_task\":0.0,\"mean_processes\":2.0},"
            + "\"after\":{\"admitted\":50,\"spawns_per_task\":0.5,\"retries_per_task\":0.0,\"mean_processes\":1.4}}}",
            load, seed, METRICS, down ? "950.0" : "null", down ? "null" : "0.0", down, down ? "950.0" : "null"));
      }
    }
    Path out = dir.resolve("phase-sweep");
    Files.createDirectories(out);
    Files.write(out.resolve("runs.jsonl"), lines);
    return out;
  }

  /**
   * A price study's rows by hand: the box at loads 0.1 and 0.2, no trigger, seeds 0–2, a helper's start at 0.2 and
   * at 13.5 images; at 13.5 and 0.2 every run never became healthy, everything else stayed up.
   */
  private Path priceSweep() throws Exception {
    List<String> lines = new ArrayList<>();
    for (double price : new double[] {0.2, 13.49}) {
      for (double load : new double[] {0.1, 0.2}) {
        for (int seed = 0; seed < 3; seed++) {
          boolean down = price > 1 && load == 0.2;
          String metrics = down ? METRICS.replace("\"met\":90,\"late\":10", "\"met\":10,\"late\":90")
              .replace("\"met_share\":0.9", "\"met_share\":0.1") : METRICS;
          lines.add(String.format(Locale.ROOT, "{\"study\":\"phase\",\"scenario\":\"calm\",\"offered_load\":%s,"
              + "\"policy\":\"box\",\"machine\":\"cage\",\"seed\":%d,\"admission\":\"edf-fit\",%s%s,%s,"
              + "\"tipped_at_s\":null,\"down\":{\"judged_from_s\":300,\"never_healthy\":%s,\"tips\":0,"
              + "\"healthy_s\":%s,\"escaped_at_s\":null,\"down_s\":%s,\"stretches\":%d,\"down_at_end\":%s,"
              + "\"down_30m_after_trigger\":null,\"spells\":%s,\"offered_cpu_s\":0,\"capacity_cpu_s\":0,"
              + "\"sustain\":null},\"never_healthy\":%s}", load, seed, price < 1 ? "\"spawn_cost_s\":0.05," : "",
              "\"helper_start_images\":" + price, metrics, down, down ? 0 : 3300, down ? 3300 : 0, down ? 1 : 0, down,
              down ? "[[300,3600]]" : "[]", down));
        }
      }
    }
    Path out = dir.resolve("price-sweep");
    Files.createDirectories(out);
    Files.write(out.resolve("runs.jsonl"), lines);
    return out;
  }

  @Test
  void aPriceStudyShowsItsMapsWithTheKnownMachinesAndTheMetShare() throws Exception {
    Path sweep = priceSweep();
    interact(() -> window.viewModel().viewProperty().set(LabView.SWEEP));
    waitFor("the sweep the view opens by itself", () -> window.viewModel().work().running() == 0);
    interact(() -> window.viewModel().sweep().open(sweep));
    waitFor("the phase view", () -> window.viewModel().sweep().phase().hasStudy());
    interact(() -> window.viewModel().sweep().phase().triggerProperty().set(PhaseViewModel.PRICES));
    waitFor("the price maps", () -> lookup("#price-box").tryQuery().isPresent());
    Label down = fx(() -> (Label) lookup("#price-box-020-13_5").query());
    assertEquals("3/3\n10%", fx(down::getText), "collapsed of runs over their mean met share");
    String tip = fx(() -> down.getTooltip().getText());
    assertTrue(tip.contains("3 of 3 runs collapsed (tipped or never healthy)"), tip);
    assertTrue(tip.contains("met 10% of their deadlines, late 90% of admitted"), tip);
    assertTrue(tip.contains("safe load at this price: 0.10"), tip);
    assertEquals("0/3\n90%", fx(() -> ((Label) lookup("#price-box-020-0_2").query()).getText()));
    for (var k : helperlab.study.phase.diagram.PriceMap.KNOWN) {
      assertTrue(fx(() -> lookup(n -> n instanceof Label l && k.name().equals(l.getText())).tryQuery().isPresent()),
          "the map marks " + k.name());
    }
  }

  @Test
  void aPhaseSweepOpensOnItsDiagramsAndACellOpensItsRunInRuns() throws Exception {
    Path sweep = phaseSweep();
    interact(() -> window.viewModel().viewProperty().set(LabView.SWEEP));
    // the view opens the committed sweep when first shown: let it land first, or it would replace ours
    waitFor("the sweep the view opens by itself", () -> window.viewModel().work().running() == 0);
    interact(() -> window.viewModel().sweep().open(sweep));
    waitFor("the phase diagrams", () -> window.viewModel().sweep().phase().hasStudy()
        && lookup("#phasePane").query().isVisible() && lookup("#phase-box").tryQuery().isPresent());
    assertTrue(fx(() -> ((ToggleButton) lookup("#phaseToggle").query()).isSelected()));
    assertFalse(fx(() -> lookup("#heatPane").query().isVisible()));

    Label cell = fx(() -> (Label) lookup("#phase-box-020-x2").query());
    assertEquals("2/3\n90%", fx(cell::getText), "runs down of runs over their mean met share");
    String tip = fx(() -> cell.getTooltip().getText());
    assertTrue(tip.contains("2 of 3 runs down 30 min after"), tip);
    assertTrue(tip.contains("95%: 21–94%"), tip);
    assertTrue(tip.contains("click: open seed 1 (down)"), tip);
    assertTrue(tip.contains("met 90% of their deadlines, late 10% of admitted"), tip);
    assertEquals("0/3\n90%", fx(() -> ((Label) lookup("#phase-box-010-none").query()).getText()));
    PhaseDiagram d = fx(() -> window.viewModel().sweep().phase().shownProperty().get().get(0));
    assertEquals(0.2, d.boundary(1.0));

    clickOn(cell);
    waitFor("the cell's run open in Runs", () -> window.viewModel().viewProperty().get() == LabView.RUNS
        && window.viewModel().timeline().recordProperty().get() != null);
    RunRecord r = fx(() -> window.viewModel().timeline().recordProperty().get());
    assertEquals("box", r.policy());
    assertEquals(1, r.seed());
    assertNotNull(r.trigger(), "the run has the cell's spike");
    assertEquals("spike", r.trigger().get("kind").asText());
    assertEquals(1.0, r.trigger().get("size").asDouble());

    // the heat map from its toggle, and back to the phase diagrams
    interact(() -> window.viewModel().viewProperty().set(LabView.SWEEP));
    clickOn("#heatToggle");
    assertTrue(fx(() -> lookup("#heatPane").query().isVisible() && !lookup("#phasePane").query().isVisible()));
    clickOn("#phaseToggle");
    assertTrue(fx(() -> lookup("#phasePane").query().isVisible()));
  }
}
