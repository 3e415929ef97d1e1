package helperlab.lab.chart;

import javafx.geometry.Orientation;
import javafx.scene.layout.Region;

/**
 * A chart's header above its plot: the header gets the height its lines need for the cell's width, the
 * plot all the rest. (A VBox asks a child for its height without the width it will get, and a legend that
 * wraps would then run under the plot.)
 */
final class ChartCell extends Region {
  /**
   * A narrow column, as the grid gives a chart at laptop sizes (three columns beside the Runs list at
   * 1024–1280 px): a legend that would wrap there keeps room for its second line at every width.
   */
  static final double NARROW_PX = 240;

  private final ChartHeader header;
  private final Region plot;
  private final double minHeight;

  /** {@code minHeight}: the least height with a one-line header (a wrapped legend adds its lines). */
  ChartCell(ChartHeader header, Region plot, double minHeight) {
    this.header = header;
    this.plot = plot;
    this.minHeight = minHeight;
    getChildren().addAll(header, plot);
    setMinWidth(0);
  }

  @Override
  public Orientation getContentBias() {
    return Orientation.HORIZONTAL;
  }

  @Override
  protected double computeMinWidth(double height) {
    return 0;
  }

  /**
   * The plot keeps its least height where the legend takes a second line: a legend that wraps in a narrow
   * column ({@link #NARROW_PX}) reserves that line whatever the width now. Measured at the width given, the
   * least height would change as the grid's scroll bar came and went, and the layout could settle two ways.
   */
  @Override
  protected double computeMinHeight(double width) {
    return minHeight + Math.max(0, header.prefHeight(NARROW_PX) - header.prefHeight(-1));
  }

  @Override
  protected double computePrefWidth(double height) {
    return Math.max(header.prefWidth(-1), plot.prefWidth(-1));
  }

  @Override
  protected double computePrefHeight(double width) {
    return header.prefHeight(width) + plot.prefHeight(width);
  }

  @Override
  protected void layoutChildren() {
    double w = getWidth();
    double h = snapSizeY(Math.min(header.prefHeight(w), getHeight()));
    header.resizeRelocate(0, 0, w, h);
    plot.resizeRelocate(0, h, w, Math.max(0, getHeight() - h));
  }

  /** The header: title and legend. */
  Region header() {
    return header;
  }
}
