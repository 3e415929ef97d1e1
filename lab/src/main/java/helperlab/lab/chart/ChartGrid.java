package helperlab.lab.chart;

import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Skin;
import javafx.scene.control.skin.ScrollPaneSkin;
import javafx.scene.layout.StackPane;

/**
 * The six charts in a grid, with one time cursor shared by all: drag it on any chart and every chart
 * (and whoever binds {@link #timeCursorProperty()}) follows. Shows recorded runs ({@link #show}) or streams
 * a live run ({@link #stream} then {@link #pull()} every frame). Clicking a chart selects it (for export).
 *
 * <p>Every chart keeps a readable plot: the grid picks 1, 2 or 3 columns for the room it has (or the
 * number the user chose, {@link #columnsProperty()}; {@link GridColumns}), and when the charts still do not fit at
 * {@link #MIN_CELL_HEIGHT} each, it scrolls rather than squash them.
 */
public final class ChartGrid extends ScrollPane {
  /** The least height of one chart's cell (header, plot, time axis): its plot stays at least ~120 px. */
  public static final double MIN_CELL_HEIGHT = 190;

  private final Map<ChartKind, LabChart> charts = new EnumMap<>(ChartKind.class);
  private final Map<ChartKind, StackPane> frames = new EnumMap<>(ChartKind.class);
  private final DoubleProperty cursor = new SimpleDoubleProperty(Double.NaN);
  private final ObjectProperty<ChartKind> selected = new SimpleObjectProperty<>(ChartKind.WORKERS);
  private final GridColumns columns;
  private List<PlottedRun> runs = List.of();
  /** The live run being streamed, or null. */
  private LiveFeed feed;
  // what the grid was told before its charts were built (null: nothing), handed to them when they are
  private boolean cleared;
  private List<double[]> bandRanges;
  private String bandLabel;
  private Double staleFrom;
  private List<TriggerMark> triggers;

  public ChartGrid() {
    getStyleClass().add("chart-grid");
    setFitToWidth(true);
    setFitToHeight(true);
    setHbarPolicy(ScrollBarPolicy.NEVER);
    setVbarPolicy(ScrollBarPolicy.AS_NEEDED);
    setPannable(false);
    setFocusTraversable(false); // arrow keys belong to the views (scrubbing), not to scrolling
    setMinSize(0, 0);
    for (ChartKind k : ChartKind.values()) {
      StackPane frame = new StackPane();
      frame.getStyleClass().add("chart-frame");
      frame.setMinWidth(0);
      frame.setMinHeight(MIN_CELL_HEIGHT); // its chart's least height once that is in (see ChartCell)
      frame.setOnMousePressed(e -> selected.set(k));
      frames.put(k, frame);
    }
    columns = new GridColumns(frames);
    setContent(columns.pane());
    viewportBoundsProperty().addListener((o, a, b) -> rearrange());
    columns.property().addListener((o, a, b) -> rearrange());
    selected.addListener((o, a, b) -> markSelected());
    markSelected();
    AfterFirstFrame.run(this, this::build);
  }

  /**
   * The six charts, built once the window has drawn its first frame without them (or sooner, when asked for one
   * or given runs to show): building and styling them was the largest part of the lab's wait for its first frame.
   * The grid's cells, styles and layout are there from the start, so the window does not move when they come in.
   */
  private void build() {
    if (!charts.isEmpty()) {
      return;
    }
    for (ChartKind k : ChartKind.values()) {
      long t0 = System.nanoTime();
      LabChart c = new LabChart(k);
      if (Boolean.getBoolean("helperlab.lab.trace")) {
        System.err.printf("chart %s built in %.0f ms%n", k, (System.nanoTime() - t0) / 1e6);
      }
      charts.put(k, c);
      c.onTimeZoom((from, to) -> zoomOthers(k, from, to));
      c.timeCursorProperty().bindBidirectional(cursor);
      if (cleared) {
        c.reset(List.of());
      }
      if (bandRanges != null) {
        c.setBands(bandRanges, bandLabel);
      }
      if (staleFrom != null) {
        c.setStaleFrom(staleFrom);
      }
      if (triggers != null) {
        c.setTriggers(triggers);
      }
      StackPane frame = frames.get(k);
      frame.setMinHeight(USE_COMPUTED_SIZE);
      frame.getChildren().add(c.node());
    }
  }

  /** Whether the charts are built (they are once the window has drawn its first frame). */
  public boolean built() {
    return !charts.isEmpty();
  }

  /**
   * The default skin caches its viewport as an image: then any change inside it (a cursor moving, a
   * chart's new frame) re-renders the whole grid into that image and copies it to the screen, which
   * with software rendering doubles a frame's cost and defeats the renderer's dirty regions. The
   * charts change every frame while streaming, so a cache never pays off here.
   */
  @Override
  protected Skin<?> createDefaultSkin() {
    ScrollPaneSkin skin = new ScrollPaneSkin(this);
    for (Node n : skin.getChildren()) {
      if (n.getStyleClass().contains("viewport")) {
        n.setCache(false);
      }
    }
    return skin;
  }

  private void rearrange() {
    Bounds v = getViewportBounds();
    columns.fit(v.getWidth(), v.getHeight());
  }

  /** The columns in use now (1–3). */
  public int columnsShown() {
    return columns.shown();
  }

  /** Columns the user chose: 1, 2 or 3; 0 lets the grid choose for the room it has. */
  public IntegerProperty columnsProperty() {
    return columns.property();
  }

  private void markSelected() {
    frames.forEach((k, f) -> {
      f.getStyleClass().remove("selected");
      if (k == selected.get()) {
        f.getStyleClass().add("selected");
      }
    });
  }

  /** Shows recorded runs (one, or two overlaid: the second dashed). */
  public void show(List<PlottedRun> shown) {
    build();
    feed = null;
    runs = List.copyOf(shown);
    List<String> labels = labels(runs);
    for (LabChart c : charts.values()) {
      c.reset(labels);
      c.setTriggers(List.of());
      for (int s = 0; s < Math.min(LabChart.SLOTS, runs.size()); s++) {
        c.fill(s, runs.get(s));
      }
    }
  }

  /** Starts streaming a live run: {@link #pull()} then appends what arrived since the last frame. */
  public void stream(PlottedRun run) {
    stream(run, null);
  }

  /**
   * Streams a live run (solid) with a second one growing beside it on the same axes (dashed), e.g. a
   * real cage run and the simulator's replay of it; {@code second} may be null.
   */
  public void stream(PlottedRun run, PlottedRun second) {
    build();
    feed = new LiveFeed(run, second);
    runs = second == null ? List.of(run) : List.of(run, second);
    for (LabChart c : charts.values()) {
      c.reset(labels(runs));
      c.startLive(0, run);
      if (second != null) {
        c.startLive(1, second);
      }
      c.setBands(List.of(), null);
      c.setTriggers(List.of());
    }
    pull();
  }

  /** Shades these time ranges ({@code [from, to]} s) on every chart, labelled (e.g. "link down"). */
  public void setBands(List<double[]> ranges, String label) {
    bandRanges = ranges;
    bandLabel = label;
    for (LabChart c : charts.values()) {
      c.setBands(ranges, label);
    }
  }

  /** Values at the pointer from this time on are marked stale (the link is down since); NaN: none. */
  public void setStaleFrom(double t) {
    staleFrom = t;
    for (LabChart c : charts.values()) {
      c.setStaleFrom(t);
    }
  }

  /** Shades these triggers on every chart (empty: none); replaces those shown before. */
  public void setTriggers(List<TriggerMark> marks) {
    triggers = marks;
    for (LabChart c : charts.values()) {
      c.setTriggers(marks);
    }
  }

  /** Appends the live run's new samples to every chart; returns how many rows were added. */
  public int pull() {
    LiveFeed f = feed;
    return f == null ? 0 : f.pull(charts.values());
  }

  /** Empties every chart. */
  public void clear() {
    feed = null;
    runs = List.of();
    cleared = true;
    bandRanges = List.of();
    bandLabel = null;
    triggers = List.of();
    for (LabChart c : charts.values()) {
      c.reset(List.of());
      c.setBands(List.of(), null);
      c.setTriggers(List.of());
    }
  }

  /**
   * A zoom or pan of one chart, in time, moves every chart to the same span (the value axes stay each chart's own):
   * a moment is read across the six charts. A chart already there hears nothing, so the others' echoes end here.
   */
  private void zoomOthers(ChartKind from, double t0, double t1) {
    charts.forEach((k, c) -> {
      if (k == from) {
        return;
      }
      if (Double.isNaN(t0)) {
        if (c.isZoomed()) {
          c.resetZoom();
        }
      } else if (c.chart().getXAxis().getMin() != t0 || c.chart().getXAxis().getMax() != t1 || !c.isZoomed()) {
        c.zoomTo(t0, t1);
      }
    });
  }

  public void resetZoom() {
    charts.values().forEach(LabChart::resetZoom);
  }

  private static List<String> labels(List<PlottedRun> runs) {
    List<String> l = new ArrayList<>();
    for (PlottedRun r : runs) {
      l.add(r.label());
    }
    return l;
  }

  /** The chart of kind {@code k} (built now if the grid has not drawn yet). */
  public LabChart chart(ChartKind k) {
    build();
    return charts.get(k);
  }

  /** The shared time cursor (seconds; NaN hides it). */
  public DoubleProperty timeCursorProperty() {
    return cursor;
  }

  /** The chart last clicked. */
  public ObjectProperty<ChartKind> selectedProperty() {
    return selected;
  }

  /** What is shown (live: the run being streamed). */
  public List<PlottedRun> runs() {
    return runs;
  }
}
