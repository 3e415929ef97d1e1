package helperlab.lab.view;

import helperlab.charts.style.Palette;
import helperlab.lab.viewmodel.ShareMap;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polyline;
import javafx.util.Duration;

/**
 * The Sweep view's phase diagrams: per policy a small map, offered load across and trigger size up (no trigger
 * at the bottom), each cell the share of its runs down 30 minutes after the trigger ("k/n", coloured as the
 * exported picture) over the runs' mean met share, a dashed frame where the 95% interval straddles one half, and
 * the boundary as a staircase. A cell's tooltip gives n, the interval, the met and late shares and the seeds;
 * clicking it opens its representative run. The price maps ({@link PriceMapPane}) take the same place. What each
 * shows, in words and positions, is the view model's ({@link ShareMap}); this lays it out.
 */
final class PhasePane {
  static final double CELL_W = 36;
  static final double CELL_H = 30;
  private static final double LABEL_W = 34;
  private static final double STEP_W = 30;

  private final FlowPane maps = new FlowPane(18, 14);
  private final VBox root = new VBox(8);
  private final PriceMapPane prices = new PriceMapPane();
  private final HBox legend = legend("share down ", "boundary");

  PhasePane() {
    maps.setPadding(new Insets(6, 8, 8, 8));
    root.getChildren().addAll(legend, maps);
  }

  /** The price maps in the diagrams' place (none: the diagrams' place is theirs again). */
  void showPrices(List<ShareMap> priceMaps) {
    if (priceMaps.isEmpty()) {
      return;
    }
    maps.getChildren().clear();
    root.getChildren().setAll(prices.node());
    prices.show(priceMaps);
  }

  VBox node() {
    return root;
  }

  void show(List<ShareMap> diagrams) {
    root.getChildren().setAll(legend, maps);
    maps.getChildren().clear();
    for (ShareMap d : diagrams) {
      maps.getChildren().add(map(d));
    }
  }

  static HBox legend(String what, String lineWords) {
    HBox key = new HBox(0);
    key.setAlignment(Pos.CENTER_LEFT);
    key.setPadding(new Insets(0, 8, 0, 8));
    key.setMinWidth(HBox.USE_PREF_SIZE); // the scale scrolls with the maps rather than squeeze its words
    Label title = new Label(what);
    title.getStyleClass().add("hint");
    title.setMinWidth(Label.USE_PREF_SIZE);
    key.getChildren().add(title);
    for (int i = 0; i <= 10; i++) {
      double s = i / 10.0;
      // a step is 30 px of colour, or as wide as its words ("100%" needs more than 30 px in some fonts)
      Label step = new Label(i % 5 == 0 ? (i * 10) + "%" : "") {
        @Override
        protected double computePrefWidth(double height) {
          return Math.max(STEP_W, super.computePrefWidth(height));
        }
      };
      step.setMinWidth(Label.USE_PREF_SIZE);
      step.setPadding(new Insets(0, 2, 0, 2));
      step.setAlignment(Pos.CENTER);
      step.setStyle("-fx-font-size: 10.5px; -fx-background-color: " + Palette.down(s) + "; -fx-text-fill: "
          + Palette.textOnDown(s) + ";");
      key.getChildren().add(step);
    }
    Line sample = new Line(0, 0, 22, 0);
    sample.setStyle("-fx-stroke: -lab-text; -fx-stroke-width: 3;");
    HBox.setMargin(sample, new Insets(0, 6, 0, 14));
    Label boundary = new Label(lineWords);
    boundary.getStyleClass().add("hint");
    boundary.setMinWidth(Label.USE_PREF_SIZE);
    key.getChildren().addAll(sample, boundary);
    return key;
  }

  private Pane map(ShareMap d) {
    VBox box = new VBox(2);
    Label title = new Label(d.title());
    title.getStyleClass().add("heat-header");
    Label axis = new Label(d.rowAxis());
    axis.getStyleClass().add("hint");
    axis.setStyle("-fx-font-size: 10.5px;");
    int rows = d.rowLabels().size();
    int cols = d.loadLabels().size();
    Pane grid = new Pane();
    double w = LABEL_W + cols * CELL_W;
    double h = rows * CELL_H;
    grid.setPrefSize(w, h + 16);
    grid.setMinSize(w, h + 16);
    for (int r = 0; r < rows; r++) {
      double y = h - (r + 1) * CELL_H;
      Label sizeLabel = new Label(d.rowLabels().get(r));
      sizeLabel.getStyleClass().add("hint");
      sizeLabel.setStyle("-fx-font-size: 10.5px;");
      sizeLabel.setAlignment(Pos.CENTER_RIGHT);
      sizeLabel.resizeRelocate(0, y, LABEL_W - 4, CELL_H);
      sizeLabel.setPrefSize(LABEL_W - 4, CELL_H);
      sizeLabel.relocate(0, y);
      grid.getChildren().add(sizeLabel);
      for (ShareMap.Cell cell : d.cells()) {
        if (cell.row() == r) {
          Label l = cell(cell);
          l.relocate(LABEL_W + cell.col() * CELL_W, y);
          grid.getChildren().add(l);
        }
      }
    }
    for (int c = 0; c < cols; c++) {
      Label load = new Label(d.loadLabels().get(c));
      load.getStyleClass().add("hint");
      load.setStyle("-fx-font-size: 10.5px;");
      load.setAlignment(Pos.CENTER);
      load.setPrefWidth(CELL_W);
      load.relocate(LABEL_W + c * CELL_W, h + 1);
      grid.getChildren().add(load);
    }
    grid.getChildren().add(stair(d, h));
    Label xAxis = new Label(d.loadAxis());
    xAxis.getStyleClass().add("hint");
    xAxis.setStyle("-fx-font-size: 10.5px;");
    xAxis.setPadding(new Insets(0, 0, 0, LABEL_W));
    box.getChildren().addAll(title, axis, grid, xAxis);
    box.setId(d.id());
    return box;
  }

  /** A cell of a diagram or a price map: its words on its share's colour; a click opens its run. */
  static Label cell(ShareMap.Cell cell) {
    Label l = new Label(cell.text());
    l.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
    l.setId(cell.id());
    l.setAlignment(Pos.CENTER);
    l.setPrefSize(CELL_W - 1, CELL_H - 1);
    l.setMinSize(CELL_W - 1, CELL_H - 1);
    String frame = !cell.dashed() ? ""
        : " -fx-border-color: -lab-text; -fx-border-style: segments(2, 2); -fx-border-width: 1; -fx-border-insets: 2;";
    l.setStyle("-fx-font-size: 9px; -fx-font-weight: bold; -fx-line-spacing: -2px; -fx-cursor: hand; -fx-background-color: "
        + Palette.down(cell.share()) + "; -fx-text-fill: " + Palette.textOnDown(cell.share()) + ";" + frame);
    Tooltip tip = new Tooltip(cell.tooltip());
    tip.setShowDelay(Duration.millis(250));
    l.setTooltip(tip);
    l.setOnMouseClicked(e -> cell.open().run());
    return l;
  }

  /** The boundary (or the safe load) as a staircase, a step per row at its x in cells from the left. */
  static Polyline stair(ShareMap d, double h) {
    Polyline line = new Polyline();
    for (int r = 0; r < d.stair().size(); r++) {
      double x = LABEL_W + d.stair().get(r) * CELL_W;
      line.getPoints().addAll(x, h - r * CELL_H, x, h - (r + 1) * CELL_H);
    }
    line.setStyle("-fx-stroke: -lab-text; -fx-stroke-width: 3; -fx-stroke-line-join: round;");
    line.setMouseTransparent(true);
    return line;
  }
}
