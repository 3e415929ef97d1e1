package helperlab.lab.chart;

import helperlab.charts.style.AxisKind;
import helperlab.charts.ChartKind;
import helperlab.charts.Decimator;
import helperlab.charts.PlottedRun;
import helperlab.charts.Series;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.ui.geometry.Side;
import java.util.List;
import java.util.function.BiConsumer;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.scene.layout.Region;

/**
 * One chartfx chart of a {@link ChartKind}: its lines ({@link ChartLines}: a data set per run slot,
 * A solid, B dashed, and series), a right axis where the kind has one, zoom and pan in time ({@link TimeZoom}),
 * the values at the pointer, a one-line title and legend above the plot ({@link #node()}), a draggable time
 * cursor, and shaded time ranges ({@link RangeBands}, {@link TriggerBand}). Time reads like the clocks;
 * counts get whole-number ticks, headroom, and are drawn as steps.
 *
 * <p>The chart draws what a line needs at screen resolution, not every sample: each series goes
 * through a {@link Decimator} (the lowest and highest point a pixel column, the line's ends kept), so an hour of
 * 10^5 samples per series streams at full frame rate. Zooming in rebuilds the lines from the run's
 * samples for the visible time range, so detail is never lost. Solid lines are filled as the pixel columns
 * they ink ({@link ColumnLineRenderer}). Data sets are changed only under
 * their write lock, on the FX thread.
 */
public final class LabChart {
  public static final int SLOTS = ChartLines.SLOTS;

  private final ChartKind kind;
  private final XYChart chart;
  private final LabAxis xAxis = new LabAxis(null, AxisKind.TIME);
  private final LabAxis yLeft;
  private final LabAxis yRight;
  private final ChartCell node;
  private final ChartHeader header;
  private final PointerReadout readout;
  private final LineRenderers renderers;
  private final ChartCursor cursorLine;
  private final DoubleProperty cursor = new SimpleDoubleProperty(Double.NaN);
  private final TriggerBand triggerBand;
  private GridLines gridLines;

  private final ChartLines lines;
  private final RangeBands bands;
  private final TimeZoom zoom;
  private double staleFrom = Double.NaN;

  public LabChart(ChartKind kind) {
    this.kind = kind;
    boolean countsLeft = AxisKind.left(kind) == AxisKind.COUNT;
    yLeft = new LabAxis(kind.leftLabel(), AxisKind.left(kind));
    // a step's two corners share a pixel column: chartfx's point reduction would drop one and slant the step
    renderers = new LineRenderers(kind.hasRightAxis(), !countsLeft, this::afterLines);
    chart = new XYChart(xAxis, yLeft);
    // counts drawn as steps by StairLine, not by the renderer's step style
    lines = new ChartLines(kind, countsLeft, () -> chart.getCanvas().getWidth(), new ChartLines.PixelSize() {
      @Override
      public double seconds() {
        return span(xAxis) / chart.getCanvas().getWidth();
      }

      @Override
      public double value(boolean rightAxis) {
        return span(rightAxis && yRight != null ? yRight : yLeft) / chart.getCanvas().getHeight();
      }
    });
    chart.setAnimated(false);
    // title and legend are drawn above the plot by ChartHeader (one line, never over the plot)
    chart.setTitle(null);
    chart.setLegendVisible(false);
    chart.getStyleClass().add("lab-chart");
    chart.getRenderers().set(0, renderers.left());
    gridLines = new GridLines(chart);
    if (kind.hasRightAxis()) {
      yRight = new LabAxis(kind.rightLabel(), AxisKind.right(kind));
      yRight.setSide(Side.RIGHT);
      renderers.addRight(chart, yRight);
    } else {
      yRight = null;
    }
    // chartfx caches its canvases as images; they change every frame while streaming, so the cache only
    // adds a copy (costly with software rendering)
    chart.getCanvas().setCache(false);
    xAxis.getCanvas().setCache(false);
    yLeft.getCanvas().setCache(false);
    if (yRight != null) {
      yRight.getCanvas().setCache(false);
    }
    zoom = new TimeZoom(chart, xAxis, lines);
    cursorLine = new ChartCursor(chart, xAxis, cursor);
    readout = new PointerReadout(this, chart, xAxis);
    triggerBand = new TriggerBand(chart, xAxis);
    bands = new RangeBands(chart, xAxis);
    chart.setMinSize(0, 0);
    header = new ChartHeader(kind);
    node = new ChartCell(header, chart, ChartGrid.MIN_CELL_HEIGHT);
  }

  /** An axis's range; NaN before it has one (then every sample is drawn). */
  private static double span(LabAxis a) {
    double d = a.getMax() - a.getMin();
    return d > 0 ? d : Double.NaN;
  }

  /** After the last renderer's lines: the grid over them, and the readout. */
  private void afterLines() {
    gridLines.draw();
    // drawn with the axes as they are now: a readout under a still pointer names the time now there
    if (readout != null) {
      readout.refresh();
    }
  }

  public ChartKind kind() {
    return kind;
  }

  public XYChart chart() {
    return chart;
  }

  /** What goes on screen: the header (title, legend) over the chart. */
  public Region node() {
    return node;
  }

  /** The run shown in slot {@code s} (null when none). */
  PlottedRun run(int s) {
    return lines.run(s);
  }

  /** The height of the plot (the area the lines are drawn in), in pixels. */
  public double plotHeight() {
    return chart.getCanvas().getHeight();
  }

  /**
   * Shows the values at time {@code t} as the pointer would there (the middle of the plot), and
   * returns the readout's text: the time, then a row per series (with A and B values for two runs).
   */
  public String readoutAt(double t) {
    readout.showAt(t, xAxis.getDisplayPosition(t), chart.getCanvas().getHeight() / 2);
    return readout.text();
  }

  /** The readout's text now (empty when hidden). */
  public String readoutText() {
    return readout.text();
  }

  /** The time cursor in seconds; NaN hides it. Dragging the cursor line sets it. */
  public DoubleProperty timeCursorProperty() {
    return cursor;
  }

  /** Removes every line; {@code runLabels.size()} slots get fresh, empty ones. */
  public void reset(List<String> runLabels) {
    renderers.reset(lines, runLabels);
    header.showLimit(false);
    resetZoom();
  }

  /** Shows all of {@code run}'s samples in slot {@code s}. */
  public void fill(int s, PlottedRun run) {
    lines.fill(s, run);
    header.showLimit(lines.anyLimitShown());
  }

  /** Starts slot {@code s} empty for a live run (then {@link #append}). */
  public void startLive(int s, PlottedRun run) {
    lines.startLive(s, run);
  }

  /** Adds slot {@code s}'s samples {@code from} to {@code to} (live runs) and redraws. */
  public void append(int s, PlottedRun run, int from, int to) {
    lines.append(s, run, from, to, !zoom.zoomed());
    header.showLimit(lines.anyLimitShown());
  }

  /** Whom to tell the time span after a zoom or pan (NaN, NaN when zoomed out). */
  public void onTimeZoom(BiConsumer<Double, Double> then) {
    zoom.onChange(then);
  }

  /** Samples slot {@code s}'s {@code series} has taken in (0 when not shown); the screen shows a reduction. */
  public int points(int s, Series series) {
    return lines.points(s, series);
  }

  /** Points of slot {@code s}'s {@code series} on screen now. */
  public int pointsShown(int s, Series series) {
    return lines.pointsShown(s, series);
  }

  /** Whether slot {@code s}'s memory limit line is drawn (Memory chart; left out far above the run's peak). */
  public boolean limitShown(int s) {
    return lines.limitShown(s);
  }

  /** Whether the legend lists the memory limit (only while its line is drawn). */
  public boolean limitListed() {
    return header.limitListed();
  }

  /** The left axis: its name (the unit) and tick labels. */
  public io.fair_acc.chartfx.axes.spi.DefaultNumericAxis leftAxis() {
    return yLeft;
  }

  /** The value of slot {@code s}'s {@code series} at its last point on screen (NaN when empty). */
  public double lastValue(int s, Series series) {
    return lines.lastValue(s, series);
  }

  /**
   * Shades these time ranges ({@code [from, to]} seconds), e.g. when the link to a cage was down;
   * replaces the bands shown before.
   */
  public void setBands(List<double[]> ranges, String label) {
    bands.show(ranges, label);
  }

  /** Values at the pointer from this time on are marked stale (the link is down since); NaN: none. */
  public void setStaleFrom(double t) {
    staleFrom = t;
  }

  /** See {@link #setStaleFrom}. */
  double staleFrom() {
    return staleFrom;
  }

  /** The shaded bands shown (from, to). */
  public List<double[]> bands() {
    return bands.ranges();
  }

  /** Shades these triggers' windows (and where the run was back); replaces those shown before. */
  public void setTriggers(List<TriggerMark> marks) {
    triggerBand.show(marks);
  }

  /** The triggers shaded now. */
  public List<TriggerMark> triggers() {
    return triggerBand.marks();
  }

  /** Undo zoom and pan: the axes follow the data again. */
  public void resetZoom() {
    xAxis.setAutoRanging(true);
    yLeft.setAutoRanging(true);
    if (yRight != null) {
      yRight.setAutoRanging(true);
    }
  }

  /** Zooms the time axis to {@code from}..{@code to} (as dragging a zoom box does). */
  public void zoomTo(double from, double to) {
    zoom.to(from, to);
  }

  public boolean isZoomed() {
    return zoom.zoomed();
  }

  /** Where the time cursor is drawn (plot-foreground x), NaN when hidden. */
  public double cursorX() {
    return cursorLine.shownX();
  }

  /** How many times the lines have been drawn so far. */
  public long draws() {
    return renderers.draws();
  }

  public int slotsShown() {
    return lines.slotsShown();
  }

  public String label(int s) {
    return lines.label(s);
  }
}
