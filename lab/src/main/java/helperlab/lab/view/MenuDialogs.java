package helperlab.lab.view;

import helperlab.charts.ChartKind;
import helperlab.lab.viewmodel.MainViewModel;
import helperlab.lab.viewmodel.Notice;
import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;

/** The dialogs the main window's menus open: Export, Keyboard shortcuts, About and Messages. */
final class MenuDialogs {
  private final MainViewModel vm;
  private final Stage stage;
  private final Supplier<List<String>> stylesheets;

  MenuDialogs(MainViewModel vm, Stage stage, Supplier<List<String>> stylesheets) {
    this.vm = vm;
    this.stage = stage;
    this.stylesheets = stylesheets;
  }

  /** Exports a chart (the one selected on screen first, if any) as PNG or SVG, or its data as CSV. */
  void export(ChartKind selected) {
    FXMLLoader loader = new FXMLLoader(MenuDialogs.class.getResource("/fxml/export.fxml"));
    Node content;
    try {
      content = loader.load();
    } catch (IOException e) {
      vm.notices().error("Cannot open the export dialog: " + e.getMessage());
      return;
    }
    ExportController c = loader.getController();
    c.init(vm, selected, vm.exportFolder().resolve(ExportController.fileName(selected, ".png")));
    Dialog<ButtonType> d = new Dialog<>();
    OwnedDialogs.own(d, stage);
    d.setTitle("Export");
    d.setHeaderText("Export a chart as PNG or SVG, or its data as CSV");
    d.getDialogPane().setContent(content);
    d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
    ((Button) d.getDialogPane().lookupButton(ButtonType.OK)).setText("Export");
    d.getDialogPane().getStylesheets().setAll(stylesheets.get());
    d.getDialogPane().setId("export-dialog");
    d.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> {
      if (c.pathText().isBlank()) {
        vm.notices().error("Cannot export: no file name given");
        return;
      }
      vm.export(c.kind(), c.file(), c.widthPx(), c.heightPx());
    });
  }

  void shortcuts() {
    Alert a = new Alert(Alert.AlertType.INFORMATION);
    OwnedDialogs.own(a, stage);
    a.setTitle("Keyboard shortcuts");
    a.setHeaderText("Keyboard shortcuts");
    a.setContentText(String.join("\n",
        "Everywhere:  Ctrl+1..5 views · Ctrl+O open run · Ctrl+E export · Ctrl+0 reset zoom · F1 this help · Ctrl+M messages · Ctrl+Q quit",
        "Live:  H or Enter call for help · Space pause / resume",
        "Runs:  Space play / pause · ← → step 1 s (Shift: 10 s) · Ctrl+→ or N next event · Ctrl+← or P previous event"
            + " · Home / End",
        "Charts:  drag to zoom (time) · right-click zoom out · middle-drag pan · drag the cursor line to scrub"));
    a.getDialogPane().setMinWidth(720);
    a.show();
  }

  void about() {
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
    OwnedDialogs.own(d, stage);
    d.setTitle("About Helper Lab");
    d.setHeaderText("Helper Lab: when does calling for help actually help?");
    d.getDialogPane().setContent(grid);
    d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
    d.getDialogPane().getStylesheets().setAll(stylesheets.get());
    d.show();
  }

  void messages() {
    ListView<Notice> list = new ListView<>(vm.notices().all());
    list.setId("messages-list");
    list.setPlaceholder(new Label("No messages yet"));
    // the pane is sized, not only the list: a dialog sizes to its pane's own preference, and a list's alone gave a
    // 760×72 sliver under a window manager
    list.setPrefSize(760, 320);
    list.setMinHeight(160);
    list.setCellFactory(l -> new ListCell<>() {
      @Override
      protected void updateItem(Notice n, boolean empty) {
        super.updateItem(n, empty);
        setText(empty || n == null ? null : n.at() + "  " + (n.isError() ? "ERROR  " : "") + n.text());
        setStyle(n != null && n.isError() ? "-fx-text-fill: #dc2626;" : "");
      }
    });
    Dialog<Void> d = new Dialog<>();
    OwnedDialogs.own(d, stage);
    d.setTitle("Messages");
    d.setResizable(true);
    d.getDialogPane().setId("messages-dialog");
    d.getDialogPane().setContent(list);
    d.getDialogPane().setPrefSize(800, 420);
    d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
    d.getDialogPane().getStylesheets().setAll(stylesheets.get());
    d.show();
  }
}
