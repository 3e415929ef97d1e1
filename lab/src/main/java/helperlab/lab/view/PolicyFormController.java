package helperlab.lab.view;

import helperlab.lab.viewmodel.PolicyField;
import helperlab.lab.viewmodel.PolicyFormViewModel;
import java.io.File;
import java.nio.file.Path;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * The policy form beside the big button: a row per knob of the chosen policy (a field, a choice or a tick box), the
 * section titles between them, a wrong field marked and told what is wrong under it; Use, Revert and Save as….
 * Everything it shows and checks is {@link PolicyFormViewModel}'s: the rows are built from its fields.
 */
public final class PolicyFormController {
  /** Room for the longest label ("Scale-down window (s)") beside its field at the form's width. */
  private static final double LABEL_WIDTH = 116;

  @FXML private VBox formRoot;
  @FXML private Label formStatus;
  @FXML private VBox formRows;
  @FXML private Button useButton;
  @FXML private Button revertButton;
  @FXML private Button saveButton;
  @FXML private javafx.scene.control.ToggleButton formToggle;
  @FXML private Label formTitle;
  @FXML private javafx.scene.control.ScrollPane formScroll;
  @FXML private HBox formButtons;

  private PolicyFormViewModel vm;

  void init(PolicyFormViewModel model) {
    this.vm = model;
    String section = null;
    for (PolicyField f : vm.fields()) {
      if (!f.section().equals(section)) {
        section = f.section();
        Label title = new Label(section);
        title.getStyleClass().add("section-title");
        showWith(title, f); // a section's first field is shown whenever any of it is
        formRows.getChildren().add(title);
      }
      formRows.getChildren().add(f.shown().get() ? row(f) : rowWhenShown(f));
    }
    formStatus.textProperty().bind(vm.statusProperty());
    vm.validProperty().addListener((o, a, ok) -> showValid(ok));
    showValid(vm.validProperty().get());
    useButton.disableProperty().bind(vm.changedProperty().not());
    revertButton.disableProperty().bind(vm.changedProperty().not());
    // folded to a narrow strip, the charts get the room back (a laptop's 1280 px wants them)
    for (Node n : new Node[] {formTitle, formStatus, formScroll, formButtons}) {
      n.visibleProperty().bind(formToggle.selectedProperty());
      n.managedProperty().bind(formToggle.selectedProperty());
    }
    formToggle.selectedProperty().addListener((o, a, open) -> fold(open));
    fold(formToggle.isSelected());
  }

  private void fold(boolean open) {
    formToggle.setText(open ? "»" : "«");
    formRoot.setMinWidth(open ? 220 : Region.USE_PREF_SIZE);
    formRoot.setPrefWidth(open ? 258 : Region.USE_COMPUTED_SIZE);
  }

  private void showValid(boolean ok) {
    formStatus.getStyleClass().remove("wrong");
    if (!ok) {
      formStatus.getStyleClass().add("wrong");
    }
  }

  private static void showWith(Node n, PolicyField f) {
    n.visibleProperty().bind(f.shown());
    n.managedProperty().bind(f.shown());
  }

  /**
   * A slot for a field the chosen policy does not show, its row built the first time it is shown: the other
   * families' knobs were about a third of the window's nodes, each styled before the first frame while hidden.
   */
  private Node rowWhenShown(PolicyField f) {
    Region slot = new Region();
    showWith(slot, f);
    f.shown().addListener(new javafx.beans.InvalidationListener() {
      @Override
      public void invalidated(javafx.beans.Observable o) {
        if (f.shown().get()) {
          f.shown().removeListener(this);
          formRows.getChildren().set(formRows.getChildren().indexOf(slot), row(f));
        }
      }
    });
    return slot;
  }

  /** A field's row: its label (its hint on hover) and control, and under them what is wrong with it, when anything. */
  private Node row(PolicyField f) {
    Label label = new Label(f.label());
    label.getStyleClass().add("field-label");
    label.setMinWidth(LABEL_WIDTH);
    label.setPrefWidth(LABEL_WIDTH);
    Tooltip hint = new Tooltip(f.hint() + "\nIn a policy file: " + f.key());
    hint.setWrapText(true);
    hint.setMaxWidth(360);
    label.setTooltip(hint);
    Control control = control(f);
    control.setTooltip(hint);
    control.setMaxWidth(Double.MAX_VALUE);
    control.setMinWidth(60);
    control.setAccessibleText(f.label());
    HBox.setHgrow(control, Priority.ALWAYS);
    HBox line = new HBox(label, control);
    line.getStyleClass().add("form-row");
    line.setId("form-" + f.key().replace('.', '-').replace('_', '-'));
    Label problem = new Label();
    problem.getStyleClass().add("form-problem");
    problem.setWrapText(true);
    problem.setMinHeight(Label.USE_PREF_SIZE);
    problem.textProperty().bind(f.problem());
    problem.visibleProperty().bind(f.problem().isNotEmpty());
    problem.managedProperty().bind(f.problem().isNotEmpty());
    f.problem().addListener((o, a, b) -> markWrong(control, b));
    markWrong(control, f.problem().get()); // a row built late comes in as its field is
    VBox row = new VBox(1, line, problem);
    showWith(row, f);
    return row;
  }

  private static void markWrong(Control control, String problem) {
    control.getStyleClass().remove("wrong");
    if (!problem.isEmpty()) {
      control.getStyleClass().add("wrong");
    }
  }

  private static Control control(PolicyField f) {
    return switch (f.kind()) {
      case CHOICE -> {
        ComboBox<String> c = new ComboBox<>();
        c.getItems().setAll(f.choices());
        c.valueProperty().bindBidirectional(f.text());
        yield c;
      }
      case FLAG -> {
        CheckBox c = new CheckBox();
        c.setSelected("true".equals(f.text().get()));
        c.selectedProperty().addListener((o, a, b) -> f.text().set(String.valueOf(b)));
        f.text().addListener((o, a, b) -> c.setSelected("true".equals(b)));
        yield c;
      }
      default -> {
        TextField t = new TextField();
        t.setPrefColumnCount(f.kind() == PolicyField.Kind.TEXT ? 12 : 6);
        t.textProperty().bindBidirectional(f.text());
        if (f.optional()) {
          t.setPromptText("default");
        }
        yield t;
      }
    };
  }

  @FXML
  void use() {
    vm.commit();
  }

  @FXML
  void revert() {
    vm.revert();
  }

  @FXML
  void saveAs() {
    FileChooser fc = new FileChooser();
    fc.setTitle("Save the policy as a file");
    fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Policy files (*.json)", "*.json"));
    fc.setInitialFileName(vm.fileName());
    File f = OwnedDialogs.keepMaximised(formRoot.getScene().getWindow(), fc::showSaveDialog);
    if (f != null) {
      Path p = f.toPath();
      vm.saveAs(p);
    }
  }
}
