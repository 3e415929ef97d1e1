package helperlab.lab.view;

import helperlab.lab.viewmodel.PhaseViewModel;
import helperlab.lab.viewmodel.ShareMap;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Line;

/**
 * The Sweep view's price maps: per policy a small map, offered load across and the price of a helper's start up
 * (images of the hour's mix), no trigger; each cell the share of its runs that collapsed ("k/n", coloured as the
 * exported picture) over their mean met share; the safe load at each price as a staircase (safe to its left); and
 * known machines as dashed lines at their prices, named on the right. A cell's tooltip gives the runs, the share
 * still down at the end, the met and late shares and the seeds; clicking it opens its representative run.
 */
final class PriceMapPane {
  private static final double LABEL_W = 34;
  private static final double MARKS_W = 86;

  private final FlowPane maps = new FlowPane(18, 14);
  private final VBox root = new VBox(8);

  PriceMapPane() {
    maps.setPadding(new Insets(6, 8, 8, 8));
    Label marks = new Label(PhaseViewModel.knownMachines());
    marks.getStyleClass().add("hint");
    marks.setPadding(new Insets(0, 8, 0, 8));
    marks.setWrapText(true);
    root.getChildren().addAll(PhasePane.legend("share collapsed ", "safe load at that price"), marks, maps);
  }

  VBox node() {
    return root;
  }

  void show(List<ShareMap> priceMaps) {
    maps.getChildren().clear();
    for (ShareMap m : priceMaps) {
      maps.getChildren().add(map(m));
    }
  }

  private Pane map(ShareMap m) {
    double cw = PhasePane.CELL_W;
    double ch = PhasePane.CELL_H;
    VBox box = new VBox(2);
    Label title = new Label(m.title());
    title.getStyleClass().add("heat-header");
    Label axis = new Label(m.rowAxis());
    axis.getStyleClass().add("hint");
    axis.setStyle("-fx-font-size: 10.5px;");
    int rows = m.rowLabels().size();
    int cols = m.loadLabels().size();
    Pane grid = new Pane();
    double w = LABEL_W + cols * cw + MARKS_W;
    double h = rows * ch;
    grid.setPrefSize(w, h + 16);
    grid.setMinSize(w, h + 16);
    for (int r = 0; r < rows; r++) {
      double y = h - (r + 1) * ch;
      Label priceLabel = new Label(m.rowLabels().get(r));
      priceLabel.getStyleClass().add("hint");
      priceLabel.setStyle("-fx-font-size: 10.5px;");
      priceLabel.setAlignment(Pos.CENTER_RIGHT);
      priceLabel.setPrefSize(LABEL_W - 4, ch);
      priceLabel.relocate(0, y);
      grid.getChildren().add(priceLabel);
      for (ShareMap.Cell cell : m.cells()) {
        if (cell.row() == r) {
          Label l = PhasePane.cell(cell);
          l.relocate(LABEL_W + cell.col() * cw, y);
          grid.getChildren().add(l);
        }
      }
    }
    for (int c = 0; c < cols; c++) {
      Label load = new Label(m.loadLabels().get(c));
      load.getStyleClass().add("hint");
      load.setStyle("-fx-font-size: 10.5px;");
      load.setAlignment(Pos.CENTER);
      load.setPrefWidth(cw);
      load.relocate(LABEL_W + c * cw, h + 1);
      grid.getChildren().add(load);
    }
    grid.getChildren().add(PhasePane.stair(m, h));
    double right = LABEL_W + cols * cw;
    for (ShareMap.Mark k : m.marks()) {
      double y = h - k.rowsUp() * ch;
      Line line = new Line(LABEL_W, y, right, y);
      line.setStyle("-fx-stroke: -lab-text; -fx-stroke-width: 1.2; -fx-stroke-dash-array: 5 3;");
      line.setMouseTransparent(true);
      Label name = new Label(k.name());
      name.getStyleClass().add("hint");
      name.setStyle("-fx-font-size: 9.5px;");
      name.relocate(right + 4, y - 7);
      name.setTooltip(new Tooltip(k.tooltip()));
      grid.getChildren().addAll(line, name);
    }
    Label xAxis = new Label(m.loadAxis());
    xAxis.getStyleClass().add("hint");
    xAxis.setStyle("-fx-font-size: 10.5px;");
    xAxis.setPadding(new Insets(0, 0, 0, LABEL_W));
    box.getChildren().addAll(title, axis, grid, xAxis);
    box.setId(m.id());
    return box;
  }
}
