package helperlab.lab.view;

import helperlab.lab.viewmodel.RunEntry;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** A run in the list: its name, where it is (lab-runs or history), when and how big. */
final class RunCell extends ListCell<RunEntry> {
  private final Label name = new Label();
  private final Label origin = new Label();
  private final Label details = new Label();
  private final VBox box = new VBox(1, name, new HBox(6, origin, details));

  RunCell() {
    getStyleClass().add("run-cell");
    name.getStyleClass().add("run-name");
    origin.getStyleClass().add("origin-badge");
    details.getStyleClass().add("run-details");
  }

  @Override
  protected void updateItem(RunEntry e, boolean empty) {
    super.updateItem(e, empty);
    if (empty || e == null) {
      setGraphic(null);
      setText(null);
      return;
    }
    name.setText(e.name());
    origin.setText(e.place());
    details.setText(e.details());
    setGraphic(box);
  }
}
