package helperlab.lab.view;

import helperlab.lab.chart.ChartGrid;
import helperlab.lab.viewmodel.BuiltIns;
import helperlab.lab.viewmodel.CompareViewModel;
import helperlab.lab.viewmodel.Difference;
import helperlab.lab.viewmodel.RecordedPair;
import helperlab.lab.viewmodel.RunKey;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;

/** The Compare view: two runs overlaid (A solid, B dashed), a seed stepper and the difference table. */
public final class CompareController {
  @FXML private BorderPane compareRoot;
  @FXML private ComboBox<String> policyA;
  @FXML private ComboBox<String> policyB;
  @FXML private ComboBox<String> compareScenario;
  @FXML private ComboBox<String> compareMachine;
  @FXML private ComboBox<String> compareAdmission;
  @FXML private Spinner<Integer> compareSeed;
  @FXML private Button prevSeed;
  @FXML private Button nextSeed;
  @FXML private Button compareButton;
  @FXML private ProgressIndicator busy;
  @FXML private ComboBox<RecordedPair> recordedPair;
  @FXML private Button compareRecordedButton;
  @FXML private Label keyA;
  @FXML private Label keyB;
  @FXML private ChartGrid compareCharts;
  @FXML private TableView<Difference> differences;
  @FXML private TableColumn<Difference, String> metricColumn;
  @FXML private TableColumn<Difference, String> aColumn;
  @FXML private TableColumn<Difference, String> bColumn;
  @FXML private TableColumn<Difference, Difference> deltaColumn;

  private CompareViewModel vm;

  void init(CompareViewModel model) {
    this.vm = model;
    policyA.setItems(vm.policyIds()); // the built-ins and the policies opened or made in Live
    policyB.setItems(vm.policyIds());
    compareScenario.getItems().setAll(BuiltIns.scenarios());
    compareMachine.getItems().setAll(BuiltIns.machines());
    compareAdmission.getItems().setAll(Choices.admissions());
    policyA.valueProperty().bindBidirectional(vm.policyAProperty());
    policyB.valueProperty().bindBidirectional(vm.policyBProperty());
    compareScenario.valueProperty().bindBidirectional(vm.scenarioProperty());
    compareMachine.valueProperty().bindBidirectional(vm.machineProperty());
    compareAdmission.valueProperty().bindBidirectional(vm.admissionProperty());
    Choices.seedSpinner(compareSeed, vm.seedProperty());
    busy.visibleProperty().bind(vm.busyProperty());
    recordedPair.setItems(vm.recordedPairs());
    // the whole name where a narrow window still cuts it
    recordedPair.valueProperty().addListener((o, a, pair) ->
        recordedPair.setTooltip(pair == null ? null : new javafx.scene.control.Tooltip(pair.toString())));
    recordedPair.valueProperty().bindBidirectional(vm.recordedPairProperty());
    compareRecordedButton.disableProperty().bind(vm.busyProperty().or(vm.recordedPairProperty().isNull()));
    compareButton.disableProperty().bind(vm.busyProperty());
    prevSeed.disableProperty().bind(vm.busyProperty().or(vm.lowerSeedProperty().not()));
    nextSeed.disableProperty().bind(vm.busyProperty().or(vm.higherSeedProperty().not()));

    vm.plottedProperty().addListener((o, a, b) -> show());
    compareCharts.timeCursorProperty().set(Double.NaN);
    show();

    differences.setItems(vm.differences());
    differences.setPlaceholder(new Label("Choose two policies and press Compare,\nor overlay two runs from the Runs view."));
    text(metricColumn, Difference::metric);
    text(aColumn, Difference::aText);
    text(bColumn, Difference::bText);
    deltaColumn.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(cd.getValue()));
    deltaColumn.setCellFactory(c -> new TableCell<>() {
      @Override
      protected void updateItem(Difference d, boolean empty) {
        super.updateItem(d, empty);
        setText(empty || d == null ? null : d.deltaText());
        setStyle(empty || d == null || d.delta() == 0 ? "" : "-fx-font-weight: bold;");
      }
    });
  }

  private static void text(TableColumn<Difference, String> c, Function<Difference, String> f) {
    c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(f.apply(cd.getValue())));
  }

  private void show() {
    List<RunKey> keys = vm.keys();
    if (keys.isEmpty()) {
      compareCharts.clear();
      keyA.setText("A: –");
      keyB.setText("B: –");
      return;
    }
    compareCharts.show(vm.plottedProperty().get());
    compareCharts.setTriggers(TriggerMarks.marks(vm.triggerWindows()));
    if (vm.uncalibratedBProperty().get()) {
      UncalibratedReplay.grey(compareCharts);
    }
    // the run's label in the key, its whole id in the tooltip (ids of one set differ only at their end)
    keyA.setText(keys.get(0).text());
    keyB.setText(keys.get(1).text());
    keyA.setTooltip(new javafx.scene.control.Tooltip(keys.get(0).id()));
    keyB.setTooltip(new javafx.scene.control.Tooltip(keys.get(1).id()));
  }

  ChartGrid charts() {
    return compareCharts;
  }

  @FXML
  void compare() {
    vm.compare();
  }

  @FXML
  void compareRecorded() {
    vm.compareRecorded();
  }

  @FXML
  void previousSeed() {
    vm.stepSeed(-1);
  }

  @FXML
  void nextSeed() {
    vm.stepSeed(1);
  }
}
