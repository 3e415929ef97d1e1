package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.live.SimulatorSource;
import helperlab.lab.viewmodel.CompareViewModel;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.RecordedPair;
import helperlab.model.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Compare after "Compare recorded": ◀ and ▶ step through the seeds recorded for that run and its replay (the Xeon
 * set's box on busy, seeds 1 to 3), and the seed box always says the seed the charts show.
 */
class CompareSeedsTest extends FxRobot {
  private static final Path XEON = Path.of("lab-runs/xeon-2026-12-01/real");
  @TempDir Path dir;
  private LabWindow window;

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @BeforeEach
  void open() throws Exception {
    Path real = Files.createDirectories(dir.resolve("lab-runs/xeon/real"));
    try (var files = Files.list(XEON)) {
      for (Path f : files.filter(f -> f.getFileName().toString().startsWith("real-busy-box-cage-s")).toList()) {
        Files.copy(f, real.resolve(f.getFileName()));
      }
    }
    LabConfig config = new LabConfig(dir.resolve("lab-runs"), dir.resolve("home"), new SimulatorSource());
    window = WaitForAsyncUtils.asyncFx(() -> LabWindow.open(new Stage(), config)).get(60, TimeUnit.SECONDS);
    interact(() -> window.viewModel().viewProperty().set(LabView.COMPARE));
    WaitForAsyncUtils.waitForFxEvents();
  }

  @AfterEach
  void close() throws Exception {
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> window.viewModel().work().running() == 0));
    WaitForAsyncUtils.asyncFx(() -> window.stage().close()).get(30, TimeUnit.SECONDS);
  }

  private <T> T fx(Callable<T> f) throws Exception {
    return WaitForAsyncUtils.asyncFx(f).get(60, TimeUnit.SECONDS);
  }

  private CompareViewModel vm() {
    return window.viewModel().compare();
  }

  /** The seed on the charts once they show {@code seed}: A's record, B its replay, the seed box and A's key agree. */
  private void showsSeed(long seed) throws Exception {
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> !vm().busyProperty().get()
        && vm().runAProperty().get() != null && vm().runAProperty().get().seed() == seed));
    RunRecord a = fx(() -> vm().runAProperty().get());
    RunRecord b = fx(() -> vm().runBProperty().get());
    assertEquals("box", a.policy());
    assertEquals(RunRecord.KIND_REPLAY, b.kind());
    assertEquals(a.id(), b.replayOf(), "B is the replay of A");
    assertEquals(seed, fx(() -> ((Number) ((Spinner<?>) lookup("#compareSeed").query()).getValue()).longValue()),
        "the seed box");
    String key = fx(() -> ((Label) lookup("#keyA").query()).getTooltip().getText());
    assertTrue(key.equals(a.id()) && a.id().contains("-s" + seed + "-"), key);
  }

  @Test
  void arrowsStepThroughTheRecordedSeedsAndTheSeedBoxMatchesTheCharts() throws Exception {
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> vm().recordedPairs().size() == 3));
    interact(() -> {
      RecordedPair first = vm().recordedPairs().stream().filter(p -> p.run().name().contains("-s1-")).findFirst()
          .orElseThrow();
      vm().recordedPairProperty().set(first);
    });
    clickOn("#compareRecordedButton");
    showsSeed(1);
    clickOn("#nextSeed");
    showsSeed(2);
    clickOn("#nextSeed");
    showsSeed(3);
    clickOn("#nextSeed");
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> window.viewModel().notices().bannerProperty().get()
        != null));
    String said = fx(() -> window.viewModel().notices().bannerProperty().get().text());
    assertTrue(said.contains("seeds recorded there: 1, 2, 3"), said);
    showsSeed(3);
    clickOn("#prevSeed");
    showsSeed(2);
  }
}
