package helperlab.lab.view;

import helperlab.lab.chart.ChartGrid;
import helperlab.lab.live.LiveSettings;
import helperlab.lab.live.LiveState;
import helperlab.lab.live.Speed;
import helperlab.charts.style.TimeFormat;
import helperlab.lab.viewmodel.BuiltIns;
import helperlab.lab.viewmodel.LiveReadouts;
import helperlab.lab.viewmodel.LiveTriggers;
import helperlab.lab.viewmodel.LiveViewModel;
import helperlab.lab.viewmodel.TriggerChoice;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/** The live view: chooser, clock controls, the big helper button, readouts and streaming charts. */
public final class LiveController {
  @FXML private BorderPane liveRoot;
  @FXML private ComboBox<String> policy;
  @FXML private ComboBox<String> scenario;
  @FXML private ComboBox<String> machine;
  @FXML private Spinner<Integer> seed;
  @FXML private ComboBox<String> admission;
  @FXML private ToggleGroup speedGroup;
  @FXML private ToggleButton speed1;
  @FXML private ToggleButton speed10;
  @FXML private ToggleButton speed60;
  @FXML private ToggleButton speedMax;
  @FXML private Button runButton;
  @FXML private Button pauseButton;
  @FXML private Button resetButton;
  @FXML private Button skipButton;
  @FXML private Button helperButton;
  @FXML private Label helperSub;
  @FXML private Label triggerStatus;
  @FXML private ComboBox<TriggerChoice> triggerChoice;
  @FXML private Button triggerButton;
  @FXML private Label workersBig;
  @FXML private Label timeBig;
  @FXML private Label stateBadge;
  @FXML private Label busyValue;
  @FXML private Label queueValue;
  @FXML private Label memoryValue;
  @FXML private Label spawnsValue;
  @FXML private Label submittedValue;
  @FXML private Label metValue;
  @FXML private Label lateValue;
  @FXML private Label refusedValue;
  @FXML private Label pressedValue;
  @FXML private ChartGrid liveCharts;
  @FXML private VBox sidePanel;
  @FXML private Label keysHint;
  @FXML private PolicyFormController policyFormController;

  private LiveViewModel vm;

  /** A narrow band per press, a four-hundredth of the run wide (a few pixels on an hour), unlabelled: a label on
   * each would cover the data, and at the run's edge it was cut to "he". */
  private void markPresses() {
    double width = Math.max(1, vm.durationProperty().get() / 400);
    liveCharts.setBands(vm.readouts().presses().stream().map(t -> new double[] {t, t + width}).toList(), null);
  }

  @FXML
  void openPolicyFile() {
    javafx.stage.FileChooser fc = new javafx.stage.FileChooser();
    fc.setTitle("Open a policy file");
    fc.getExtensionFilters().add(new javafx.stage.FileChooser.ExtensionFilter("Policy files (*.json)", "*.json"));
    java.io.File f = OwnedDialogs.keepMaximised(policy.getScene().getWindow(), fc::showOpenDialog);
    if (f != null) {
      vm.openPolicyFile(f.toPath());
    }
  }

  void init(LiveViewModel model) {
    this.vm = model;
    policy.setItems(vm.policies().ids()); // the built-ins and the policies opened from files
    policyFormController.init(vm.form());
    scenario.getItems().setAll(LiveSettings.scenarios());
    machine.getItems().setAll(BuiltIns.machines());
    admission.getItems().setAll(Choices.admissions());
    policy.valueProperty().bindBidirectional(vm.policyProperty());
    scenario.valueProperty().bindBidirectional(vm.scenarioProperty());
    machine.valueProperty().bindBidirectional(vm.machineProperty());
    admission.valueProperty().bindBidirectional(vm.admissionProperty());
    Choices.seedSpinner(seed, vm.seedProperty());

    Map<Speed, ToggleButton> speeds = new EnumMap<>(Speed.class);
    speeds.put(Speed.X1, speed1);
    speeds.put(Speed.X10, speed10);
    speeds.put(Speed.X60, speed60);
    speeds.put(Speed.MAX, speedMax);
    speeds.forEach((s, b) -> b.setUserData(s));
    speedGroup.selectToggle(speeds.get(vm.speedProperty().get()));
    speedGroup.selectedToggleProperty().addListener((o, a, b) -> {
      if (b == null) {
        speedGroup.selectToggle(a); // always one speed
      } else {
        vm.speedProperty().set((Speed) b.getUserData());
      }
    });
    vm.speedProperty().addListener((o, a, b) -> {
      Toggle t = speeds.get(b);
      if (speedGroup.getSelectedToggle() != t) {
        speedGroup.selectToggle(t);
      }
    });
    liveRoot.heightProperty().addListener((o, a, b) -> fitKeysHint());
    sidePanel.widthProperty().addListener((o, a, b) -> fitKeysHint());
    boolean canSpeed = vm.canChangeSpeed();
    speeds.values().forEach(b -> b.setDisable(!canSpeed));

    LiveReadouts shown = vm.readouts();
    workersBig.textProperty().bind(shown.workersProperty().asString());
    timeBig.textProperty().bind(Bindings.createStringBinding(() -> TimeFormat.elapsed(shown.timeProperty().get()),
        shown.timeProperty()));
    busyValue.textProperty().bind(shown.busyProperty().asString());
    queueValue.textProperty().bind(shown.queueProperty().asString());
    memoryValue.textProperty().bind(Bindings.createStringBinding(() -> Formats.mb(shown.memoryProperty().get()),
        shown.memoryProperty()));
    spawnsValue.textProperty().bind(shown.spawnsProperty().asString());
    submittedValue.textProperty().bind(shown.submittedProperty().asString());
    metValue.textProperty().bind(shown.metProperty().asString());
    lateValue.textProperty().bind(shown.lateProperty().asString());
    refusedValue.textProperty().bind(shown.refusedProperty().asString());
    pressedValue.textProperty().bind(shown.pressedProperty().asString());

    LiveTriggers triggers = vm.triggers();
    triggerChoice.getItems().setAll(TriggerChoice.values());
    triggerChoice.valueProperty().bindBidirectional(triggers.choiceProperty());
    triggerButton.disableProperty().bind(triggers.runningProperty());
    triggerStatus.textProperty().bind(triggers.textProperty());
    triggerStatus.visibleProperty().bind(triggers.textProperty().isNotEmpty());
    helperSub.visibleProperty().bind(triggers.textProperty().isEmpty());
    // the bands change when a trigger starts or is judged, never per frame
    triggers.allProperty().addListener((o, a, b) -> liveCharts.setTriggers(TriggerMarks.of(b)));
    // each press of the big button leaves a mark on every chart where its batch came in
    vm.readouts().presses().addListener((javafx.collections.ListChangeListener<Double>) ch -> markPresses());

    vm.stateProperty().addListener((o, a, b) -> showState(b));
    showState(vm.stateProperty().get());
    vm.runProperty().addListener((o, a, b) -> {
      if (b == null) {
        liveCharts.clear();
      } else {
        liveCharts.stream(vm.plotted());
        liveCharts.setTriggers(TriggerMarks.of(triggers.allProperty().get()));
        markPresses();
      }
    });
    liveCharts.timeCursorProperty().set(Double.NaN);
    liveCharts.clear();
  }

  private void showState(LiveState s) {
    stateBadge.setText(s.name());
    stateBadge.getStyleClass().removeAll("running", "paused", "finished", "failed");
    stateBadge.getStyleClass().add(s.name().toLowerCase(Locale.ROOT));
    boolean active = s == LiveState.RUNNING || s == LiveState.PAUSED;
    pauseButton.setDisable(!active);
    skipButton.setDisable(!active || !vm.canChangeSpeed());
    pauseButton.setText(s == LiveState.PAUSED ? "Resume" : "Pause");
    runButton.setText(active ? "Restart" : "Run");
    resetButton.setDisable(s == LiveState.READY);
  }

  /** Every frame: readouts and new chart points. */
  void frame() {
    vm.poll();
    liveCharts.pull();
  }

  /** Keys while the Live view is shown; true if handled. */
  boolean handleKey(KeyEvent e) {
    boolean onTrigger = triggerButton.isFocused() || triggerChoice.isFocused();
    if (onTrigger && (e.getCode() == KeyCode.ENTER || e.getCode() == KeyCode.SPACE)) {
      return false; // the focused Trigger control takes its own keys
    }
    if (e.getCode() == KeyCode.H || e.getCode() == KeyCode.ENTER) {
      pressHelper();
      return true;
    }
    if (e.getCode() == KeyCode.T) {
      fireTrigger();
      return true;
    }
    if (e.getCode() == KeyCode.SPACE) {
      togglePause();
      return true;
    }
    return false;
  }

  ChartGrid charts() {
    return liveCharts;
  }

  /**
   * The keys' hint at the panel's foot gives way when the view is too short for it and everything above it (at
   * 1280 × 720): a panel taller than its view would slide it under the status bar, cut. F1 lists the keys too.
   */
  private void fitKeysHint() {
    javafx.geometry.Insets in = sidePanel.getInsets();
    double w = sidePanel.getWidth() - in.getLeft() - in.getRight();
    double need = in.getTop() + in.getBottom() + keysHint.prefHeight(w);
    for (javafx.scene.Node c : sidePanel.getChildren()) {
      if (c != keysHint && c.isManaged()) {
        need += c.prefHeight(c.getContentBias() == javafx.geometry.Orientation.HORIZONTAL ? w : -1)
            + sidePanel.getSpacing();
      }
    }
    boolean fits = need <= liveRoot.getHeight();
    keysHint.setVisible(fits);
    keysHint.setManaged(fits);
  }

  @FXML
  void pressHelper() {
    vm.pressHelper();
  }

  /** The Trigger button: the chosen trigger, now, for 60 s. */
  @FXML
  void fireTrigger() {
    vm.fireTrigger();
  }

  @FXML
  void run() {
    vm.start();
  }

  @FXML
  void togglePause() {
    vm.togglePause();
  }

  /** Fast-forwards the running clock by ten minutes. */
  @FXML
  void skip() {
    vm.skip(600);
  }

  @FXML
  void reset() {
    vm.reset();
  }
}
