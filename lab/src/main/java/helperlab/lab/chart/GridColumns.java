package helperlab.lab.chart;

import helperlab.charts.ChartKind;
import java.util.Map;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.geometry.Insets;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.StackPane;

/**
 * The {@link ChartGrid}'s cells laid in 1, 2 or 3 columns: the number the user chose ({@link #property()}), or
 * the one giving the charts the most readable cells for the room there is. Re-laid only when the number changes.
 */
final class GridColumns {
  private static final double GAP = 6;

  private final GridPane grid = new GridPane();
  private final Map<ChartKind, StackPane> frames;
  private final IntegerProperty chosen = new SimpleIntegerProperty(0);
  private int laidOut;

  /** {@code frames}: each chart's cell, laid in {@link ChartKind} order. */
  GridColumns(Map<ChartKind, StackPane> frames) {
    this.frames = frames;
    grid.getStyleClass().add("chart-grid-cells");
    grid.setHgap(GAP);
    grid.setVgap(GAP);
    grid.setPadding(new Insets(2));
    arrange(2);
  }

  /** The pane the cells are laid in. */
  GridPane pane() {
    return grid;
  }

  /** Columns for a {@code width} × {@code height} viewport (or as chosen), re-laid only when the number changes. */
  void fit(double width, double height) {
    int c = chosen.get() >= 1 && chosen.get() <= 3 ? chosen.get() : autoColumns(width, height,
        ChartKind.values().length);
    if (c != laidOut) {
      arrange(c);
    }
  }

  /**
   * The column count (1–3) giving the charts the most readable cells for a {@code width} × {@code height}
   * area: each cell's height, or its width over 1.6 (a plot much wider than tall is fine; a very narrow
   * one is not), whichever is smaller, made as large as it can be.
   */
  static int autoColumns(double width, double height, int charts) {
    if (!(width > 0) || !(height > 0)) {
      return 2;
    }
    int best = 2;
    double bestScore = -1;
    for (int c = 1; c <= 3; c++) {
      int rows = (charts + c - 1) / c;
      double cellW = (width - GAP * (c - 1)) / c;
      double cellH = Math.max((height - GAP * (rows - 1)) / rows, 0);
      double score = Math.min(cellW / 1.6, cellH);
      if (score > bestScore + 1e-9) {
        best = c;
        bestScore = score;
      }
    }
    return best;
  }

  private void arrange(int cols) {
    laidOut = cols;
    grid.getChildren().clear();
    grid.getColumnConstraints().clear();
    grid.getRowConstraints().clear();
    for (int c = 0; c < cols; c++) {
      ColumnConstraints cc = new ColumnConstraints();
      cc.setPercentWidth(100.0 / cols);
      cc.setHgrow(Priority.ALWAYS);
      grid.getColumnConstraints().add(cc);
    }
    int n = ChartKind.values().length;
    int rows = (n + cols - 1) / cols;
    for (int r = 0; r < rows; r++) {
      RowConstraints rc = new RowConstraints();
      // the least height comes from the cells: MIN_CELL_HEIGHT, and a line more where a legend wraps
      rc.setPrefHeight(ChartGrid.MIN_CELL_HEIGHT);
      rc.setVgrow(Priority.ALWAYS);
      grid.getRowConstraints().add(rc);
    }
    int i = 0;
    for (ChartKind k : ChartKind.values()) {
      grid.add(frames.get(k), i % cols, i / cols);
      i++;
    }
  }

  /** The columns in use now (1–3). */
  int shown() {
    return laidOut;
  }

  /** Columns the user chose: 1, 2 or 3; 0 lets the grid choose for the room it has. */
  IntegerProperty property() {
    return chosen;
  }
}
