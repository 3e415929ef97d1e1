package helperlab.lab.chart;

import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.StackPane;

/**
 * The six charts in a grid, with one time cursor shared by all: drag it on any chart and every chart
 * (and whoever binds {@link #timeCursorProperty()}) follows. Shows recorded runs ({@link #show}) or streams
 * a live run ({@link #stream} then {@link #pull()} every frame). Clicking a chart selects it (for export).
 */
public final class ChartGrid extends GridPane {
  private final Map<ChartKind, LabChart> charts = new EnumMap<>(ChartKind.class);
  private final Map<ChartKind, StackPane> frames = new EnumMap<>(ChartKind.class);
  private final DoubleProperty cursor = new SimpleDoubleProperty(Double.NaN);
  private final ObjectProperty<ChartKind> selected = new SimpleObjectProperty<>(ChartKind.WORKERS);
  private List<PlottedRun> runs = List.of();
  private PlottedRun live;
  private int liveShown;
  private PlottedRun overlay;
  private int overlayShown;

  public ChartGrid() {
    getStyleClass().add("chart-grid");
    setHgap(6);
    setVgap(6);
    setPadding(new Insets(2));
    int cols = 2;
    for (int c = 0; c < cols; c++) {
      ColumnConstraints cc = new ColumnConstraints();
      cc.setPercentWidth(100.0 / cols);
      cc.setHgrow(Priority.ALWAYS);
      getColumnConstraints().add(cc);
    }
    int rows = (ChartKind.values().length + cols - 1) / cols;
    for (int r = 0; r < rows; r++) {
      RowConstraints rc = new RowConstraints();
      rc.setPercentHeight(100.0 / rows);
      rc.setVgrow(Priority.ALWAYS);
      getRowConstraints().add(rc);
    }
    int i = 0;
    for (ChartKind k : ChartKind.values()) {
      long t0 = System.nanoTime();
      LabChart c = new LabChart(k);
      if (Boolean.getBoolean("helperlab.lab.trace")) {
        System.err.printf("chart %s built in %.0f ms%n", k, (System.nanoTime() - t0) / 1e6);
      }
      charts.put(k, c);
      c.timeCursorProperty().bindBidirectional(cursor);
      StackPane frame = new StackPane(c.chart());
      frame.getStyleClass().add("chart-frame");
      frame.setMinSize(0, 0);
      c.chart().setMinSize(0, 0);
      frame.setOnMousePressed(e -> selected.set(k));
      frames.put(k, frame);
      add(frame, i % cols, i / cols);
      i++;
    }
    selected.addListener((o, a, b) -> markSelected());
    markSelected();
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
    live = null;
    overlay = null;
    runs = List.copyOf(shown);
    List<String> labels = labels(runs);
    for (LabChart c : charts.values()) {
      c.reset(labels);
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
    live = run;
    overlay = second;
    runs = second == null ? List.of(run) : List.of(run, second);
    liveShown = 0;
    overlayShown = 0;
    for (LabChart c : charts.values()) {
      c.reset(labels(runs));
      c.startLive(0, run);
      if (second != null) {
        c.startLive(1, second);
      }
      c.setBands(List.of(), null);
    }
    pull();
  }

  /** Shades these time ranges ({@code [from, to]} s) on every chart, labelled (e.g. "link down"). */
  public void setBands(List<double[]> ranges, String label) {
    for (LabChart c : charts.values()) {
      c.setBands(ranges, label);
    }
  }

  /** Appends the live run's new samples to every chart; returns how many rows were added. */
  public int pull() {
    PlottedRun r = live;
    if (r == null) {
      return 0;
    }
    PlottedRun o = overlay;
    if (o != null) {
      int m = o.samples().size();
      if (m > overlayShown) {
        for (LabChart c : charts.values()) {
          c.append(1, o, overlayShown, m);
        }
        overlayShown = m;
      }
    }
    int n = r.samples().size();
    int from = liveShown;
    if (n <= from) {
      return 0;
    }
    for (LabChart c : charts.values()) {
      c.append(0, r, from, n);
    }
    liveShown = n;
    return n - from;
  }

  /** Empties every chart. */
  public void clear() {
    live = null;
    overlay = null;
    runs = List.of();
    for (LabChart c : charts.values()) {
      c.reset(List.of());
      c.setBands(List.of(), null);
    }
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

  public LabChart chart(ChartKind k) {
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
