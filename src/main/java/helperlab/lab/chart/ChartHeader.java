package helperlab.lab.chart;

import helperlab.charts.ChartKind;
import helperlab.charts.Series;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;

/**
 * A chart's title and legend on one line above its plot, so the legend never takes the plot's room or
 * covers it: each series once, in its colour (a second run is told apart by dashes, explained by the
 * view). Entries that do not fit are cut short with an ellipsis; the pointer readout names every value.
 */
final class ChartHeader extends HBox {
  ChartHeader(ChartKind kind) {
    getStyleClass().add("chart-header");
    setAlignment(Pos.CENTER_LEFT);
    setSpacing(8);
    setMinWidth(0);
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

  private static HBox entry(String text, String color, boolean dashed) {
    Line key = new Line(0, 0, 14, 0);
    key.setStyle("-fx-stroke: " + color + ";");
    key.setStrokeWidth(2.5);
    if (dashed) {
      key.getStrokeDashArray().setAll(5.0, 3.0);
    }
    Label l = new Label(text);
    l.getStyleClass().add("chart-header-entry");
    l.setTextOverrun(OverrunStyle.ELLIPSIS);
    // short names stay whole; longer ones give way first, down to a few letters and an ellipsis
    l.setMinWidth(text.length() <= 6 ? Label.USE_PREF_SIZE : 34);
    HBox e = new HBox(4, key, l);
    e.setAlignment(Pos.CENTER_LEFT);
    e.setMinWidth(0);
    HBox.setHgrow(e, Priority.SOMETIMES);
    return e;
  }
}
