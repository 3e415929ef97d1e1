package helperlab.lab.view;

import helperlab.lab.chart.BreakevenPlot;
import helperlab.lab.viewmodel.BreakevenViewModel;
import helperlab.lab.viewmodel.MainViewModel;
import helperlab.lab.viewmodel.PhaseViewModel;
import helperlab.lab.viewmodel.Estimate;
import helperlab.lab.viewmodel.SummaryRow;
import helperlab.lab.viewmodel.SweepViewModel;
import java.io.File;
import java.util.Comparator;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;

/**
 * The Sweep view: run or open a sweep, the met-share heat map per machine ({@link HeatMap}) or the spawn-cost study's
 * breakeven chart, the table with intervals.
 */
public final class SweepController {
  @FXML private BorderPane sweepRoot;
  @FXML private TextField scenarios;
  @FXML private TextField policies;
  @FXML private TextField machines;
  @FXML private Spinner<Integer> seeds;
  @FXML private Button sweepRunButton;
  @FXML private Button cancelButton;
  @FXML private Button sweepOpenButton;
  @FXML private ProgressBar progress;
  @FXML private Label progressText;
  @FXML private Label planText;
  @FXML private ChoiceBox<String> machineChoice;
  @FXML private Spinner<Integer> openSeed;
  @FXML private GridPane heatMap;
  @FXML private Label heatHint;
  @FXML private ToggleGroup leftGroup;
  @FXML private ToggleButton heatToggle;
  @FXML private ToggleButton breakevenToggle;
  @FXML private VBox heatPane;
  @FXML private VBox breakevenPane;
  @FXML private ChoiceBox<BreakevenViewModel.Panel> breakevenPanel;
  @FXML private StackPane breakevenHolder;
  @FXML private Label breakevenHint;
  @FXML private ToggleButton phaseToggle;
  @FXML private VBox phasePane;
  @FXML private ChoiceBox<PhaseViewModel.Trigger> phaseTrigger;
  @FXML private javafx.scene.control.ScrollPane phaseScroll;
  @FXML private Label phaseHint;
  @FXML private Button openCommittedPhase;
  @FXML private Label phaseTitle;
  @FXML private TableView<SummaryRow> table;
  @FXML private TableColumn<SummaryRow, String> scenarioColumn;
  @FXML private TableColumn<SummaryRow, String> policyColumn;
  @FXML private TableColumn<SummaryRow, String> machineColumn;
  @FXML private TableColumn<SummaryRow, String> admissionColumn;
  @FXML private TableColumn<SummaryRow, Integer> runsColumn;
  @FXML private TableColumn<SummaryRow, Estimate> metColumn;
  @FXML private TableColumn<SummaryRow, Estimate> refusedColumn;
  @FXML private TableColumn<SummaryRow, Estimate> ppColumn;
  @FXML private TableColumn<SummaryRow, Estimate> overheadColumn;

  private MainViewModel main;
  private SweepViewModel vm;
  private final BreakevenPlot breakevenPlot = new BreakevenPlot();
  private final PhasePane phaseView = new PhasePane();
  private HeatMap heat;

  void init(MainViewModel model) {
    this.main = model;
    this.vm = model.sweep();
    scenarios.textProperty().bindBidirectional(vm.scenariosProperty());
    policies.textProperty().bindBidirectional(vm.policiesProperty());
    machines.textProperty().bindBidirectional(vm.machinesProperty());
    SpinnerValueFactory.IntegerSpinnerValueFactory sf = new SpinnerValueFactory.IntegerSpinnerValueFactory(1, 1000,
        vm.seedsProperty().get());
    seeds.setValueFactory(sf);
    sf.valueProperty().addListener((o, a, b) -> vm.seedsProperty().set(b));
    vm.seedsProperty().addListener((o, a, b) -> sf.setValue(b.intValue()));
    SpinnerValueFactory.IntegerSpinnerValueFactory of = new SpinnerValueFactory.IntegerSpinnerValueFactory(0, 1_000_000,
        vm.openSeedProperty().get());
    openSeed.setValueFactory(of);
    of.valueProperty().addListener((o, a, b) -> vm.openSeedProperty().set(b));
    vm.openSeedProperty().addListener((o, a, b) -> of.setValue(b.intValue()));

    sweepRunButton.disableProperty().bind(vm.runningProperty());
    cancelButton.disableProperty().bind(vm.runningProperty().not());
    sweepOpenButton.disableProperty().bind(vm.runningProperty());
    progress.progressProperty().bind(vm.progressProperty());
    progressText.textProperty().bind(vm.progressTextProperty());
    vm.scenariosProperty().addListener((o, a, b) -> showPlan());
    vm.policiesProperty().addListener((o, a, b) -> showPlan());
    vm.machinesProperty().addListener((o, a, b) -> showPlan());
    vm.seedsProperty().addListener((o, a, b) -> showPlan());
    showPlan();

    machineChoice.setItems(vm.machineChoices());
    machineChoice.valueProperty().bindBidirectional(vm.machineProperty());
    heat = new HeatMap(heatMap, heatHint, vm);
    vm.machineProperty().addListener((o, a, b) -> heat.draw());
    vm.rows().addListener((ListChangeListener<SummaryRow>) c -> heat.draw());

    table.setItems(vm.rows());
    table.setPlaceholder(new Label("No sweep shown yet"));
    text(scenarioColumn, SummaryRow::scenario);
    text(policyColumn, SummaryRow::policy);
    text(machineColumn, SummaryRow::machine);
    text(admissionColumn, SummaryRow::admission);
    runsColumn.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue().runs()));
    interval(metColumn, SummaryRow::metShare, true);
    interval(refusedColumn, SummaryRow::refusedShare, true);
    interval(ppColumn, SummaryRow::processesPerTask, false);
    interval(overheadColumn, SummaryRow::overheadShare, true);
    table.setRowFactory(t -> {
      TableRow<SummaryRow> row = new TableRow<>();
      row.setOnMouseClicked(e -> {
        if (e.getClickCount() == 2 && row.getItem() != null) {
          SummaryRow r = row.getItem();
          vm.openRun(r.policy(), r.scenario(), r.machine(), r.admission());
        }
      });
      return row;
    });
    heat.draw();
    initBreakeven();
    initPhase();
  }

  @FXML
  void openCommittedPhase() {
    vm.open(PhaseViewModel.COMMITTED);
  }

  /** The phase diagrams, the third of the left pane's views: shown when the opened sweep has a phase study. */
  private void initPhase() {
    PhaseViewModel p = vm.phase();
    phaseScroll.setContent(phaseView.node());
    phaseTrigger.setItems(p.triggers());
    phaseTrigger.valueProperty().bindBidirectional(p.triggerProperty());
    p.shownProperty().addListener((o, x, y) -> showPhase());
    p.shownPricesProperty().addListener((o, x, y) -> showPhase());
    p.selectedProperty().addListener((o, x, y) -> {
      if (y) {
        leftGroup.selectToggle(phaseToggle);
      } else if (phaseToggle.isSelected()) {
        leftGroup.selectToggle(heatToggle);
      }
    });
    leftGroup.selectedToggleProperty().addListener((o, x, y) -> {
      if (y != null) {
        p.selectedProperty().set(y == phaseToggle);
      }
    });
    phasePane.visibleProperty().bind(phaseToggle.selectedProperty());
    if (p.selectedProperty().get()) {
      leftGroup.selectToggle(phaseToggle);
    }
    showPhase();
  }

  private void showPhase() {
    PhaseViewModel p = vm.phase();
    phaseView.show(p.diagramMaps());
    phaseView.showPrices(p.priceMaps());
    boolean any = p.hasStudy();
    boolean prices = !p.shownPricesProperty().get().isEmpty();
    phaseTitle.setText(prices ? "PHASE: RUNS COLLAPSED BY" : "PHASE: RUNS DOWN 30 MIN AFTER");
    phaseHint.setText(!any ? PhaseViewModel.HOW_TO : prices
        ? "Each cell: runs collapsed (tipped or never healthy) of runs at that offered load and price of a helper's "
            + "start, no trigger, over their mean met share. The line is the safe load at each price: under one "
            + "collapse per healthy hour and half the deadlines met, at that load and every lower one."
        : "Each cell: runs down 30 minutes after the trigger's end of runs at that offered load and trigger size "
            + "(bottom row: no trigger), over their mean met share; dashed: the 95% interval straddles one half. The "
            + "line is the boundary: from it to the right at least half the runs are down.");
    phaseScroll.setVisible(any);
    phaseTrigger.setDisable(!any);
    // a sweep without the study offers the one committed beside it, rather than only saying how to make one
    boolean offer = !any && PhaseViewModel.committedHere();
    openCommittedPhase.setVisible(offer);
    openCommittedPhase.setManaged(offer);
  }

  /** The breakeven chart beside the heat map: one at a time, the study's chart when the sweep has it. */
  private void initBreakeven() {
    BreakevenViewModel b = vm.breakeven();
    breakevenHolder.getChildren().setAll(breakevenPlot.node());
    breakevenPanel.setItems(b.panels());
    breakevenPanel.valueProperty().bindBidirectional(b.panelProperty());
    b.shownProperty().addListener((o, x, y) -> showBreakeven());
    b.selectedProperty().addListener((o, x, y) -> {
      if (y) {
        leftGroup.selectToggle(breakevenToggle);
      } else if (breakevenToggle.isSelected()) { // not when the phase diagrams took its place
        leftGroup.selectToggle(heatToggle);
      }
    });
    leftGroup.selectedToggleProperty().addListener((o, x, y) -> {
      if (y == null) {
        leftGroup.selectToggle(x); // always one of the two
      } else {
        b.selectedProperty().set(y == breakevenToggle);
      }
    });
    heatPane.visibleProperty().bind(heatToggle.selectedProperty());
    breakevenPane.visibleProperty().bind(breakevenToggle.selectedProperty());
    showBreakeven();
  }

  private void showBreakeven() {
    BreakevenViewModel b = vm.breakeven();
    breakevenPlot.show(b.shownProperty().get());
    boolean any = b.hasStudy();
    breakevenHint.setText(any ? "Each splitting policy's met share minus the pool's (paired over seeds, 95% "
        + "intervals) at each spawn cost studied; level = within 5 points of the pool." : BreakevenViewModel.HOW_TO);
    breakevenPlot.node().setVisible(any);
    breakevenPanel.setDisable(!any);
  }

  /** The breakeven chart (for tests and screenshots). */
  BreakevenPlot breakevenPlot() {
    return breakevenPlot;
  }

  private void showPlan() {
    try {
      planText.setText(String.format(Locale.ROOT, "%,d runs planned", vm.plannedRuns()));
      planText.setStyle("");
    } catch (IllegalArgumentException e) {
      planText.setText(e.getMessage());
      planText.setStyle("-fx-text-fill: #dc2626;");
    }
  }

  private static void text(TableColumn<SummaryRow, String> c, Function<SummaryRow, String> f) {
    c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(f.apply(cd.getValue())));
  }

  /** A column of means with their intervals, sorted by the mean. */
  private static void interval(TableColumn<SummaryRow, Estimate> c, Function<SummaryRow, Estimate> f, boolean share) {
    c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(f.apply(cd.getValue())));
    c.setComparator(Comparator.comparingDouble(Estimate::mean));
    c.setCellFactory(col -> new TableCell<>() {
      @Override
      protected void updateItem(Estimate i, boolean empty) {
        super.updateItem(i, empty);
        setText(empty || i == null ? null : share ? i.percent() : i.plain());
      }
    });
  }

  @FXML
  void run() {
    vm.run();
  }

  @FXML
  void cancel() {
    vm.cancel();
  }

  @FXML
  void openOutput() {
    DirectoryChooser dc = new DirectoryChooser();
    dc.setTitle("Open a sweep's output directory (with runs.jsonl)");
    File f = OwnedDialogs.keepMaximised(sweepRoot.getScene().getWindow(), dc::showDialog);
    if (f != null) {
      vm.open(f.toPath());
    }
  }
}
