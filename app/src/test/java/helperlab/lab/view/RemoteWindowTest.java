package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.charts.ChartKind;
import helperlab.lab.chart.LabChart;
import helperlab.charts.Series;
import helperlab.lab.live.LiveState;
import helperlab.lab.live.SimulatorSource;
import io.fair_acc.chartfx.renderer.Renderer;
import io.fair_acc.dataset.DataSet;
import java.util.ArrayList;
import java.util.List;
import helperlab.lab.remote.RemoteRun;
import helperlab.remote.SshTestServer;
import helperlab.lab.remote.TestCage;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.RemoteViewModel.Connection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
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
 * The Remote cage view in the real window (Monocle, headless) against a real cage behind a real SSH
 * server on loopback: the Connect dialog is typed into, the encrypted key's passphrase is asked for,
 * the unknown host's fingerprint is shown and trusted, and a policy pushed from the view takes
 * effect on the cage; a short exhibit streams into the charts beside its replay, a cut link is shaded,
 * and its record lands in the runs list. What is remembered holds no secret.
 */
@Tag("slow") // the window against a cage over SSH
class RemoteWindowTest extends FxRobot {
  @TempDir Path dir;
  private TestCage cage;
  private SshTestServer ssh;
  private LabWindow window;
  private Path key;
  private Path knownHosts;

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @BeforeEach
  void open() throws Exception {
    cage = TestCage.start(Files.createDirectory(dir.resolve("cage")));
    Path authorized = dir.resolve("authorized_keys");
    key = SshTestServer.userKey(dir, "id_lab", authorized, "sesame".getBytes());
    ssh = new SshTestServer(Files.createDirectory(dir.resolve("sshd")), authorized);
    knownHosts = dir.resolve("known_hosts");
    LabConfig config = new LabConfig(dir.resolve("lab-runs"),
        LabWindowFixture.rememberedWindow(dir.resolve("home")), new SimulatorSource());
    window = WaitForAsyncUtils.asyncFx(() -> LabWindow.open(new Stage(), config)).get(30, TimeUnit.SECONDS);
    interact(() -> window.stage().requestFocus());
    WaitForAsyncUtils.waitForFxEvents();
  }

  @AfterEach
  void close() throws Exception {
    if (window != null) {
      WaitForAsyncUtils.asyncFx(() -> window.stage().close()).get(30, TimeUnit.SECONDS);
    }
    if (ssh != null) {
      ssh.close();
    }
    if (cage != null) {
      cage.close();
    }
  }

  private <T> T fx(Callable<T> f) throws Exception {
    return WaitForAsyncUtils.asyncFx(f).get(30, TimeUnit.SECONDS);
  }

  private void waitFor(int seconds, String what, Callable<Boolean> condition) throws Exception {
    try {
      WaitForAsyncUtils.waitFor(Math.max(seconds, 120), TimeUnit.SECONDS, () -> fx(condition));
    } catch (TimeoutException e) {
      throw new AssertionError("timed out waiting for " + what + "; error shown: "
          + fx(() -> window.viewModel().remote().errorProperty().get()) + "; exhibit link: " + fx(this::exhibitLink));
    }
  }

  /** The exhibit's link in words (what it is waiting for), or what it has instead of a run. */
  private String exhibitLink() {
    var run = window.viewModel().remote().exhibit().runProperty().get();
    return run instanceof RemoteRun c ? c.link() : String.valueOf(run);
  }

  /** Scrolls the pane that holds {@code n} so that it shows {@code n}, as a user would before clicking it. */
  private static void scrollIntoView(Node n) {
    for (javafx.scene.Parent p = n.getParent(); p != null; p = p.getParent()) {
      if (p instanceof javafx.scene.control.ScrollPane pane) {
        Node content = pane.getContent();
        double hidden = content.getBoundsInLocal().getHeight() - pane.getViewportBounds().getHeight();
        if (hidden > 0) {
          double top = content.sceneToLocal(n.localToScene(n.getBoundsInLocal())).getMinY();
          pane.setVvalue(Math.min(1, Math.max(0, top / hidden)));
        }
        return;
      }
    }
  }

  private void type(String query, String text) {
    TextField f = lookup(query).queryAs(TextField.class);
    interact(f::clear);
    clickOn(f).write(text);
  }

  /** The replay's data sets on a chart ("… · simulator POLICY", dashed): points on screen, summed. */
  private static int replayPoints(LabChart chart) {
    int n = 0;
    for (DataSet ds : replaySets(chart)) {
      n += ds.getDataCount();
    }
    return n;
  }

  private static double replayMaxTime(LabChart chart) {
    double max = Double.NEGATIVE_INFINITY;
    for (DataSet ds : replaySets(chart)) {
      for (int i = 0; i < ds.getDataCount(); i++) {
        max = Math.max(max, ds.get(DataSet.DIM_X, i));
      }
    }
    return max;
  }

  private static List<DataSet> replaySets(LabChart chart) {
    List<DataSet> out = new ArrayList<>();
    for (Renderer r : chart.chart().getRenderers()) {
      for (DataSet ds : r.getDatasets()) {
        if (ds.getName().contains("· simulator ") && ds.getStyle() != null && ds.getStyle().contains("dash")) {
          out.add(ds);
        }
      }
    }
    return out;
  }

  @Test
  void connectsThroughTheDialogTrustsTheHostAndPushesAPolicy() throws Exception {
    interact(() -> window.viewModel().viewProperty().set(LabView.REMOTE));
    clickOn("#connectButton");
    waitFor(10, "the connect dialog", () -> lookup("#connect-dialog").tryQuery().isPresent());
    type("#connect-dialog #host", "127.0.0.1");
    type("#connect-dialog #port", Integer.toString(ssh.port()));
    type("#connect-dialog #user", "lab");
    type("#connect-dialog #keyFile", key.toString());
    type("#connect-dialog #command", "helper-lab ctl --data " + cage.data);
    type("#connect-dialog #knownHosts", knownHosts.toString());
    clickOn("Connect");

    // the key is encrypted: its passphrase is asked for (on the FX thread, the connection waits)
    waitFor(30, "the passphrase dialog", () -> lookup("#passphrase-dialog").tryQuery().isPresent());
    clickOn("#passphrase-dialog #secret-field").write("sesame");
    clickOn(lookup("#passphrase-dialog .button").match((Node n) -> "OK".equals(((javafx.scene.control.Button) n)
        .getText())).queryButton());

    // then the unknown host: its fingerprint, trusted by hand
    waitFor(30, "the host key dialog", () -> lookup("#host-key-dialog").tryQuery().isPresent());
    String shown = fx(() -> lookup("#host-key-text").queryAs(Label.class).getText());
    assertTrue(shown.contains(ssh.fingerprint()), shown);
    assertTrue(shown.contains("ecdsa"), shown);
    clickOn("Trust");

    waitFor(60, "connected", () -> window.viewModel().remote().connectionProperty().get() == Connection.CONNECTED);
    waitFor(10, "the cage's status shown", () -> lookup("#status-policy").tryQuery().isPresent());
    assertTrue(fx(() -> lookup("#status-policy").queryAs(Label.class).getText()).startsWith("pool-edf-10"));
    assertTrue(Files.readString(knownHosts).startsWith("[127.0.0.1]:" + ssh.port() + " ecdsa-sha2-"),
        "trusted and saved");

    @SuppressWarnings("unchecked")
    ComboBox<String> policies = lookup("#pushPolicy").queryAs(ComboBox.class);
    interact(() -> policies.setValue("pool-fifo-1"));
    clickOn("#pushButton");
    waitFor(60, "the cage runs the pushed policy", () -> lookup("#status-policy").queryAs(Label.class).getText()
        .startsWith("pool-fifo-1"));
    assertEquals("pool-fifo-1", cage.status().get("policy").asText(), "the real cage");
    assertEquals("The cage now runs pool-fifo-1 (was pool-edf-10)",
        fx(() -> lookup("#policyResult").queryAs(Label.class).getText()));

    // a short exhibit streams into the charts with the simulator's replay beside it; a cut link is shaded
    interact(() -> {
      var remote = window.viewModel().remote();
      remote.setExhibitSeconds(20);
      remote.exhibit().policyProperty().set("pool-edf-10");
      remote.exhibit().scenarioProperty().set("calm");
    });
    // the side panel scrolls (the cage's status has grown rows): a user scrolls down to the button, so does the test
    interact(() -> scrollIntoView(lookup("#exhibitButton").query()));
    clickOn("#exhibitButton");
    waitFor(60, "samples streaming", () -> window.viewModel().remote().exhibit().runProperty().get() != null
        && window.viewModel().remote().exhibit().runProperty().get().samples().size() >= 2);
    RemoteRun run = fx(() -> (RemoteRun) window.viewModel().remote().exhibit().runProperty().get());
    // partway through: every chart's data sets hold the replay's dashed points beside the cage's
    waitFor(60, "the replay's points on every chart while the exhibit runs", () -> {
      if (run.status().state() != LiveState.RUNNING) {
        throw new AssertionError("the exhibit ended before the replay was seen on the charts");
      }
      for (ChartKind k : ChartKind.values()) {
        if (replayPoints(window.visibleCharts().chart(k)) < 2) {
          return false;
        }
      }
      return true;
    });
    LabChart partway = fx(() -> window.visibleCharts().chart(ChartKind.WORKERS));
    assertTrue(fx(() -> replayMaxTime(partway)) > 0, "the replay's line has moved past 0 s");
    assertTrue(fx(() -> replayMaxTime(partway)) < 20, "read before the exhibit ended");
    run.dropConnection();
    waitFor(60, "the link back", () -> !run.gaps().isEmpty());
    LabChart workers = fx(() -> window.visibleCharts().chart(ChartKind.WORKERS));
    waitFor(10, "the down time shaded", () -> !workers.bands().isEmpty());
    // while it streams: the cage solid, the simulator's live replay beside it
    assertEquals(2, fx(workers::slotsShown), "the cage and the simulator on the same axes");
    assertEquals("cage pool-edf-10 s0", fx(() -> workers.label(0)));
    // the test cage runs on the seed's placeholder calibration: the replay says so
    assertEquals("simulator pool-edf-10 (uncalibrated)", fx(() -> workers.label(1)));
    waitFor(30, "both lines growing", () -> workers.points(0, Series.WORKERS) >= 2
        && workers.points(1, Series.WORKERS) >= 2);
    // values at the pointer from the time the link went down on are marked stale (set here by hand: the
    // window sets it from the exhibit's open gap every frame, which StalledSessionTest makes for real)
    String stale = fx(() -> {
      workers.setStaleFrom(1);
      return workers.readoutAt(1.5);
    });
    String live = fx(() -> {
      workers.setStaleFrom(Double.NaN);
      return workers.readoutAt(1.5);
    });
    assertTrue(stale.endsWith("stale: the link is down since 0:01"), stale);
    assertFalse(live.contains("stale"), live);
    waitFor(90, "the exhibit's record and its exact replay", () -> window.viewModel().remote().replayProperty().get()
        != null);
    // then the record and its exact replay take their place
    waitFor(10, "the record and replay shown", () -> "replay pool-edf-10 (uncalibrated)".equals(workers.label(1)));
    assertEquals("cage pool-edf-10 s0", fx(() -> workers.label(0)));
    assertTrue(fx(() -> workers.points(1, Series.WORKERS)) >= 2);
    assertFalse(fx(workers::bands).isEmpty(), "the down time stays shaded");
    String id = fx(() -> window.viewModel().remote().exhibit().lastRecordProperty().get().id());
    waitFor(30, "in the runs list", () -> window.viewModel().library().entries().stream()
        .anyMatch(e -> e.stored().name().equals(id)));
    assertEquals(0, run.duplicates() + run.missing(), "every stream entry exactly once");

    // remembered for the next launch, without the passphrase
    WaitForAsyncUtils.asyncFx(() -> window.stage().close()).get(30, TimeUnit.SECONDS);
    window = null;
    String prefs = Files.readString(dir.resolve("home").resolve("lab.json"));
    assertTrue(prefs.contains("\"remotePort\" : " + ssh.port()), prefs);
    assertTrue(prefs.contains(key.toString()), prefs);
    assertFalse(prefs.contains("sesame"), "no secret is stored");
  }
}
