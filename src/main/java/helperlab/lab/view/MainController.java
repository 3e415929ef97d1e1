package helperlab.lab.view;

import helperlab.lab.chart.BreakevenPlot;
import helperlab.lab.chart.ChartGrid;
import helperlab.charts.ChartKind;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.MainViewModel;
import helperlab.lab.viewmodel.Notice;
import helperlab.lab.viewmodel.Theme;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.fxml.FXML;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * The main window: menus, the error banner, the four views as tabs, the status bar, keyboard
 * shortcuts, and the frame timer that streams live data and plays the timeline.
 */
public final class MainController {
  @FXML private BorderPane root;
  @FXML private TabPane tabs;
  @FXML private Tab liveTab;
  @FXML private Tab runsTab;
  @FXML private Tab compareTab;
  @FXML private Tab sweepTab;
  @FXML private Tab remoteTab;
  @FXML private HBox banner;
  @FXML private Label bannerText;
  @FXML private Button bannerClose;
  @FXML private Label statusSource;
  @FXML private Label statusFolder;
  @FXML private Label statusMessage;
  @FXML private RadioMenuItem lightItem;
  @FXML private RadioMenuItem darkItem;
  @FXML private RadioMenuItem columnsAuto;
  @FXML private RadioMenuItem columns1;
  @FXML private RadioMenuItem columns2;
  @FXML private RadioMenuItem columns3;
  @FXML private LiveController liveController;
  // the other views are built the first time they are shown, so the window opens fast
  private RunsController runsController;
  private CompareController compareController;
  private SweepController sweepController;
  private RemoteController remoteController;

  private MainViewModel vm;
  private Stage stage;
  private final Map<LabView, Tab> tabByView = new EnumMap<>(LabView.class);
  private AnimationTimer frames;
  private long lastFrame;
  private long frameCount;

  void init(MainViewModel model, Stage window) {
    this.vm = model;
    this.stage = window;
    liveController.init(vm.live());
    liveController.charts().columnsProperty().bind(vm.chartColumnsProperty());
    RadioMenuItem[] columnItems = {columnsAuto, columns1, columns2, columns3};
    columnItems[Math.max(0, Math.min(3, vm.chartColumnsProperty().get()))].setSelected(true);

    tabByView.put(LabView.LIVE, liveTab);
    tabByView.put(LabView.RUNS, runsTab);
    tabByView.put(LabView.COMPARE, compareTab);
    tabByView.put(LabView.SWEEP, sweepTab);
    tabByView.put(LabView.REMOTE, remoteTab);
    build(vm.viewProperty().get());
    tabs.getSelectionModel().select(tabByView.get(vm.viewProperty().get()));
    tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> tabByView.forEach((v, t) -> {
      if (t == b) {
        build(v);
        vm.viewProperty().set(v);
      }
    }));
    vm.viewProperty().addListener((o, a, b) -> {
      build(b);
      tabs.getSelectionModel().select(tabByView.get(b));
    });

    vm.notices().bannerProperty().addListener((o, a, b) -> showBanner(b));
    showBanner(vm.notices().bannerProperty().get());
    vm.notices().latestProperty().addListener((o, a, b) -> {
      statusMessage.setText(b == null ? "" : b.at() + "  " + b.text());
      statusMessage.setStyle(b != null && b.isError() ? "-fx-text-fill: #dc2626;" : "");
    });
    statusSource.textProperty().bind(vm.sourceTitle().statusProperty());
    statusFolder.textProperty().bind(vm.library().folderProperty().asString("runs folder: %s"));

    (vm.themeProperty().get() == Theme.DARK ? darkItem : lightItem).setSelected(true);
    vm.themeProperty().addListener((o, a, b) -> applyTheme(root.getScene()));

    frames = new AnimationTimer() {
      @Override
      public void handle(long now) {
        double dt = lastFrame == 0 ? 0 : Math.min(0.25, (now - lastFrame) / 1e9);
        lastFrame = now;
        frameCount++;
        liveController.frame();
        if (remoteController != null) {
          remoteController.frame();
        }
        vm.timeline().advance(dt);
      }
    };
    // the frame timer runs only while something moves on its own: a live run, or the timeline playing
    // (an idle window then costs next to nothing)
    vm.live().stateProperty().addListener(o -> updateFrames());
    vm.timeline().playingProperty().addListener(o -> updateFrames());
    vm.remote().exhibit().stateProperty().addListener(o -> updateFrames());
  }

  private boolean attached;

  private void updateFrames() {
    if (!attached) {
      return;
    }
    if (vm.live().isActive() || vm.timeline().playingProperty().get() || vm.remote().exhibit().isActive()) {
      frames.start();
    } else {
      frames.stop();
      lastFrame = 0;
      liveController.frame(); // the last samples and readouts of a run that just ended
      if (remoteController != null) {
        remoteController.frame();
      }
    }
  }

  /** Builds a view's content the first time it is needed. */
  private void build(LabView v) {
    switch (v) {
      case LIVE -> { }
      case RUNS -> {
        if (runsController == null) {
          runsController = load("/fxml/runs.fxml", runsTab);
          runsController.init(vm);
        }
      }
      case COMPARE -> {
        if (compareController == null) {
          compareController = load("/fxml/compare.fxml", compareTab);
          compareController.init(vm.compare());
          compareController.charts().columnsProperty().bind(vm.chartColumnsProperty());
        }
      }
      case SWEEP -> {
        if (sweepController == null) {
          sweepController = load("/fxml/sweep.fxml", sweepTab);
          sweepController.init(vm);
          vm.openDefaultSweep();
        }
      }
      case REMOTE -> {
        if (remoteController == null) {
          remoteController = load("/fxml/remote.fxml", remoteTab);
          remoteController.init(vm.remote(), stage, () -> root.getScene() == null ? List.of()
              : List.copyOf(root.getScene().getStylesheets()));
          if (remoteController.charts() != null) {
            remoteController.charts().columnsProperty().bind(vm.chartColumnsProperty());
          }
        }
      }
    }
  }

  private static <C> C load(String fxml, Tab tab) {
    FXMLLoader loader = new FXMLLoader(MainController.class.getResource(fxml));
    try {
      tab.setContent(loader.load());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot load " + fxml + ": " + e.getMessage(), e);
    }
    return loader.getController();
  }

  /** Called once the scene exists: stylesheets, keys, frame timer. */
  void attach(Scene scene) {
    applyTheme(scene);
    scene.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
    attached = true;
    updateFrames();
  }

  void detach() {
    attached = false;
    frames.stop();
  }

  void applyTheme(Scene scene) {
    if (scene == null) {
      return;
    }
    scene.getStylesheets().setAll(resource("/styles/lab.css"), resource(vm.themeProperty().get().stylesheet()));
  }

  private static String resource(String path) {
    var url = MainController.class.getResource(path);
    if (url == null) {
      throw new IllegalStateException("missing resource " + path);
    }
    return url.toExternalForm();
  }

  private void showBanner(Notice n) {
    boolean show = n != null;
    banner.setVisible(show);
    banner.setManaged(show);
    bannerText.setText(show ? n.text() : "");
  }

  private void onKey(KeyEvent e) {
    Node focus = root.getScene() == null ? null : root.getScene().getFocusOwner();
    if (e.isAltDown() || isTyping(focus)) {
      return;
    }
    boolean handled = false;
    switch (vm.viewProperty().get()) {
      case LIVE -> handled = !e.isControlDown() && !e.isShortcutDown() && liveController.handleKey(e);
      case RUNS -> {
        if (runsController == null) {
          return;
        }
        boolean arrows = switch (e.getCode()) {
          case UP, DOWN, LEFT, RIGHT, HOME, END -> true;
          default -> false;
        };
        if (!(arrows && runsController.ownsArrows(focus))) {
          handled = runsController.handleKey(e);
        }
      }
      default -> { }
    }
    if (handled) {
      e.consume();
    }
  }

  private static boolean isTyping(Node n) {
    for (Node x = n; x != null; x = x.getParent()) {
      if (x instanceof TextInputControl || x instanceof ComboBoxBase || x instanceof Spinner) {
        return true;
      }
    }
    return false;
  }

  /** The chart grid of the view shown (null for the Sweep view). */
  /** The Sweep view's breakeven chart, null until the Sweep view was first shown. */
  BreakevenPlot breakevenPlot() {
    return sweepController == null ? null : sweepController.breakevenPlot();
  }

  ChartGrid visibleCharts() {
    return switch (vm.viewProperty().get()) {
      case LIVE -> liveController.charts();
      case RUNS -> runsController == null ? null : runsController.charts();
      case COMPARE -> compareController == null ? null : compareController.charts();
      case SWEEP -> null;
      case REMOTE -> remoteController == null ? null : remoteController.charts();
    };
  }

  public long frameCount() {
    return frameCount;
  }

  // ---- menu actions -----------------------------------------------------------------------------

  @FXML
  void openRun() {
    FileChooser fc = new FileChooser();
    fc.setTitle("Open a run record");
    fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Run records (*.json)", "*.json"));
    File dir = vm.library().folderProperty().get().toFile();
    if (dir.isDirectory()) {
      fc.setInitialDirectory(dir);
    }
    File f = fc.showOpenDialog(stage);
    if (f != null) {
      vm.openRunFile(f.toPath());
    }
  }

  @FXML
  void chooseRunsFolder() {
    DirectoryChooser dc = new DirectoryChooser();
    dc.setTitle("Choose the runs folder");
    File f = dc.showDialog(stage);
    if (f != null) {
      vm.library().folderProperty().set(f.toPath());
    }
  }

  @FXML
  void openSweep() {
    DirectoryChooser dc = new DirectoryChooser();
    dc.setTitle("Open a sweep's output directory (with runs.jsonl)");
    File f = dc.showDialog(stage);
    if (f != null) {
      vm.viewProperty().set(LabView.SWEEP);
      vm.sweep().open(f.toPath());
    }
  }

  @FXML
  void export() {
    ChartGrid grid = visibleCharts();
    ChartKind selected = grid == null ? null : grid.selectedProperty().get();
    FXMLLoader loader = new FXMLLoader(MainController.class.getResource("/fxml/export.fxml"));
    Node content;
    try {
      content = loader.load();
    } catch (IOException e) {
      vm.notices().error("Cannot open the export dialog: " + e.getMessage());
      return;
    }
    ExportController c = loader.getController();
    String base = selected == null ? "charts" : selected.id();
    c.init(vm, selected, Path.of(base + ".png").toAbsolutePath());
    Dialog<ButtonType> d = new Dialog<>();
    d.initOwner(stage);
    d.setTitle("Export");
    d.setHeaderText("Export a chart as PNG or SVG, or its data as CSV");
    d.getDialogPane().setContent(content);
    d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
    ((Button) d.getDialogPane().lookupButton(ButtonType.OK)).setText("Export");
    d.getDialogPane().getStylesheets().setAll(root.getScene().getStylesheets());
    d.getDialogPane().setId("export-dialog");
    d.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> {
      if (c.pathText().isBlank()) {
        vm.notices().error("Cannot export: no file name given");
        return;
      }
      vm.export(c.kind(), c.file(), c.widthPx(), c.heightPx());
    });
  }

  @FXML
  void quit() {
    stage.fireEvent(new javafx.stage.WindowEvent(stage, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST));
    if (stage.isShowing()) {
      stage.close();
    }
  }

  @FXML
  void lightTheme() {
    vm.themeProperty().set(Theme.LIGHT);
  }

  @FXML
  void darkTheme() {
    vm.themeProperty().set(Theme.DARK);
  }

  @FXML
  void chartColumns() {
    int c = columns1.isSelected() ? 1 : columns2.isSelected() ? 2 : columns3.isSelected() ? 3 : 0;
    vm.chartColumnsProperty().set(c);
  }

  @FXML
  void resetZoom() {
    ChartGrid g = visibleCharts();
    if (g != null) {
      g.resetZoom();
    }
  }

  @FXML
  void showLive() {
    vm.viewProperty().set(LabView.LIVE);
  }

  @FXML
  void showRuns() {
    vm.viewProperty().set(LabView.RUNS);
  }

  @FXML
  void showCompare() {
    vm.viewProperty().set(LabView.COMPARE);
  }

  @FXML
  void showRemote() {
    vm.viewProperty().set(LabView.REMOTE);
  }

  @FXML
  void showSweep() {
    vm.viewProperty().set(LabView.SWEEP);
  }

  @FXML
  void dismissBanner() {
    vm.notices().dismissBanner();
  }

  @FXML
  void showShortcuts() {
    Alert a = new Alert(Alert.AlertType.INFORMATION);
    a.initOwner(stage);
    a.setTitle("Keyboard shortcuts");
    a.setHeaderText("Keyboard shortcuts");
    a.setContentText(String.join("\n",
        "Everywhere:  Ctrl+1..5 views · Ctrl+O open run · Ctrl+E export · Ctrl+0 reset zoom · F1 this help · Ctrl+Q quit",
        "Live:  H or Enter call for help · Space pause / resume",
        "Runs:  Space play / pause · ← → step 1 s (Shift: 10 s) · Ctrl+→ or N next event · Ctrl+← or P previous event"
            + " · Home / End",
        "Charts:  drag to zoom (time) · right-click zoom out · middle-drag pan · drag the cursor line to scrub"));
    a.getDialogPane().setMinWidth(720);
    a.show();
  }

  @FXML
  void showAbout() {
    GridPane grid = new GridPane();
    grid.setHgap(12);
    grid.setVgap(6);
    grid.setId("about");
    int row = 0;
    for (String[] line : vm.about()) {
      Label name = new Label(line[0]);
      name.getStyleClass().add("field-label");
      TextField value = new TextField(line[1]);
      value.setEditable(false); // selectable, so a path can be copied
      value.setPrefColumnCount(48);
      grid.addRow(row++, name, value);
    }
    Dialog<Void> d = new Dialog<>();
    d.initOwner(stage);
    d.setTitle("About Helper Lab");
    d.setHeaderText("Helper Lab: when does calling for help actually help?");
    d.getDialogPane().setContent(grid);
    d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
    d.getDialogPane().getStylesheets().setAll(root.getScene().getStylesheets());
    d.show();
  }

  @FXML
  void showMessages() {
    ListView<Notice> list = new ListView<>(vm.notices().all());
    list.setPrefSize(760, 320);
    list.setCellFactory(l -> new javafx.scene.control.ListCell<>() {
      @Override
      protected void updateItem(Notice n, boolean empty) {
        super.updateItem(n, empty);
        setText(empty || n == null ? null : n.at() + "  " + (n.isError() ? "ERROR  " : "") + n.text());
        setStyle(n != null && n.isError() ? "-fx-text-fill: #dc2626;" : "");
      }
    });
    Dialog<Void> d = new Dialog<>();
    d.initOwner(stage);
    d.setTitle("Messages");
    d.getDialogPane().setContent(list);
    d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
    d.getDialogPane().getStylesheets().setAll(root.getScene().getStylesheets());
    d.show();
  }

  /** Runs later on the FX thread (for callers off it). */
  static void later(Runnable r) {
    Platform.runLater(r);
  }
}
