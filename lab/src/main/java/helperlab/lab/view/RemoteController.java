package helperlab.lab.view;

import helperlab.charts.ChartKind;
import helperlab.lab.chart.LabChart;
import helperlab.lab.chart.ChartGrid;
import helperlab.lab.live.LiveState;
import helperlab.lab.remote.CageStatus;
import helperlab.charts.style.TimeFormat;
import helperlab.lab.viewmodel.BuiltIns;
import helperlab.lab.viewmodel.LiveReadouts;
import helperlab.lab.viewmodel.LiveViewModel;
import helperlab.lab.viewmodel.RemoteViewModel.Connection;
import helperlab.lab.viewmodel.RemoteViewModel;
import helperlab.lab.viewmodel.TriggerChoice;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/**
 * The Remote cage view: connection, the cage's status, policy push, the big button and exhibits; the
 * dialogs about a server (Connect, Deploy, Stop, Uninstall) are {@link ServerDialogs}.
 */
public final class RemoteController {
  private static final String NO_TRIGGER = "none";
  private static final javafx.css.PseudoClass STALE = javafx.css.PseudoClass.getPseudoClass("stale");

  @FXML private BorderPane remoteRoot;
  @FXML private Label connectionText;
  @FXML private Button connectButton;
  @FXML private Button disconnectButton;
  @FXML private Label errorText;
  @FXML private Button retryButton;
  @FXML private GridPane statusGrid;
  /** The run on the cage (or the exhibit's record) says the host starved it, as the Runs view does. */
  @FXML private Label remoteStarved;
  @FXML private ComboBox<String> pushPolicy;
  @FXML private Button pushButton;
  @FXML private Label policyResult;
  @FXML private Label exhibitPolicy;
  @FXML private Button calibrateButton;
  @FXML private CheckBox quickCalibration;
  @FXML private Label calibrationProgress;
  @FXML private Button deployButton;
  @FXML private Button stopCageButton;
  @FXML private Button uninstallButton;
  @FXML private javafx.scene.control.ListView<String> deploySteps;
  @FXML private ComboBox<String> exhibitScenario;
  @FXML private Spinner<Integer> exhibitSeed;
  @FXML private ComboBox<String> exhibitTrigger;
  @FXML private Button exhibitButton;
  @FXML private Button stopButton;
  @FXML private Button remoteHelper;
  @FXML private Label pressResult;
  @FXML private Label remoteWorkers;
  @FXML private Label remoteTime;
  @FXML private Label remoteState;
  @FXML private Label linkText;
  @FXML private Label countsText;
  @FXML private ChartGrid remoteCharts;

  private RemoteViewModel vm;
  private ServerDialogs dialogs;

  void init(RemoteViewModel model, Window window, Supplier<List<String>> styles) {
    this.vm = model;
    this.dialogs = new ServerDialogs(model, window, styles);
    LiveViewModel ex = vm.exhibit();
    pushPolicy.getItems().setAll(BuiltIns.policies());
    pushPolicy.valueProperty().bindBidirectional(vm.policyProperty());
    exhibitScenario.getItems().setAll(BuiltIns.scenarios());
    // one policy choice: the exhibit plays the policy pushed (or about to be pushed) to the cage
    ex.policyProperty().bindBidirectional(vm.policyProperty());
    exhibitPolicy.textProperty().bind(vm.policyProperty());
    initExhibitTrigger(ex);
    calibrationProgress.textProperty().bind(vm.calibrationProgressProperty());
    vm.calibratingProperty().addListener((o, a, b) -> showConnection());
    deploySteps.setItems(vm.deploy().steps());
    deploySteps.setCellFactory(list -> new javafx.scene.control.ListCell<>() {
      { // steps and failures are sentences: wrapped to the panel, never cut
        setWrapText(true);
        prefWidthProperty().bind(list.widthProperty().subtract(20));
        setMaxWidth(javafx.scene.control.Control.USE_PREF_SIZE);
      }

      @Override
      protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        setText(empty ? null : item);
      }
    });
    vm.deploy().steps().addListener((javafx.collections.ListChangeListener<String>) c ->
        deploySteps.scrollTo(Math.max(0, deploySteps.getItems().size() - 1)));
    deployButton.disableProperty().bind(vm.deploy().busyProperty());
    // Stop and Uninstall reach the server named last over SSH of their own, connected or not (a cage that no longer
    // answers is when they are wanted); with no server named yet there is nothing to stop (issue 44)
    javafx.beans.binding.BooleanBinding noServer = javafx.beans.binding.Bindings.createBooleanBinding(
        () -> vm.settingsProperty().get() == null || vm.settingsProperty().get().host().isBlank(), vm.settingsProperty());
    stopCageButton.disableProperty().bind(vm.deploy().busyProperty().or(noServer));
    uninstallButton.disableProperty().bind(vm.deploy().busyProperty().or(noServer));
    exhibitScenario.valueProperty().bindBidirectional(ex.scenarioProperty());
    Choices.seedSpinner(exhibitSeed, ex.seedProperty());

    connectionText.textProperty().bind(vm.connectionTextProperty());
    errorText.textProperty().bind(vm.errorProperty());
    retryButton.visibleProperty().bind(vm.gaveUpProperty());
    retryButton.managedProperty().bind(vm.gaveUpProperty());
    // values from before the link went stay on screen, greyed: they are stale, not the cage's now
    vm.staleProperty().addListener((o, was, now) -> statusGrid.pseudoClassStateChanged(STALE, now));
    policyResult.textProperty().bind(vm.policyResultProperty());
    pressResult.textProperty().bind(Bindings.createStringBinding(() -> vm.pressResultProperty().get().isEmpty()
        ? "sends a batch of images to the real cage" : vm.pressResultProperty().get(), vm.pressResultProperty()));
    linkText.textProperty().bind(vm.linkProperty());
    vm.linkProperty().addListener((o, a, b) -> {
      linkText.getStyleClass().remove("down");
      if (b != null && b.startsWith("disconnected")) {
        linkText.getStyleClass().add("down");
      }
    });
    LiveReadouts shown = ex.readouts();
    remoteWorkers.textProperty().bind(shown.workersProperty().asString());
    remoteTime.textProperty().bind(Bindings.createStringBinding(() -> TimeFormat.elapsed(shown.timeProperty().get()),
        shown.timeProperty()));
    countsText.textProperty().bind(Bindings.createStringBinding(() -> String.format(Locale.ROOT,
        "met %d · missed %d · refused %d · spawns %d", shown.metProperty().get(), shown.lateProperty().get(),
        shown.refusedProperty().get(), shown.spawnsProperty().get()), shown.metProperty(), shown.lateProperty(),
        shown.refusedProperty(), shown.spawnsProperty()));

    vm.statusProperty().addListener((o, a, b) -> showStatus(b));
    showStatus(vm.statusProperty().get());
    vm.exhibit().lastRecordProperty().addListener((o, a, b) -> showStarved());
    vm.connectionProperty().addListener((o, a, b) -> showConnection());
    ex.stateProperty().addListener((o, a, b) -> {
      showConnection();
      showStarved();
    });
    showConnection();
    ex.runProperty().addListener((o, a, b) -> {
      var runs = vm.plotted(); // the exhibit and its replay, drawn as they come
      if (b == null || runs.isEmpty()) {
        remoteCharts.clear();
      } else {
        remoteCharts.stream(runs.get(0), runs.size() > 1 ? runs.get(1) : null);
        if (!vm.cageCalibrated()) {
          UncalibratedReplay.grey(remoteCharts);
        }
      }
    });
    // the exhibit's record and its exact replay, once both are in, take the place of the streamed lines
    vm.replayProperty().addListener((o, a, b) -> {
      var pair = vm.recordedPair(); // empty until the record and its replay are both in
      if (!pair.isEmpty()) {
        remoteCharts.show(pair);
        remoteCharts.setTriggers(TriggerMarks.marks(vm.recordTriggerWindows()));
        if (!vm.recordCalibrated()) {
          UncalibratedReplay.grey(remoteCharts);
        }
      }
    });
    remoteCharts.timeCursorProperty().set(Double.NaN);
    remoteCharts.clear();
  }

  private void showConnection() {
    Connection c = vm.connectionProperty().get();
    boolean connected = c == Connection.CONNECTED;
    LiveState s = vm.exhibit().stateProperty().get();
    boolean running = vm.exhibit().isActive();
    connectButton.setDisable(c == Connection.CONNECTING);
    disconnectButton.setDisable(c == Connection.DISCONNECTED);
    pushButton.setDisable(!connected);
    remoteHelper.setDisable(!connected || running); // during an exhibit the cage plays the exhibit's batches only
    exhibitButton.setDisable(!connected || running || vm.calibratingProperty().get());
    calibrateButton.setDisable(!connected || running || vm.calibratingProperty().get());
    stopButton.setDisable(!running);
    remoteState.setText(s.name());
    remoteState.getStyleClass().removeAll("running", "paused", "finished", "failed");
    remoteState.getStyleClass().add(s.name().toLowerCase(Locale.ROOT));
  }

  /**
   * Once an exhibit has ended its record speaks for the run on the charts; until then (and with no
   * exhibit) the cage's status speaks for the run that is on, as measured so far.
   */
  private void showStarved() {
    String note = vm.starvedNote();
    remoteStarved.setText(note == null ? "" : note);
    remoteStarved.setVisible(note != null);
    remoteStarved.setManaged(note != null);
  }

  private void showStatus(CageStatus s) {
    showStarved();
    statusGrid.getChildren().clear();
    if (s == null) {
      statusGrid.add(new Label("—"), 0, 0);
      return;
    }
    int row = 0;
    for (String[] r : s.rows()) {
      Label k = new Label(r[0]);
      k.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // names whole; the values wrap
      Label v = new Label(r[1]);
      v.getStyleClass().add("status-value");
      v.setWrapText(true);
      if (r[1].length() > 40) {
        // a long cgroup path must not push the exhibit's buttons below the fold: two lines, the whole on hover
        v.setMaxHeight(2.6 * v.getFont().getSize() * 1.3);
        v.setTextOverrun(OverrunStyle.ELLIPSIS);
        v.setTooltip(new Tooltip(r[1]));
      }
      v.setId("status-" + r[0].toLowerCase(Locale.ROOT).replace(' ', '-'));
      if (r[0].equals("Calibration") && s.calibrationDoubtful()) {
        v.getStyleClass().add("run-starved"); // a doubt about the numbers, said as the starved run's is
      }
      statusGrid.add(k, 0, row);
      statusGrid.add(v, 1, row);
      row++;
    }
  }

  /** The exhibit's trigger choice ("none" first) and its band on the charts while the exhibit streams. */
  private void initExhibitTrigger(LiveViewModel ex) {
    exhibitTrigger.getItems().add(NO_TRIGGER);
    RemoteViewModel.exhibitTriggerChoices().forEach(c -> exhibitTrigger.getItems().add(c.label()));
    TriggerChoice now = vm.exhibitTriggerProperty().get();
    exhibitTrigger.setValue(now == null ? NO_TRIGGER : now.label());
    exhibitTrigger.valueProperty().addListener((o, a, b) -> vm.exhibitTriggerProperty().set(
        RemoteViewModel.exhibitTriggerChoices().stream().filter(c -> c.label().equals(b)).findFirst().orElse(null)));
    ex.triggers().allProperty().addListener((o, a, b) -> remoteCharts.setTriggers(TriggerMarks.of(b)));
  }

  /** Every frame: readouts, new chart points and the link's down times. */
  void frame() {
    vm.poll();
    remoteCharts.pull();
    List<double[]> gaps = vm.gaps();
    remoteCharts.setBands(gaps, "link down");
    double staleFrom = vm.exhibitStaleFromS();
    remoteCharts.setStaleFrom(staleFrom);
    boolean stale = !Double.isNaN(staleFrom);
    // the exhibit's last values stay on screen while its link is down, marked as not the cage's now
    for (Label l : List.of(remoteWorkers, remoteTime, countsText)) {
      l.pseudoClassStateChanged(STALE, stale);
    }
    holdTimeAxisOverTheGap(stale ? gaps.get(gaps.size() - 1)[1] : Double.NaN);
  }

  /**
   * While the link is down the time axis reaches the growing band's end (it would stop at the last
   * sample received, and the band would be off the edge); the axes follow the data again once it is
   * back. Charts the user zoomed are left alone.
   */
  private void holdTimeAxisOverTheGap(double endS) {
    if (Double.isNaN(endS)) {
      for (ChartKind k : axisHeld) {
        LabChart c = remoteCharts.chart(k);
        if (c != null) {
          c.resetZoom();
        }
      }
      axisHeld.clear();
      return;
    }
    for (ChartKind k : ChartKind.values()) {
      LabChart c = remoteCharts.chart(k);
      if (c != null && (axisHeld.contains(k) || !c.isZoomed())) {
        c.zoomTo(0, endS);
        axisHeld.add(k);
      }
    }
  }

  /** The charts whose time axis is held over an open gap (not the user's zoom). */
  private final java.util.Set<ChartKind> axisHeld = java.util.EnumSet.noneOf(ChartKind.class);

  boolean isActive() {
    return vm.exhibit().isActive();
  }

  ChartGrid charts() {
    return remoteCharts;
  }

  @FXML
  void connect() {
    dialogs.connect();
  }

  @FXML
  void deploy() {
    dialogs.deploy();
  }

  @FXML
  void stopCage() {
    dialogs.stopCage();
  }

  @FXML
  void uninstall() {
    dialogs.uninstall();
  }

  @FXML
  void retry() {
    vm.retry();
  }

  @FXML
  void disconnect() {
    vm.disconnect();
  }

  @FXML
  void pushPolicy() {
    vm.pushPolicy();
  }

  @FXML
  void press() {
    vm.press();
  }

  @FXML
  void calibrate() {
    vm.calibrate(quickCalibration.isSelected());
  }

  @FXML
  void startExhibit() {
    vm.startExhibit();
  }

  @FXML
  void stopFollowing() {
    vm.exhibit().reset();
  }
}
