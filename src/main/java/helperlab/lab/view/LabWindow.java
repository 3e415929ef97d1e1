package helperlab.lab.view;

import helperlab.lab.chart.BreakevenPlot;
import helperlab.lab.chart.ChartGrid;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabPrefs;
import helperlab.lab.viewmodel.MainViewModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import javafx.application.Platform;
import javafx.fxml.FXMLLoader;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;

/** The lab's main window in a stage: FXML, view models, theme, remembered size, and saving on close. */
public final class LabWindow {
  public static final String TITLE = "Helper Lab";

  private final Stage stage;
  private final MainViewModel vm;
  private final MainController controller;

  private LabWindow(Stage stage, MainViewModel vm, MainController controller) {
    this.stage = stage;
    this.vm = vm;
    this.controller = controller;
  }

  /** Builds the window in {@code stage} and shows it (FX thread). */
  public static LabWindow open(Stage stage, LabConfig config) {
    long t0 = System.nanoTime();
    MainViewModel vm = new MainViewModel(config, Platform::runLater);
    trace("view models", t0);
    FXMLLoader loader = new FXMLLoader(LabWindow.class.getResource("/fxml/main.fxml"));
    Parent root;
    try {
      root = loader.load();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot load the lab's main view: " + e.getMessage(), e);
    }
    trace("fxml", t0);
    MainController c = loader.getController();
    c.init(vm, stage);
    trace("init", t0);
    LabPrefs p = vm.prefs();
    Rectangle2D screen = Screen.getPrimary().getVisualBounds();
    double w = Math.max(900, Math.min(p.windowWidth, screen.getWidth()));
    double h = Math.max(600, Math.min(p.windowHeight, screen.getHeight()));
    Scene scene = new Scene(root, w, h);
    c.attach(scene);
    stage.setScene(scene);
    stage.titleProperty().bind(vm.sourceTitle().titleProperty()); // names the cage while connected
    stage.setMinWidth(900);
    stage.setMinHeight(600);
    if (Double.isFinite(p.windowX) && Double.isFinite(p.windowY) && screen.contains(p.windowX + 40, p.windowY + 20)) {
      stage.setX(p.windowX);
      stage.setY(p.windowY);
    }
    stage.setMaximized(p.maximized);
    LabWindow window = new LabWindow(stage, vm, c);
    stage.setOnHidden(e -> window.closed());
    stage.show();
    trace("shown", t0);
    vm.start();
    return window;
  }

  static void trace(String what, long t0) {
    if (Boolean.getBoolean("helperlab.lab.trace")) {
      System.err.printf("lab start: %s at %.0f ms (JVM up %d ms)%n", what, (System.nanoTime() - t0) / 1e6,
          java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime());
    }
  }

  private void closed() {
    controller.detach();
    vm.savePrefs(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized());
    vm.shutdown();
  }

  public Stage stage() {
    return stage;
  }

  public MainViewModel viewModel() {
    return vm;
  }

  /** The charts of the view shown (null on the Sweep view). */
  public ChartGrid visibleCharts() {
    return controller.visibleCharts();
  }

  /** The Sweep view's breakeven chart, null until the Sweep view was first shown. */
  public BreakevenPlot breakevenPlot() {
    return controller.breakevenPlot();
  }

  /** Frames drawn since the window opened. */
  public long frames() {
    return controller.frameCount();
  }
}
