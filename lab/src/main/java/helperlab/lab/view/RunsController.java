package helperlab.lab.view;

import helperlab.lab.chart.ChartGrid;
import helperlab.lab.viewmodel.EventFilter;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.MainViewModel;
import helperlab.lab.viewmodel.PlaybackSpeed;
import helperlab.lab.viewmodel.RunEntry;
import helperlab.lab.viewmodel.RunListFilter;
import helperlab.lab.viewmodel.RunPairs;
import helperlab.lab.viewmodel.TimelineViewModel;
import helperlab.lab.viewmodel.EventRow;
import java.io.File;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.fxml.FXML;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Slider;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;

/**
 * The Runs view: the run list, and the timeline of the open run (charts, scrubber, and the event list,
 * {@link EventTable}).
 */
public final class RunsController {
  @FXML private SplitPane runsRoot;
  @FXML private ListView<RunEntry> runList;
  @FXML private TextField runWords;
  @FXML private ChoiceBox<RunListFilter.Shown> runKind;
  @FXML private Label runCount;
  @FXML private Label folderLabel;
  @FXML private Button refreshButton;
  @FXML private Button openFileButton;
  @FXML private Button overlayButton;
  @FXML private Label runTitle;
  @FXML private Label runMetrics;
  /**
   * A real run the host starved says so (its deadlines are the host's doing as much as the policy's), and one made on
   * another processor than its calibration's (its replay is another machine's).
   */
  @FXML private Label runStarved;
  @FXML private ChartGrid runCharts;
  @FXML private SplitPane chartsAndEvents;
  @FXML private ToggleButton playButton;
  @FXML private ChoiceBox<PlaybackSpeed> speed;
  @FXML private Button prevEventButton;
  @FXML private Button nextEventButton;
  @FXML private ChoiceBox<EventFilter> filter;
  @FXML private Slider scrubber;
  @FXML private Label cursorLabel;
  @FXML private Label stateLabel;
  @FXML private TableView<EventRow> events;
  @FXML private TableColumn<EventRow, String> timeColumn;
  @FXML private TableColumn<EventRow, String> typeColumn;
  @FXML private TableColumn<EventRow, String> workerColumn;
  @FXML private TableColumn<EventRow, String> taskColumn;
  @FXML private TableColumn<EventRow, String> imageColumn;
  @FXML private TableColumn<EventRow, String> valueColumn;
  @FXML private TableColumn<EventRow, String> noteColumn;

  private MainViewModel main;
  private TimelineViewModel vm;

  void init(MainViewModel model) {
    this.main = model;
    this.vm = model.timeline();
    runList.setItems(main.runFilter().runs());
    runWords.textProperty().bindBidirectional(main.runFilter().wordsProperty());
    runKind.getItems().setAll(RunListFilter.Shown.values());
    runKind.valueProperty().bindBidirectional(main.runFilter().shownProperty());
    // an empty .json is no run, but is said under the list rather than dropped without a word (issue 44)
    runCount.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> main.runFilter().countText()
        .get() + (main.library().leftOutProperty().get().isEmpty() ? "" : " · " + main.library().leftOutProperty().get()),
        main.runFilter().countText(), main.library().leftOutProperty()));
    runList.setCellFactory(l -> new RunCell());
    runList.setOnMouseClicked(e -> {
      if (e.getClickCount() == 2) {
        openSelected();
      }
    });
    runList.setOnKeyPressed(e -> {
      if (e.getCode() == KeyCode.ENTER) {
        openSelected();
        e.consume();
      } else if (e.getCode() == KeyCode.DELETE) {
        deleteSelected();
        e.consume();
      }
    });
    runList.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
    MenuItem delete = new MenuItem("Delete from history");
    delete.setOnAction(e -> deleteSelected());
    MenuItem withPair = new MenuItem("Compare with its replay");
    withPair.setOnAction(e -> compareWithItsPair());
    runList.setContextMenu(new ContextMenu(withPair, delete));
    runList.setOnContextMenuRequested(e -> {
      delete.setDisable(runList.getSelectionModel().getSelectedItems().stream()
          .anyMatch(r -> r.origin() != RunEntry.Origin.HISTORY));
      RunEntry chosen = runList.getSelectionModel().getSelectedItem();
      withPair.setText(chosen != null && chosen.kind() == RunEntry.Kind.REPLAY ? "Compare with its run"
          : "Compare with its replay");
      withPair.setDisable(chosen == null || RunPairs.pairOf(chosen, main.library().entries()).isEmpty());
    });
    Label nothingShown = new Label();
    nothingShown.setId("runListEmpty");
    nothingShown.textProperty().bind(main.runFilter().emptyText());
    runList.setPlaceholder(nothingShown);
    // the folder's name, whole; its full path in the tooltip and the status bar
    folderLabel.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
      java.nio.file.Path f = main.library().folderProperty().get();
      java.nio.file.Path name = f == null ? null : f.toAbsolutePath().normalize().getFileName();
      return "folder: " + (name == null ? f : name);
    }, main.library().folderProperty()));
    javafx.scene.control.Tooltip where = new javafx.scene.control.Tooltip();
    where.textProperty().bind(main.library().folderProperty().asString());
    folderLabel.setTooltip(where);

    runCharts.columnsProperty().bind(main.chartColumnsProperty());
    // the divider stays where the user put it, across resizes and sessions
    SplitPane.Divider divider = chartsAndEvents.getDividers().get(0);
    divider.setPosition(main.runsDividerProperty().get());
    divider.positionProperty().addListener((o, a, b) -> main.runsDividerProperty().set(b.doubleValue()));
    SplitPane.setResizableWithParent(runCharts, true);

    runTitle.textProperty().bind(vm.titleProperty());
    vm.recordProperty().addListener((o, a, r) -> showRecord());
    runCharts.timeCursorProperty().set(Double.NaN);
    if (vm.recordProperty().get() != null) {
      showRecord(); // opened before this view was first shown
    }
    runCharts.timeCursorProperty().addListener((o, a, b) -> {
      if (vm.recordProperty().get() != null && Double.isFinite(b.doubleValue())
          && b.doubleValue() != vm.cursorProperty().get()) {
        vm.setCursor(b.doubleValue());
      }
    });
    vm.cursorProperty().addListener((o, a, b) -> {
      if (vm.recordProperty().get() != null) {
        runCharts.timeCursorProperty().set(b.doubleValue());
      }
    });

    scrubber.maxProperty().bind(vm.endProperty());
    scrubber.valueProperty().bindBidirectional(vm.cursorProperty());
    scrubber.disableProperty().bind(vm.recordProperty().isNull());
    cursorLabel.textProperty().bind(vm.cursorTextProperty());
    stateLabel.textProperty().bind(vm.stateTextProperty());

    playButton.selectedProperty().bindBidirectional(vm.playingProperty());
    playButton.textProperty().bind(vm.playingProperty().map(p -> p ? "❚❚ Pause" : "▶ Play"));
    playButton.disableProperty().bind(vm.recordProperty().isNull());
    prevEventButton.disableProperty().bind(vm.recordProperty().isNull());
    nextEventButton.disableProperty().bind(vm.recordProperty().isNull());
    speed.getItems().setAll(PlaybackSpeed.values());
    speed.valueProperty().bindBidirectional(vm.speedProperty());
    filter.getItems().setAll(EventFilter.values());
    filter.valueProperty().bindBidirectional(vm.filterProperty());

    new EventTable(events, new EventTable.Columns(timeColumn, typeColumn, workerColumn, taskColumn, imageColumn,
        valueColumn, noteColumn), vm);
  }

  private void showRecord() {
    var r = vm.recordProperty().get();
    runMetrics.setText(vm.metricsText());
    // what the run says of the machine under it: starved by the host, or made on another machine than its calibration
    String note = vm.machineNote();
    runStarved.setText(note);
    runStarved.setManaged(!note.isEmpty());
    runStarved.setVisible(!note.isEmpty());
    runCharts.show(vm.plottedRuns());
    runCharts.setTriggers(TriggerMarks.marks(vm.triggerWindows()));
    runCharts.timeCursorProperty().set(r == null ? Double.NaN : vm.cursorProperty().get());
  }

  /** Keys while the Runs view is shown; true if handled. */
  boolean handleKey(KeyEvent e) {
    if (vm.recordProperty().get() == null) {
      return false;
    }
    boolean ctrl = e.isControlDown() || e.isShortcutDown();
    double step = e.isShiftDown() ? 10 : 1;
    switch (e.getCode()) {
      case SPACE -> vm.togglePlay();
      case RIGHT -> {
        if (ctrl) {
          vm.nextEvent();
        } else {
          vm.step(step);
        }
      }
      case LEFT -> {
        if (ctrl) {
          vm.previousEvent();
        } else {
          vm.step(-step);
        }
      }
      case N -> vm.nextEvent();
      case P -> vm.previousEvent();
      case HOME -> vm.home();
      case END -> vm.toEnd();
      default -> {
        return false;
      }
    }
    return true;
  }

  /** The list may handle its own arrows; the timeline takes them everywhere else. */
  boolean ownsArrows(javafx.scene.Node focused) {
    for (javafx.scene.Node n = focused; n != null; n = n.getParent()) {
      if (n == runList) {
        return true;
      }
    }
    return false;
  }

  ChartGrid charts() {
    return runCharts;
  }

  @FXML
  void openSelected() {
    RunEntry e = runList.getSelectionModel().getSelectedItem();
    if (e == null) {
      main.notices().error("Select a run in the list first");
      return;
    }
    main.openRunFile(e.file());
  }

  @FXML
  void refresh() {
    main.library().refresh();
  }

  @FXML
  void openFile() {
    FileChooser fc = new FileChooser();
    fc.setTitle("Open a run record");
    fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Run records (*.json)", "*.json"));
    File dir = main.library().folderProperty().get().toFile();
    if (dir.isDirectory()) {
      fc.setInitialDirectory(dir);
    }
    File f = OwnedDialogs.keepMaximised(runsRoot.getScene().getWindow(), fc::showOpenDialog);
    if (f != null) {
      main.openRunFile(f.toPath());
    }
  }

  @FXML
  void chooseFolder() {
    DirectoryChooser dc = new DirectoryChooser();
    dc.setTitle("Choose the runs folder");
    File f = OwnedDialogs.keepMaximised(runsRoot.getScene().getWindow(), dc::showDialog);
    if (f != null) {
      main.library().folderProperty().set(f.toPath());
    }
  }

  @FXML
  void overlaySelected() {
    RunEntry e = runList.getSelectionModel().getSelectedItem();
    if (e == null) {
      main.notices().error("Select the run to overlay in the list first (the open run is A, the selected one B)");
      return;
    }
    main.overlayWith(e.file());
  }

  /** A real run and its replay (or a replay and its run) overlaid in the Compare view. */
  void compareWithItsPair() {
    RunEntry e = runList.getSelectionModel().getSelectedItem();
    if (e == null) {
      main.notices().error("Select a real run or a replay in the list first");
      return;
    }
    main.compare().compareWithItsPair(e).thenRun(() -> main.viewProperty().set(LabView.COMPARE));
  }

  @FXML
  void togglePlay() {
    // the button's state is bound to the view model's; from the end, play starts over
    if (vm.playingProperty().get() && vm.cursorProperty().get() >= vm.endProperty().get()) {
      vm.home();
    }
  }

  @FXML
  void nextEvent() {
    vm.nextEvent();
  }

  @FXML
  void previousEvent() {
    vm.previousEvent();
  }

  /** Deletes the selected history runs after asking (runs in the runs folder are not the lab's to delete). */
  @FXML
  void deleteSelected() {
    List<RunEntry> chosen = List.copyOf(runList.getSelectionModel().getSelectedItems());
    if (chosen.isEmpty()) {
      return;
    }
    if (chosen.stream().anyMatch(r -> r.origin() != RunEntry.Origin.HISTORY)) {
      main.notices().error("Cannot delete: only runs in the lab's history can be deleted here; runs in the runs folder"
          + " are your files");
      return;
    }
    Alert ask = new Alert(Alert.AlertType.CONFIRMATION, chosen.size() == 1 ? "Delete " + chosen.get(0).name()
        + " from the history?" : "Delete these " + chosen.size() + " runs from the history?", ButtonType.OK,
        ButtonType.CANCEL);
    OwnedDialogs.own(ask, runList.getScene().getWindow());
    ask.setHeaderText(null);
    ask.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> main.library().delete(chosen));
  }
}
