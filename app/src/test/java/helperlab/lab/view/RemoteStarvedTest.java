package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.remote.CageStatus;
import helperlab.lab.remote.TestCage;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.RemoteViewModel;
import helperlab.lab.viewmodel.RemoteViewModel.Connection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
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
 * The Remote view says when the host starves the cage's run, in the Runs view's words: a real cage, the
 * lab connected to it through {@code helper-lab ctl}, its workers stopped (SIGSTOP: the host gives them
 * no CPU) with images in hand, so the cage itself measures that its busy workers got nothing of the
 * CPU they wanted. At 1280×720 ({@code -Dremote.starved.size=1366x768 -Dremote.starved.shot=FILE} for
 * the docs' screenshot).
 */
@Tag("slow") // the window against a starved cage
class RemoteStarvedTest extends FxRobot {
  @TempDir Path dir;
  private TestCage cage;
  private LabWindow window;
  private final List<Long> stopped = new ArrayList<>();

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @BeforeEach
  void open() throws Exception {
    cage = TestCage.start(Files.createDirectory(dir.resolve("cage")));
    LabConfig config = new LabConfig(dir.resolve("lab-runs"),
        LabWindowFixture.rememberedWindow(dir.resolve("home")), new SimulatorSource());
    window = WaitForAsyncUtils.asyncFx(() -> LabWindow.open(new Stage(), config)).get(60, TimeUnit.SECONDS);
    String[] size = System.getProperty("remote.starved.size", "1280x720").split("x");
    interact(() -> {
      window.resize(Integer.parseInt(size[0]), Integer.parseInt(size[1]));
      window.viewModel().viewProperty().set(LabView.REMOTE);
    });
    WaitForAsyncUtils.waitForFxEvents();
  }

  @AfterEach
  void close() throws Exception {
    for (long pid : stopped) {
      signal("CONT", pid);
    }
    if (window != null) {
      WaitForAsyncUtils.asyncFx(() -> window.stage().close()).get(30, TimeUnit.SECONDS);
    }
    if (cage != null) {
      cage.close();
    }
  }

  private <T> T fx(Callable<T> f) throws Exception {
    return WaitForAsyncUtils.asyncFx(f).get(30, TimeUnit.SECONDS);
  }

  private void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
    WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> fx(condition));
  }

  private static void signal(String sig, long pid) throws Exception {
    new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).inheritIO().start().waitFor();
  }

  @Test
  void aRunTheHostStarvesIsSaidInTheRemoteView() throws Exception {
    RemoteViewModel remote = window.viewModel().remote();
    interact(() -> remote.connect(cage.localTransport(), "local cage"));
    waitFor(120, () -> remote.connectionProperty().get() == Connection.CONNECTED);
    Label starved = fx(() -> (Label) lookup("#remoteStarved").query());
    assertFalse(fx(starved::isVisible), "nothing said of a run the host has not touched");

    // a batch from the big button; its workers are stopped (as a host that gives them no CPU at all)
    // while they hold images; a batch done before that is followed by another
    clickOn("#remoteHelper");
    WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> {
      JsonNode s = cage.status();
      if (busy(s) > 0) {
        for (JsonNode w : s.path("workers")) {
          stopped.add(w.path("pid").asLong());
          signal("STOP", w.path("pid").asLong());
        }
        return true;
      }
      if (s.path("unfinished_batches").asInt() == 0) {
        interact(remote::press);
      }
      return false;
    });

    // the lab's status refresh brings the cage's own measure: busy workers that got nothing
    waitFor(120, () -> remote.statusProperty().get() != null && remote.statusProperty().get().starvedNote() != null);
    waitFor(120, starved::isVisible); // a ceiling, not a measure
    String text = fx(starved::getText);
    CageStatus st = fx(() -> remote.statusProperty().get());
    assertEquals(helperlab.model.Interference.starvedNote(st.runInterference()), text, "the Runs view's words");
    // the front's share is said too when it is worth saying (Interference.FRONT_SAID): how much the supervisor, the
    // database and Redis spent meanwhile is this host's, not the test's to choose
    assertTrue(text.matches("Starved: the host took \\d+% of the cage's CPU in this run"
        + "(; its own front \\(supervisor, database, Redis\\) took \\d+%)? .*"), text);
    assertTrue(fx(() -> lookup("#status-host").tryQuery().isPresent()), "and a row in the cage's status");

    javafx.scene.image.WritableImage shot = fx(() -> window.stage().getScene().snapshot(null));
    Path png = Path.of(System.getProperty("remote.starved.shot", "target/screenshots/remote-starved.png"));
    Files.createDirectories(png.toAbsolutePath().getParent());
    ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(shot, null), "png", png.toFile());

    // the run's record, written when the cage stops, carries the same verdict
    for (long pid : stopped) {
      signal("CONT", pid);
    }
    stopped.clear();
    Path runs = cage.runsDir();
    cage.close();
    cage = null;
    List<helperlab.model.RunRecord> records = new ArrayList<>();
    try (java.util.stream.Stream<Path> files = Files.list(runs)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".json")).toList()) {
        records.add(helperlab.model.RunRecord.load(f));
      }
    }
    assertEquals(1, records.size(), "one live run: " + records);
    helperlab.model.Interference recorded = helperlab.model.Interference.of(records.get(0));
    assertTrue(recorded != null && recorded.starved(), "the record says the host starved the run: " + recorded);
    assertTrue(helperlab.model.Interference.starvedWords(records.get(0)).contains("the host took"),
        helperlab.model.Interference.starvedWords(records.get(0)));
  }

  private static int busy(JsonNode status) {
    int n = 0;
    for (JsonNode w : status.path("workers")) {
      if (w.path("image").asInt(-1) >= 0) {
        n++;
      }
    }
    return n;
  }
}
