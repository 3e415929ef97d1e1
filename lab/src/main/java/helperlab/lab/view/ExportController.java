package helperlab.lab.view;

import helperlab.charts.ChartKind;
import helperlab.lab.viewmodel.ExportSizes;
import helperlab.lab.viewmodel.MainViewModel;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.fxml.FXML;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;

/** The export dialog's content: which chart (or all), the file (format from its extension), the size. */
public final class ExportController {
  /** "all charts" in the chart chooser. */
  static final String ALL = "all charts";

  @FXML private GridPane exportRoot;
  @FXML private ChoiceBox<Object> chart;
  @FXML private TextField path;
  @FXML private Spinner<Integer> width;
  @FXML private Spinner<Integer> height;
  @FXML private Label what;

  void init(MainViewModel main, ChartKind selected, Path suggested) {
    List<Object> items = new ArrayList<>(List.of(ChartKind.values()));
    items.add(0, ALL);
    chart.getItems().setAll(items);
    chart.setConverter(new StringConverter<>() {
      @Override
      public String toString(Object o) {
        return o instanceof ChartKind k ? k.title() : String.valueOf(o);
      }

      @Override
      public Object fromString(String s) {
        return null;
      }
    });
    chart.setValue(selected == null ? ALL : selected);
    width.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(100, 10_000, ExportSizes.width(false), 100));
    height.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(100, 10_000, ExportSizes.height(false),
        100));
    chart.valueProperty().addListener((o, a, b) -> {
      boolean all = !(b instanceof ChartKind);
      renameFor(a, b);
      width.getValueFactory().setValue(ExportSizes.width(all));
      height.getValueFactory().setValue(ExportSizes.height(all));
    });
    path.setText(suggested.toString());
    int runs = main.runsOnScreen().size();
    what.setText(runs == 0 ? "Nothing on screen in the " + main.viewProperty().get().title() + " view to export."
        : runs == 1 ? "The run on screen in the " + main.viewProperty().get().title() + " view."
        : "Both runs on screen, overlaid (B dashed).");
  }

  /** The file name offered for a chart ({@code workers.png}), or for all of them ({@code charts.png}). */
  static String fileName(ChartKind kind, String extension) {
    return (kind == null ? "charts" : kind.id()) + extension;
  }

  /** The offered name follows the chart chosen, unless the user named the file: "all charts" is not workers.png. */
  private void renameFor(Object was, Object now) {
    Path p = file();
    String name = p.getFileName() == null ? "" : p.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String extension = dot < 0 ? ".png" : name.substring(dot);
    if (name.equals(fileName(was instanceof ChartKind k ? k : null, extension))) {
      Path renamed = Path.of(fileName(now instanceof ChartKind k ? k : null, extension));
      path.setText((p.getParent() == null ? renamed : p.getParent().resolve(renamed)).toString());
    }
  }

  /** The chosen chart; null for all. */
  ChartKind kind() {
    return chart.getValue() instanceof ChartKind k ? k : null;
  }

  Path file() {
    return Path.of(path.getText().trim());
  }

  int widthPx() {
    return width.getValue();
  }

  int heightPx() {
    return height.getValue();
  }

  String pathText() {
    return path.getText();
  }

  @FXML
  void browse() {
    FileChooser fc = new FileChooser();
    fc.setTitle("Export to");
    fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("PNG picture", "*.png"),
        new FileChooser.ExtensionFilter("SVG drawing", "*.svg"), new FileChooser.ExtensionFilter("CSV data", "*.csv"));
    File f = fc.showSaveDialog(exportRoot.getScene().getWindow());
    if (f != null) {
      path.setText(f.getPath());
    }
  }
}
