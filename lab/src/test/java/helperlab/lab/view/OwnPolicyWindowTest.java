package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.live.Speed;
import helperlab.model.RunRecord;
import helperlab.policy.PolicySpec;
import helperlab.runs.RecordedPolicy;
import helperlab.study.PolicyFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ComboBox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A policy file opened in the lab's window: the Live view's Policy chooser shows it, the Run button runs it, and the
 * record the window saves keeps it whole. (The desktop's file chooser is not driven: the file goes to the view
 * model the File… button hands it to.)
 */
@Tag("slow") // the lab's window and a run in it
class OwnPolicyWindowTest extends FxRobot {
  @TempDir Path dir;
  private LabWindowFixture lab;

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @AfterEach
  void close() throws Exception {
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void aPolicyFileOpenedInTheWindowRunsAndItsRecordKeepsIt() throws Exception {
    Path file = Files.copy(Path.of("docs/sweep-studies/storm/policy-pool-fifo-retry.json"), dir.resolve("mine.json"));
    PolicySpec mine = PolicyFiles.read(file);
    lab = LabWindowFixture.open(dir, false);
    var live = lab.window.viewModel().live();
    assertTrue(lab.fx(() -> live.openPolicyFile(file)));
    WaitForAsyncUtils.waitForFxEvents();
    @SuppressWarnings("unchecked")
    ComboBox<String> policy = lab.fx(() -> (ComboBox<String>) lookup("#policy").query());
    assertEquals(mine.id(), lab.fx(policy::getValue), "the Policy chooser shows the opened policy");
    assertTrue(lab.fx(() -> policy.getItems().contains(mine.id())));
    lab.fx(() -> {
      live.speedProperty().set(Speed.MAX);
      return null;
    });
    clickOn("#runButton");
    WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> lab.fx(() -> live.lastRecordProperty().get() != null));
    RunRecord r = lab.fx(() -> live.lastRecordProperty().get());
    assertEquals(mine.id(), r.policy());
    assertEquals(mine, RecordedPolicy.of(r), "the record keeps the file's policy whole");
  }

  @Test
  void theFormBesideTheBigButtonMakesAPolicyOfItsOwn() throws Exception {
    lab = LabWindowFixture.open(dir, false);
    var live = lab.window.viewModel().live();
    javafx.scene.control.TextField timer = lab.fx(() -> (javafx.scene.control.TextField)
        lookup("#form-split-timer-fraction").queryAs(javafx.scene.layout.HBox.class).getChildren().get(1));
    javafx.scene.control.TextField id = lab.fx(() -> (javafx.scene.control.TextField)
        lookup("#form-id").queryAs(javafx.scene.layout.HBox.class).getChildren().get(1));
    assertEquals("box", lab.fx(id::getText));
    doubleClickOn(timer).eraseText(6).write("abc");
    WaitForAsyncUtils.waitForFxEvents();
    assertTrue(lab.fx(() -> timer.getStyleClass().contains("wrong")), "the wrong field is marked");
    assertTrue(lab.fx(() -> lookup(".form-problem").queryAll().stream().anyMatch(n -> n.isVisible()
        && ((javafx.scene.control.Label) n).getText().contains("'abc' is not a number"))), "and told what is wrong");
    doubleClickOn(timer).eraseText(6).write("0.3");
    WaitForAsyncUtils.waitForFxEvents();
    assertEquals("box-mine", lab.fx(id::getText), "a changed built-in takes an id of its own, in the form");
    clickOn("#useButton");
    WaitForAsyncUtils.waitForFxEvents();
    @SuppressWarnings("unchecked")
    ComboBox<String> policy = lab.fx(() -> (ComboBox<String>) lookup("#policy").query());
    assertEquals("box-mine", lab.fx(policy::getValue), "the Policy chooser shows it");
    assertEquals(0.3, lab.fx(() -> live.settings().policySpec().split().timerFraction()), "and the next run runs it");
  }
}
