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
  @TempDir Path dir;
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
    lab.show(LabView.COMPARE);
  }

  @AfterEach
  void close() throws Exception {
    lab.close();
  }

  private CompareViewModel vm() {
    return window.viewModel().compare();
  }

  /** The seed on the charts once they show {@code seed}: A's record, B its replay, the seed box and A's key agree. */
  private void showsSeed(long seed) throws Exception {
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> !vm().busyProperty().get()
        && vm().runAProperty().get() != null && vm().runAProperty().get().seed() == seed));
    RunRecord a = lab.fx(() -> vm().runAProperty().get());
    RunRecord b = lab.fx(() -> vm().runBProperty().get());
    assertEquals("box", a.policy());
    assertEquals(RunRecord.KIND_REPLAY, b.kind());
    assertEquals(a.id(), b.replayOf(), "B is the replay of A");
    assertEquals(seed, lab.fx(() -> ((Number) ((Spinner<?>) lookup("#compareSeed").query()).getValue()).longValue()),
        "the seed box");
    String key = lab.fx(() -> ((Label) lookup("#keyA").query()).getTooltip().getText());
    assertTrue(key.equals(a.id()) && a.id().contains("-s" + seed + "-"), key);
  }

  @Test
  void arrowsStepThroughTheRecordedSeedsAndTheSeedBoxMatchesTheCharts() throws Exception {
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> vm().recordedPairs().size() == 3));
    interact(() -> {
      RecordedPair first = vm().recordedPairs().stream().filter(p -> p.run().name().contains("-s1-")).findFirst()
          .orElseThrow();
      vm().recordedPairProperty().set(first);
    });
    clickOn("#compareRecordedButton");
    showsSeed(1);
    ends(false, true); // the lowest seed recorded: ◀ has nowhere to go
    clickOn("#nextSeed");
    showsSeed(2);
    assertTrue(lab.fx(() -> vm().recordedPairProperty().get().run().name().contains("-s2-")),
        "the 'or recorded' list follows the seed stepped to");
    clickOn("#nextSeed");
    showsSeed(3);
    ends(true, false); // the highest: ▶ is disabled, not an error
    assertEquals(null, lab.fx(() -> window.viewModel().notices().bannerProperty().get()), "no error said");
    clickOn("#prevSeed");
    showsSeed(2);
    ends(true, true);
  }

  /** Whether ◀ and ▶ are enabled, once the seeds around the shown pair are known. */
  private void ends(boolean lower, boolean higher) throws Exception {
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lab.fx(() -> lookup("#prevSeed").query().isDisabled() != lower
        && lookup("#nextSeed").query().isDisabled() != higher));
  }
}
