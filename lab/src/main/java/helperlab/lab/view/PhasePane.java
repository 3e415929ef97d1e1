package helperlab.lab.view;

import helperlab.charts.style.Palette;
import helperlab.study.phase.diagram.DownLater;
import helperlab.study.phase.diagram.PhaseDiagram;
import helperlab.study.phase.diagram.PriceMap;
import helperlab.study.phase.Share;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
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
 * clicking it opens its representative run. The price maps ({@link PriceMapPane}) take the same place.
 */
final class PhasePane {
  static final double CELL_W = 36;
  static final double CELL_H = 30;
  private static final double LABEL_W = 34;
  private static final double STEP_W = 30;

  private final FlowPane maps = new FlowPane(18, 14);
  private final VBox root = new VBox(8);
  private BiConsumer<PhaseDiagram, PhaseDiagram.Cell> onOpen = (d, c) -> { };
  private final PriceMapPane prices = new PriceMapPane();
  private final HBox legend = legend("share down ", "boundary");

  PhasePane() {
    maps.setPadding(new Insets(6, 8, 8, 8));
    root.getChildren().addAll(legend, maps);
  }

  void setOnOpenPrice(BiConsumer<PriceMap, PriceMap.Cell> open) {
    prices.setOnOpen(open);
  }

  /** The price maps in the diagrams' place (none: the diagrams' place is theirs again). */
  void showPrices(List<PriceMap> priceMaps) {
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

  void setOnOpen(BiConsumer<PhaseDiagram, PhaseDiagram.Cell> open) {
    this.onOpen = open;
  }

  void show(List<PhaseDiagram> diagrams) {
    root.getChildren().setAll(legend, maps);
    maps.getChildren().clear();
    for (PhaseDiagram d : diagrams) {
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

  private Pane map(PhaseDiagram d) {
    VBox box = new VBox(2);
    Label title = new Label(d.title());
    title.getStyleClass().add("heat-header");
    Label axis = new Label(PhaseDiagram.sizeAxis(d.kind()));
    axis.getStyleClass().add("hint");
    axis.setStyle("-fx-font-size: 10.5px;");
    int rows = d.sizes().size();
    int cols = d.loads().size();
    Pane grid = new Pane();
    double w = LABEL_W + cols * CELL_W;
    double h = rows * CELL_H;
    grid.setPrefSize(w, h + 16);
    grid.setMinSize(w, h + 16);
    for (int r = 0; r < rows; r++) {
      double size = d.sizes().get(r);
      double y = h - (r + 1) * CELL_H;
      Label sizeLabel = new Label(PhaseDiagram.sizeLabel(d.kind(), size));
      sizeLabel.getStyleClass().add("hint");
      sizeLabel.setStyle("-fx-font-size: 10.5px;");
      sizeLabel.setAlignment(Pos.CENTER_RIGHT);
      sizeLabel.resizeRelocate(0, y, LABEL_W - 4, CELL_H);
      sizeLabel.setPrefSize(LABEL_W - 4, CELL_H);
      sizeLabel.relocate(0, y);
      grid.getChildren().add(sizeLabel);
      for (int c = 0; c < cols; c++) {
        PhaseDiagram.Cell cell = d.cell(d.loads().get(c), size);
        if (cell != null) {
          Label l = cell(d, cell);
          l.relocate(LABEL_W + c * CELL_W, y);
          grid.getChildren().add(l);
        }
      }
    }
    for (int c = 0; c < cols; c++) {
      Label load = new Label(String.format(Locale.ROOT, "%.2g", d.loads().get(c)));
      load.getStyleClass().add("hint");
      load.setStyle("-fx-font-size: 10.5px;");
      load.setAlignment(Pos.CENTER);
      load.setPrefWidth(CELL_W);
      load.relocate(LABEL_W + c * CELL_W, h + 1);
      grid.getChildren().add(load);
    }
    grid.getChildren().add(boundary(d, h));
    Label xAxis = new Label("offered load (1 = the cage's 1.5 cores busy)");
    xAxis.getStyleClass().add("hint");
    xAxis.setStyle("-fx-font-size: 10.5px;");
    xAxis.setPadding(new Insets(0, 0, 0, LABEL_W));
    box.getChildren().addAll(title, axis, grid, xAxis);
    box.setId(PhaseIds.diagram(d));
    return box;
  }

  private Label cell(PhaseDiagram d, PhaseDiagram.Cell cell) {
    Share s = cell.down();
    Label l = new Label(s.k() + "/" + s.n() + (Double.isNaN(cell.metShare()) ? ""
        : String.format(Locale.ROOT, "\n%.0f%%", 100 * cell.metShare())));
    l.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
    l.setId(cellId(d, cell));
    l.setAlignment(Pos.CENTER);
    l.setPrefSize(CELL_W - 1, CELL_H - 1);
    l.setMinSize(CELL_W - 1, CELL_H - 1);
    String frame = s.decides(PhaseDiagram.HALF) ? ""
        : " -fx-border-color: -lab-text; -fx-border-style: segments(2, 2); -fx-border-width: 1; -fx-border-insets: 2;";
    l.setStyle("-fx-font-size: 9px; -fx-font-weight: bold; -fx-line-spacing: -2px; -fx-cursor: hand; -fx-background-color: "
        + Palette.down(s.share()) + "; -fx-text-fill: " + Palette.textOnDown(s.share()) + ";" + frame);
    Tooltip tip = new Tooltip(tooltip(d, cell));
    tip.setShowDelay(Duration.millis(250));
    l.setTooltip(tip);
    l.setOnMouseClicked(e -> onOpen.accept(d, cell));
    return l;
  }

  static String cellId(PhaseDiagram d, PhaseDiagram.Cell c) {
    return PhaseIds.cell(d, c);
  }

  static String tooltip(PhaseDiagram d, PhaseDiagram.Cell c) {
    Share s = c.down();
    String trigger = c.size() == 0 ? "no trigger" : PhaseDiagram.sizeLabel(d.kind(), c.size()) + " "
        + d.triggerText();
    List<Long> seeds = c.seeds();
    return String.format(Locale.ROOT, "%s at load %.2f, %s%n%d of %d runs down %.0f min after (at %s), %.0f%% "
        + "(95%%: %.0f–%.0f%%)%s%n%s%nseeds %s%nclick: open seed %d (%s) in Runs", d.title(), c.load(), trigger, s.k(),
        s.n(), DownLater.LATER_S / 60, clock(d.askedAtS()), 100 * s.share(), 100 * s.lo(), 100 * s.hi(),
        s.decides(PhaseDiagram.HALF) ? "" : ": too few runs to say which side of one half",
        delivered(c.metShare(), c.lateShare()), seeds.size() <= 6
            ? seeds.toString() : seeds.get(0) + "–" + seeds.get(seeds.size() - 1), c.representativeSeed(),
        c.representativeDown() ? "down" : "up");
  }

  /** What the runs delivered, in words: "met 46% of deadlines, late 52% of admitted". */
  static String delivered(double met, double late) {
    if (Double.isNaN(met)) {
      return "what they delivered is not in this sweep's rows";
    }
    return String.format(Locale.ROOT, "met %.0f%% of their deadlines, late %s of admitted", 100 * met,
        Double.isNaN(late) ? "–" : String.format(Locale.ROOT, "%.0f%%", 100 * late));
  }

  private static Polyline boundary(PhaseDiagram d, double h) {
    Polyline line = new Polyline();
    double right = LABEL_W + d.loads().size() * CELL_W;
    for (int r = 0; r < d.sizes().size(); r++) {
      Double b = d.boundary(d.sizes().get(r));
      double x = b == null ? right : LABEL_W + d.loads().indexOf(b) * CELL_W;
      line.getPoints().addAll(x, h - r * CELL_H, x, h - (r + 1) * CELL_H);
    }
    line.setStyle("-fx-stroke: -lab-text; -fx-stroke-width: 3; -fx-stroke-line-join: round;");
    line.setMouseTransparent(true);
    return line;
  }

  private static String clock(double s) {
    return String.format(Locale.ROOT, "%d:%02d", (int) s / 60, (int) s % 60);
  }
}
