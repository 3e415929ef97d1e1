package helperlab.lab.view;

import helperlab.lab.chart.BreakevenPlot;
import helperlab.lab.chart.ChartGrid;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.MainViewModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;

/**
 * The four views as tabs, kept in step with the view model's view; every view but Live is built the
 * first time it is shown, so the window opens fast. Keys and frames go to the view that takes them.
 */
final class ViewTabs {
  private final MainViewModel vm;
  private final Stage stage;
  private final Supplier<List<String>> stylesheets;
  private final LiveController liveController;
  private final Map<LabView, Tab> tabByView = new EnumMap<>(LabView.class);
  private RunsController runsController;
  private CompareController compareController;
  private SweepController sweepController;
  private RemoteController remoteController;

  ViewTabs(MainViewModel vm, Stage stage, Supplier<List<String>> stylesheets, LiveController liveController,
      TabPane tabs, Map<LabView, Tab> tabs4views) {
    this.vm = vm;
    this.stage = stage;
    this.stylesheets = stylesheets;
    this.liveController = liveController;
    tabByView.putAll(tabs4views);
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
  }

  /** Builds a view's content the first time it is needed. */
  private void build(LabView v) {
    switch (v) {
      case LIVE -> { }
      case RUNS -> {
        if (runsController == null) {
          runsController = load("/fxml/runs.fxml", tabByView.get(LabView.RUNS));
          runsController.init(vm);
        }
      }
      case COMPARE -> {
        if (compareController == null) {
          compareController = load("/fxml/compare.fxml", tabByView.get(LabView.COMPARE));
          compareController.init(vm.compare());
          compareController.charts().columnsProperty().bind(vm.chartColumnsProperty());
        }
      }
      case SWEEP -> {
        if (sweepController == null) {
          sweepController = load("/fxml/sweep.fxml", tabByView.get(LabView.SWEEP));
          sweepController.init(vm);
          vm.openDefaultSweep();
        }
      }
      case REMOTE -> {
        if (remoteController == null) {
          remoteController = load("/fxml/remote.fxml", tabByView.get(LabView.REMOTE));
          remoteController.init(vm.remote(), stage, stylesheets);
          if (remoteController.charts() != null) {
            remoteController.charts().columnsProperty().bind(vm.chartColumnsProperty());
          }
        }
      }
    }
  }

  private static <C> C load(String fxml, Tab tab) {
    FXMLLoader loader = new FXMLLoader(ViewTabs.class.getResource(fxml));
    try {
      tab.setContent(loader.load());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot load " + fxml + ": " + e.getMessage(), e);
    }
    return loader.getController();
  }

  /** One frame for the views that stream: Live, and Remote once built. */
  void frame() {
    liveController.frame();
    if (remoteController != null) {
      remoteController.frame();
    }
  }

  /** A key for the view shown; true when it took it. */
  boolean handleKey(KeyEvent e, Node focus) {
    switch (vm.viewProperty().get()) {
      case LIVE -> {
        return !e.isControlDown() && !e.isShortcutDown() && liveController.handleKey(e);
      }
      case RUNS -> {
        if (runsController == null) {
          return false;
        }
        boolean arrows = switch (e.getCode()) {
          case UP, DOWN, LEFT, RIGHT, HOME, END -> true;
          default -> false;
        };
        return !(arrows && runsController.ownsArrows(focus)) && runsController.handleKey(e);
      }
      default -> {
        return false;
      }
    }
  }

  /** The Sweep view's breakeven chart, null until the Sweep view was first shown. */
  BreakevenPlot breakevenPlot() {
    return sweepController == null ? null : sweepController.breakevenPlot();
  }

  /** The chart grid of the view shown (null for the Sweep view). */
  ChartGrid visibleCharts() {
    return switch (vm.viewProperty().get()) {
      case LIVE -> liveController.charts();
      case RUNS -> runsController == null ? null : runsController.charts();
      case COMPARE -> compareController == null ? null : compareController.charts();
      case SWEEP -> null;
      case REMOTE -> remoteController == null ? null : remoteController.charts();
    };
  }
}
