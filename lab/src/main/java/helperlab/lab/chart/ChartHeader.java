package helperlab.lab.chart;

import helperlab.charts.style.Palette;
import helperlab.charts.ChartKind;
import helperlab.charts.Series;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;

/**
 * A chart's title and legend above its plot, so the legend never takes the plot's room or covers it:
 * each series once, in its colour (a second run is told apart by dashes, explained by the view). Entries
 * are never cut short: what does not fit on the title's line goes on the next, and the header is as tall
 * as its lines for the width it gets ({@link #computePrefHeight}); {@link ChartCell} gives it that height
 * and the plot the rest.
 */
final class ChartHeader extends Region {
  private static final double H_GAP = 8;
  private static final double V_GAP = 1;

  ChartHeader(ChartKind kind) {
    getStyleClass().add("chart-header");
    setMinWidth(0);
    // an entry wider than a very narrow chart is cut at the chart's edge, never drawn over its neighbour
    Rectangle clip = new Rectangle();
    clip.widthProperty().bind(widthProperty());
    clip.heightProperty().bind(heightProperty());
    setClip(clip);
    Label title = new Label(kind.title());
    title.getStyleClass().add("chart-header-title");
    getChildren().add(title);
    for (Series s : kind.series()) {
      getChildren().add(entry(s.label(), Palette.of(s), false));
    }
    if (kind == ChartKind.MEMORY) {
      limit = entry("limit", Palette.LIMIT, true);
      getChildren().add(limit);
      showLimit(false);
    } else {
      limit = null;
    }
  }

  /** The memory limit's entry (Memory chart), null elsewhere. */
  private final HBox limit;

  /** Lists the memory limit only while its line is drawn (it is left out far above the run's peak). */
  void showLimit(boolean shown) {
    if (limit != null && limit.isVisible() != shown) {
      limit.setVisible(shown);
      limit.setManaged(shown);
    }
  }

  /** Whether the legend lists the memory limit now. */
  boolean limitListed() {
    return limit != null && limit.isVisible();
  }

  private static HBox entry(String text, String color, boolean dashed) {
    Line key = new Line(0, 0, 14, 0);
    key.setStyle("-fx-stroke: " + color + ";");
    key.setStrokeWidth(2.5);
    if (dashed) {
      key.getStrokeDashArray().setAll(5.0, 3.0);
    }
    Label l = new Label(text);
    l.getStyleClass().add("chart-header-entry");
    l.setMinWidth(Label.USE_PREF_SIZE);
    HBox e = new HBox(4, key, l);
    e.setAlignment(Pos.CENTER_LEFT);
    return e;
  }

  @Override
  public Orientation getContentBias() {
    return Orientation.HORIZONTAL;
  }

  @Override
  protected double computeMinWidth(double height) {
    return 0;
  }

  @Override
  protected double computePrefWidth(double height) {
    double w = snappedLeftInset() + snappedRightInset();
    for (Node n : getManagedChildren()) {
      w += n.prefWidth(-1) + H_GAP;
    }
    return w - H_GAP;
  }

  @Override
  protected double computeMinHeight(double width) {
    return computePrefHeight(width);
  }

  @Override
  protected double computePrefHeight(double width) {
    return place(width, false);
  }

  @Override
  protected double computeMaxHeight(double width) {
    return computePrefHeight(width);
  }

  @Override
  protected void layoutChildren() {
    place(getWidth(), true);
  }

  /**
   * Lays the title and entries out left to right, starting a new line where the next one does not fit
   * (with {@code apply}, or only measures); returns the height the lines take. A width of -1 (none
   * given) is one line.
   */
  private double place(double width, boolean apply) {
    double left = snappedLeftInset();
    double right = width < 0 ? Double.MAX_VALUE : width - snappedRightInset();
    double x = left;
    double y = snappedTopInset();
    double lineH = 0;
    for (Node n : getManagedChildren()) {
      double w = n.prefWidth(-1);
      double h = n.prefHeight(-1);
      if (x > left && x + w > right) {
        y += lineH + V_GAP;
        x = left;
        lineH = 0;
      }
      if (apply) {
        n.resizeRelocate(snapPositionX(x), snapPositionY(y), snapSizeX(w), snapSizeY(h));
      }
      x += w + H_GAP;
      lineH = Math.max(lineH, h);
    }
    return y + lineH + snappedBottomInset();
  }
}
