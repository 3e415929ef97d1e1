package helperlab.lab.chart;

import helperlab.charts.ChartKind;
import helperlab.charts.Series;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;

/**
 * A chart's title and legend on one line above its plot, so the legend never takes the plot's room or
 * covers it: each series once, in its colour (a second run is told apart by dashes, explained by the
 * view). Entries are never cut short: what does not fit on the line goes to a second line above the plot.
 */
final class ChartHeader extends FlowPane {
  ChartHeader(ChartKind kind) {
    getStyleClass().add("chart-header");
    setAlignment(Pos.CENTER_LEFT);
    setHgap(8);
    setVgap(1);
    setMinWidth(0);
    setMinHeight(USE_PREF_SIZE); // the plot gives way to a second legend line, never the legend to the plot
    // the rows are counted at the width the header has; a new width asks the chart above for a new layout
    widthProperty().addListener((o, a, b) -> {
      if (b.doubleValue() > 0) {
        setPrefWrapLength(b.doubleValue());
      }
    });
    // in a very narrow chart what does not fit is cut off at the chart's edge, never drawn over its neighbour
    Rectangle clip = new Rectangle();
    clip.widthProperty().bind(widthProperty());
    clip.heightProperty().bind(heightProperty());
    setClip(clip);
    Label title = new Label(kind.title());
    title.getStyleClass().add("chart-header-title");
    title.setMinWidth(Label.USE_PREF_SIZE);
    getChildren().add(title);
    for (Series s : kind.series()) {
      getChildren().add(entry(s.label(), s.color(), false));
    }
    if (kind == ChartKind.MEMORY) {
      getChildren().add(entry("limit", "#ef4444", true));
    }
  }

  /** Asked without a width (as a box laying out its column may), the rows the legend takes at the width it has. */
  @Override
  protected double computePrefHeight(double width) {
    return super.computePrefHeight(width < 0 && getWidth() > 0 ? getWidth() : width);
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
    e.setMinWidth(HBox.USE_PREF_SIZE);
    return e;
  }
}
