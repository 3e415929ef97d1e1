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
  static final double MIN_WIDTH = 900;
  static final double MIN_HEIGHT = 600;

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
    Scene scene = new Scene(root);
    c.attach(scene);
    stage.setScene(scene);
    stage.titleProperty().bind(vm.sourceTitle().titleProperty()); // names the cage while connected
    place(stage, vm.prefs(), Screen.getPrimary().getVisualBounds());
    LabWindow window = new LabWindow(stage, vm, c);
    stage.setOnHidden(e -> window.closed());
    stage.show();
    trace("shown", t0);
    vm.start();
    return window;
  }

  /**
   * Sizes the stage, never the scene: a scene as large as the work area plus the window manager's title bar is
   * larger than the work area, and a manager (openbox) then gave the window its minimum, 898×575, at every screen
   * size. The first window, and one remembered larger than this screen's work area, opens maximised; a remembered
   * one opens at its size and place when they fit.
   */
  static void place(Stage stage, LabPrefs p, Rectangle2D area) {
    stage.setMinWidth(Math.min(MIN_WIDTH, area.getWidth()));
    stage.setMinHeight(Math.min(MIN_HEIGHT, area.getHeight()));
    boolean remembered = Double.isFinite(p.windowX) && Double.isFinite(p.windowY)
        && area.contains(p.windowX + 40, p.windowY + 20);
    boolean fits = p.windowWidth <= area.getWidth() && p.windowHeight <= area.getHeight();
    stage.setWidth(Math.max(stage.getMinWidth(), Math.min(p.windowWidth, area.getWidth())));
    stage.setHeight(Math.max(stage.getMinHeight(), Math.min(p.windowHeight, area.getHeight())));
    if (remembered) { // else centred on the screen when shown (and the first window is maximised)
      stage.setX(Math.max(area.getMinX(), Math.min(p.windowX, area.getMaxX() - stage.getWidth())));
      stage.setY(Math.max(area.getMinY(), Math.min(p.windowY, area.getMaxY() - stage.getHeight())));
    }
    stage.setMaximized(p.maximized || !remembered || !fits);
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

  /**
   * The window at {@code width} × {@code height} (un-maximised; its minimum lowered if need be, so a laptop size is
   * taken as asked): for tests, benchmarks and pictures.
   */
  public void resize(double width, double height) {
    stage.setMaximized(false);
    stage.setMinWidth(Math.min(stage.getMinWidth(), width));
    stage.setMinHeight(Math.min(stage.getMinHeight(), height));
    stage.setWidth(width);
    stage.setHeight(height);
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
