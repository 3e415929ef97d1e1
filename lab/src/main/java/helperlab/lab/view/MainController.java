package helperlab.lab.view;

import helperlab.lab.chart.BreakevenPlot;
import helperlab.lab.chart.ChartGrid;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.MainViewModel;
import helperlab.lab.viewmodel.Notice;
import helperlab.lab.viewmodel.RunsFolderWords;
import helperlab.lab.viewmodel.SampleSet;
import helperlab.lab.viewmodel.Theme;
import java.io.File;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Label;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * The main window: menus, the theme, the error banner and the status bar. The four views as tabs
 * are {@link ViewTabs}, the frame timer that streams live data and plays the timeline {@link FrameTimer},
 * the menus' dialogs {@link MenuDialogs}.
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

  private MainViewModel vm;
  private Stage stage;
  private ViewTabs views;
  private FrameTimer frames;
  private MenuDialogs dialogs;

  void init(MainViewModel model, Stage window) {
    this.vm = model;
    this.stage = window;
    liveController.init(vm.live());
    liveController.charts().columnsProperty().bind(vm.chartColumnsProperty());
    RadioMenuItem[] columnItems = {columnsAuto, columns1, columns2, columns3};
    columnItems[Math.max(0, Math.min(3, vm.chartColumnsProperty().get()))].setSelected(true);

    Map<LabView, Tab> tabByView = new EnumMap<>(LabView.class);
    tabByView.put(LabView.LIVE, liveTab);
    tabByView.put(LabView.RUNS, runsTab);
    tabByView.put(LabView.COMPARE, compareTab);
    tabByView.put(LabView.SWEEP, sweepTab);
    tabByView.put(LabView.REMOTE, remoteTab);
    Supplier<List<String>> stylesheets = () -> root.getScene() == null ? List.of()
        : List.copyOf(root.getScene().getStylesheets());
    views = new ViewTabs(vm, stage, stylesheets, liveController, tabs, tabByView);
    dialogs = new MenuDialogs(vm, stage, stylesheets);

    vm.notices().bannerProperty().addListener((o, a, b) -> showBanner(b));
    showBanner(vm.notices().bannerProperty().get());
    vm.notices().latestProperty().addListener((o, a, b) -> {
      statusMessage.setText(b == null ? "" : b.at() + "  " + b.text());
      statusMessage.setTooltip(b == null ? null : new javafx.scene.control.Tooltip(b.text())); // where cut
      statusMessage.setStyle(b != null && b.isError() ? "-fx-text-fill: #dc2626;" : "");
    });
    statusSource.textProperty().bind(vm.sourceTitle().statusProperty());
    RunsFolderWords folderWords = RunsFolderWords.forThisUser(new SampleSet(vm.config().home()).runsDir());
    statusFolder.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
        () -> folderWords.status(vm.library().folderProperty().get()), vm.library().folderProperty()));
    javafx.scene.control.Tooltip wholeFolder = new javafx.scene.control.Tooltip();
    wholeFolder.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
        () -> folderWords.whole(vm.library().folderProperty().get()), vm.library().folderProperty()));
    statusFolder.setTooltip(wholeFolder);

    (vm.themeProperty().get() == Theme.DARK ? darkItem : lightItem).setSelected(true);
    vm.themeProperty().addListener((o, a, b) -> applyTheme(root.getScene()));

    frames = new FrameTimer(vm, views);
  }

  /** Called once the scene exists: stylesheets, keys, frame timer. */
  void attach(Scene scene) {
    applyTheme(scene);
    scene.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
    frames.attach();
  }

  void detach() {
    frames.detach();
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
    if (views.handleKey(e, focus)) {
      e.consume();
    }
  }

  private static boolean isTyping(Node n) {
    for (Node x = n; x != null; x = x.getParent()) {
      // (a tick box of the policy form takes its own Space, not the view's pause)
      if (x instanceof TextInputControl || x instanceof ComboBoxBase || x instanceof Spinner
          || x instanceof javafx.scene.control.CheckBox) {
        return true;
      }
    }
    return false;
  }

  /** The Sweep view's breakeven chart, null until the Sweep view was first shown. */
  BreakevenPlot breakevenPlot() {
    return views.breakevenPlot();
  }

  /** The chart grid of the view shown (null for the Sweep view). */
  ChartGrid visibleCharts() {
    return views.visibleCharts();
  }

  public long frameCount() {
    return frames.frameCount();
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
    File f = OwnedDialogs.keepMaximised(stage, fc::showOpenDialog);
    if (f != null) {
      vm.openRunFile(f.toPath());
    }
  }

  @FXML
  void chooseRunsFolder() {
    DirectoryChooser dc = new DirectoryChooser();
    dc.setTitle("Choose the runs folder");
    File f = OwnedDialogs.keepMaximised(stage, dc::showDialog);
    if (f != null) {
      vm.library().folderProperty().set(f.toPath());
    }
  }

  @FXML
  void openSweep() {
    DirectoryChooser dc = new DirectoryChooser();
    dc.setTitle("Open a sweep's output directory (with runs.jsonl)");
    File f = OwnedDialogs.keepMaximised(stage, dc::showDialog);
    if (f != null) {
      vm.viewProperty().set(LabView.SWEEP);
      vm.sweep().open(f.toPath());
    }
  }

  @FXML
  void export() {
    ChartGrid grid = visibleCharts();
    dialogs.export(grid == null ? null : grid.selectedProperty().get());
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
    dialogs.shortcuts();
  }

  @FXML
  void showAbout() {
    dialogs.about();
  }

  @FXML
  void showMessages() {
    dialogs.messages();
  }

  /** Runs later on the FX thread (for callers off it). */
  static void later(Runnable r) {
    Platform.runLater(r);
  }
}
