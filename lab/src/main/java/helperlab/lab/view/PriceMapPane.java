package helperlab.lab.view;

import helperlab.charts.style.Palette;
import helperlab.study.phase.SafeLoad;
import helperlab.study.phase.Share;
import helperlab.study.phase.diagram.PriceMap;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polyline;
import javafx.util.Duration;

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
  private BiConsumer<PriceMap, PriceMap.Cell> onOpen = (m, c) -> { };

  PriceMapPane() {
    maps.setPadding(new Insets(6, 8, 8, 8));
    StringBuilder known = new StringBuilder("dashed: known machines (");
    for (int i = 0; i < PriceMap.KNOWN.size(); i++) {
      PriceMap.Marker k = PriceMap.KNOWN.get(i);
      known.append(i > 0 ? ", " : "").append(k.name()).append(' ').append(PriceMap.priceLabel(k.images()));
    }
    Label marks = new Label(known.append(" images)").toString());
    marks.getStyleClass().add("hint");
    marks.setPadding(new Insets(0, 8, 0, 8));
    marks.setWrapText(true);
    root.getChildren().addAll(PhasePane.legend("share collapsed ", "safe load at that price"), marks, maps);
  }

  VBox node() {
    return root;
  }

  void setOnOpen(BiConsumer<PriceMap, PriceMap.Cell> open) {
    this.onOpen = open;
  }

  void show(List<PriceMap> priceMaps) {
    maps.getChildren().clear();
    for (PriceMap m : priceMaps) {
      maps.getChildren().add(map(m));
    }
  }

  private Pane map(PriceMap m) {
    double cw = PhasePane.CELL_W;
    double ch = PhasePane.CELL_H;
    VBox box = new VBox(2);
    Label title = new Label(m.title());
    title.getStyleClass().add("heat-header");
    Label axis = new Label("helper's start (images of the mix)");
    axis.getStyleClass().add("hint");
    axis.setStyle("-fx-font-size: 10.5px;");
    int rows = m.prices().size();
    int cols = m.loads().size();
    Pane grid = new Pane();
    double w = LABEL_W + cols * cw + MARKS_W;
    double h = rows * ch;
    grid.setPrefSize(w, h + 16);
    grid.setMinSize(w, h + 16);
    for (int r = 0; r < rows; r++) {
      double price = m.prices().get(r);
      double y = h - (r + 1) * ch;
      Label priceLabel = new Label(PriceMap.priceLabel(price));
      priceLabel.getStyleClass().add("hint");
      priceLabel.setStyle("-fx-font-size: 10.5px;");
      priceLabel.setAlignment(Pos.CENTER_RIGHT);
      priceLabel.setPrefSize(LABEL_W - 4, ch);
      priceLabel.relocate(0, y);
      grid.getChildren().add(priceLabel);
      for (int c = 0; c < cols; c++) {
        PriceMap.Cell cell = m.cell(m.loads().get(c), price);
        if (cell != null) {
          Label l = cell(m, cell);
          l.relocate(LABEL_W + c * cw, y);
          grid.getChildren().add(l);
        }
      }
    }
    for (int c = 0; c < cols; c++) {
      Label load = new Label(String.format(Locale.ROOT, "%.2g", m.loads().get(c)));
      load.getStyleClass().add("hint");
      load.setStyle("-fx-font-size: 10.5px;");
      load.setAlignment(Pos.CENTER);
      load.setPrefWidth(cw);
      load.relocate(LABEL_W + c * cw, h + 1);
      grid.getChildren().add(load);
    }
    grid.getChildren().add(safeLine(m, h));
    double right = LABEL_W + cols * cw;
    for (PriceMap.Marker k : PriceMap.KNOWN) {
      double y = yOf(m, k.images(), h);
      Line line = new Line(LABEL_W, y, right, y);
      line.setStyle("-fx-stroke: -lab-text; -fx-stroke-width: 1.2; -fx-stroke-dash-array: 5 3;");
      line.setMouseTransparent(true);
      Label name = new Label(k.name());
      name.getStyleClass().add("hint");
      name.setStyle("-fx-font-size: 9.5px;");
      name.relocate(right + 4, y - 7);
      name.setTooltip(new Tooltip(k.name() + ": " + PriceMap.priceLabel(k.images()) + " images; " + k.source()));
      grid.getChildren().addAll(line, name);
    }
    Label xAxis = new Label("offered load (1 = the machine busy)");
    xAxis.getStyleClass().add("hint");
    xAxis.setStyle("-fx-font-size: 10.5px;");
    xAxis.setPadding(new Insets(0, 0, 0, LABEL_W));
    box.getChildren().addAll(title, axis, grid, xAxis);
    box.setId("price-" + m.policy() + PhaseIds.settingPart(m.run()));
    return box;
  }

  private Label cell(PriceMap m, PriceMap.Cell cell) {
    Share s = cell.collapsed();
    Label l = new Label(s.k() + "/" + s.n() + String.format(Locale.ROOT, "\n%.0f%%", 100 * cell.metShare()));
    l.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
    l.setId(String.format(Locale.ROOT, "price-%s%s-%03d-%s", m.policy(), PhaseIds.settingPart(m.run()),
        Math.round(100 * cell.load()), PriceMap.priceLabel(cell.price()).replace('.', '_')));
    l.setAlignment(Pos.CENTER);
    l.setPrefSize(PhasePane.CELL_W - 1, PhasePane.CELL_H - 1);
    l.setMinSize(PhasePane.CELL_W - 1, PhasePane.CELL_H - 1);
    l.setStyle("-fx-font-size: 9px; -fx-font-weight: bold; -fx-line-spacing: -2px; -fx-cursor: hand; "
        + "-fx-background-color: " + Palette.down(s.share()) + "; -fx-text-fill: " + Palette.textOnDown(s.share()) + ";");
    Tooltip tip = new Tooltip(tooltip(m, cell));
    tip.setShowDelay(Duration.millis(250));
    l.setTooltip(tip);
    l.setOnMouseClicked(e -> onOpen.accept(m, cell));
    return l;
  }

  static String tooltip(PriceMap m, PriceMap.Cell c) {
    Share s = c.collapsed();
    SafeLoad safe = m.safeByPrice().get(c.price());
    List<Long> seeds = c.seeds();
    return String.format(Locale.ROOT, "%s at load %.2f, a helper's start %s images, no trigger%n%d of %d runs "
        + "collapsed (tipped or never healthy), %.0f%% (95%%: %.0f–%.0f%%); %d down at the end%n%s%nsafe load at this "
        + "price: %s%nseeds %s%nclick: open seed %d in Runs", m.title(), c.load(), PriceMap.priceLabel(c.price()), s.k(),
        s.n(), 100 * s.share(), 100 * s.lo(), 100 * s.hi(), c.downAtEnd().k(), PhasePane.delivered(c.metShare(),
            c.lateShare()), safe == null || safe.point() == null ? "none" : String.format(Locale.ROOT, "%.2f",
            safe.point()), seeds.size() <= 6 ? seeds.toString() : seeds.get(0) + "–" + seeds.get(seeds.size() - 1),
        c.representativeSeed());
  }

  private static Polyline safeLine(PriceMap m, double h) {
    Polyline line = new Polyline();
    double ch = PhasePane.CELL_H;
    for (int r = 0; r < m.prices().size(); r++) {
      SafeLoad s = m.safeByPrice().get(m.prices().get(r));
      double x = s == null || s.point() == null ? LABEL_W
          : LABEL_W + (m.loads().indexOf(s.point()) + 1) * PhasePane.CELL_W;
      line.getPoints().addAll(x, h - r * ch, x, h - (r + 1) * ch);
    }
    line.setStyle("-fx-stroke: -lab-text; -fx-stroke-width: 3; -fx-stroke-line-join: round;");
    line.setMouseTransparent(true);
    return line;
  }

  /** A price's height on the map: between the centres of the rows around it, on a log scale (outside: at an edge). */
  static double yOf(PriceMap m, double images, double h) {
    List<Double> p = m.prices();
    double ch = PhasePane.CELL_H;
    if (images <= p.get(0)) {
      return h - ch / 2;
    }
    for (int i = 0; i + 1 < p.size(); i++) {
      if (images <= p.get(i + 1)) {
        double f = Math.log(images / p.get(i)) / Math.log(p.get(i + 1) / p.get(i));
        return h - (i + 0.5 + f) * ch;
      }
    }
    return h - (p.size() - 0.5) * ch;
  }
}
