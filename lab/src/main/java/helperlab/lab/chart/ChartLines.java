package helperlab.lab.chart;

import helperlab.charts.style.SeriesStyle;
import helperlab.charts.ChartKind;
import helperlab.charts.Decimator;
import helperlab.charts.PlottedRun;
import helperlab.charts.SampleTable;
import helperlab.charts.Series;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import io.fair_acc.dataset.utils.DataSetStyleBuilder;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * A chart's lines: a data set per run slot (A solid, B dashed) and series, each fed by a
 * {@link Decimator} (first, lowest, highest and last point per time bucket, at most a bucket per pixel
 * column of the plot), the memory limit, and the lines rebuilt from the run's samples for a zoomed time
 * range. Data sets are changed only under their write lock, on the FX thread.
 */
final class ChartLines {
  static final int SLOTS = 2;
  /** First bucket width for live runs (it doubles as the run grows). */
  private static final double LIVE_BUCKET_S = 0.05;
  /** Narrower than this the plot is still being laid out. */
  private static final int MIN_COLUMNS = 64;

  /** One line: its data set on screen and the decimator that feeds it. */
  private static final class Line {
    final Series series;
    final DoubleDataSet shown;
    final boolean steps;
    Decimator all;
    /** Data points on screen (a step line adds a corner between each two). */
    int points;
    /** The newest value taken in (NaN: none). */
    double lastY = Double.NaN;
    /** The values the line's last pixel column on screen spans (NaN: nothing drawn). */
    double drawnLow = Double.NaN;
    double drawnHigh = Double.NaN;

    Line(Series series, DoubleDataSet shown, boolean steps) {
      this.series = series;
      this.shown = shown;
      this.steps = steps;
    }
  }

  private final ChartKind kind;
  /** Counts on the left axis are drawn as steps. */
  private final boolean stepsLeft;
  @SuppressWarnings({"unchecked", "rawtypes"})
  private final Map<Series, Line>[] lines = new Map[SLOTS];
  private final PlottedRun[] runs = new PlottedRun[SLOTS];
  private final DoubleDataSet[] limit = new DoubleDataSet[SLOTS];
  /** Each slot's highest memory so far (MB), which the limit line is judged against. */
  private final double[] peakMb = new double[SLOTS];
  /**
   * The memory limit is drawn only within this factor of the run's peak: a machine's whole memory (24 GB
   * under a cage using 0.7 GB) would set the axis and press the line that matters onto the floor.
   */
  static final double LIMIT_SHOWN_WITHIN = 3;
  private final String[] labels = new String[SLOTS];
  private final double[][] buffer = {new double[4 * Decimator.BUCKETS], new double[4 * Decimator.BUCKETS]};
  private final StairLine stairs = new StairLine();
  private int slotsShown;
  /** The plot's width in pixels: a line gets at most one bucket per pixel column. */
  private final DoubleSupplier plotWidth;
  private final PixelSize pixel;
  /** The time of each slot's newest sample on screen (NaN: none yet). */
  private final double[] drawnT = new double[SLOTS];

  /** What one pixel of the plot is worth now, in time and along each value axis (NaN while unknown). */
  interface PixelSize {
    double seconds();

    double value(boolean rightAxis);
  }

  ChartLines(ChartKind kind, boolean stepsLeft, DoubleSupplier plotWidth, PixelSize pixel) {
    this.kind = kind;
    this.stepsLeft = stepsLeft;
    this.plotWidth = plotWidth;
    this.pixel = pixel;
    for (int s = 0; s < SLOTS; s++) {
      lines[s] = new EnumMap<>(Series.class);
    }
  }

  /**
   * Drops every line; {@code runLabels.size()} slots get fresh, empty ones, whose data sets are added
   * to {@code left} and {@code right} by the axis they are drawn against.
   */
  void reset(List<String> runLabels, List<DataSet> left, List<DataSet> right) {
    slotsShown = Math.min(SLOTS, runLabels.size());
    for (int s = 0; s < SLOTS; s++) {
      lines[s].clear();
      limit[s] = null;
      peakMb[s] = 0;
      drawnT[s] = Double.NaN;
      runs[s] = null;
      labels[s] = s < slotsShown ? runLabels.get(s) : null;
    }
    for (int s = 0; s < slotsShown; s++) {
      for (Series series : kind.series()) {
        String name = slotsShown > 1 ? series.label() + " · " + runLabels.get(s) : series.label();
        DoubleDataSet ds = new LineData(name, 4 * Decimator.BUCKETS);
        ds.setStyle(style(SeriesStyle.run(series, s)));
        lines[s].put(series, new Line(series, ds, stepsLeft && !series.rightAxis()));
        (series.rightAxis() ? right : left).add(ds);
      }
      if (kind == ChartKind.MEMORY) {
        DoubleDataSet ds = new LineData(slotsShown > 1 ? "limit · " + runLabels.get(s) : "memory limit", 2);
        ds.setStyle(style(SeriesStyle.memoryLimit()));
        limit[s] = ds;
        left.add(ds);
      }
    }
  }

  /** A line's chartfx style, from the style the export draws it with too. */
  static String style(SeriesStyle st) {
    DataSetStyleBuilder b = DataSetStyleBuilder.newInstance().setLineColor(st.colour()).setMarkerColor(st.colour())
        .setLineWidth(st.width()).setMarkerSize(st.markerSize());
    if (st.dashed()) {
      b.setLineDashes(st.dashes().stream().mapToDouble(Double::doubleValue).toArray());
    }
    return b.build();
  }

  /** Takes in all of {@code run}'s samples in slot {@code s} and shows the whole run. */
  void fill(int s, PlottedRun run) {
    runs[s] = run;
    SampleTable t = run.samples();
    peakMb[s] = peak(t, 0, t.size());
    double span = Math.max(1, t.endS());
    for (Line line : lines[s].values()) {
      line.all = new Decimator(0, span / (Decimator.BUCKETS - 1));
      for (int i = 0; i < t.size(); i++) {
        line.all.add(t.t(i), line.series.value(t, i));
      }
    }
    publish(s);
    setLimit(s, run.memoryLimitMb(), t.endS());
  }

  void startLive(int s, PlottedRun run) {
    runs[s] = run;
    for (Line line : lines[s].values()) {
      line.all = new Decimator(0, LIVE_BUCKET_S);
    }
  }

  /**
   * Takes in slot {@code s}'s samples {@code from} to {@code to}; {@code publish}: shows the whole run, when the
   * new samples change the picture (see {@link #changesThePicture}).
   */
  void append(int s, PlottedRun run, int from, int to, boolean publish) {
    if (to <= from) {
      return;
    }
    if (runs[s] != run) {
      startLive(s, run);
    }
    SampleTable t = run.samples();
    peakMb[s] = Math.max(peakMb[s], peak(t, from, to));
    for (Line line : lines[s].values()) {
      for (int i = from; i < to; i++) {
        double y = line.series.value(t, i);
        line.all.add(t.t(i), y);
        if (!Double.isNaN(y)) {
          line.lastY = y;
        }
      }
    }
    if (publish && changesThePicture(s, t, from, to)) {
      publish(s);
      setLimit(s, run.memoryLimitMb(), t.t(to - 1));
    }
  }

  /**
   * Whether slot {@code s}'s new samples would move its lines by a pixel or more: the newest sample a pixel
   * column or more after the newest one drawn, or a value a pixel or more outside what the line's last column
   * on screen spans (within it, the new stretch would ink pixels already inked). A
   * streaming chart is redrawn only then: the frames between would paint the same pixels again (at ×120 an
   * hour-long run gains a pixel column every few frames), while a jump (a batch sent, a worker lost) is
   * drawn in the frame it arrives.
   */
  private boolean changesThePicture(int s, SampleTable t, int from, int to) {
    double dt = pixel.seconds();
    if (!(t.t(to - 1) - drawnT[s] < dt)) {
      return true; // also NaN: nothing drawn yet, or the plot not laid out
    }
    for (Line line : lines[s].values()) {
      double dy = pixel.value(line.series.rightAxis());
      for (int i = from; i < to; i++) {
        double y = line.series.value(t, i);
        if (!Double.isNaN(y) && !(y > line.drawnLow - dy && y < line.drawnHigh + dy)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Puts every slot's decimated lines on screen (the whole run). */
  void publishAll() {
    for (int s = 0; s < slotsShown; s++) {
      publish(s);
    }
  }

  private void publish(int s) {
    for (Line line : lines[s].values()) {
      if (line.all != null) {
        show(line, line.all);
      }
    }
    drawnT[s] = runs[s] == null || runs[s].samples().size() == 0 ? Double.NaN
        : runs[s].samples().t(runs[s].samples().size() - 1);
  }

  /** Lines rebuilt from the runs' samples for the time range {@code from}..{@code to}. */
  void showRange(double from, double to) {
    for (int s = 0; s < slotsShown; s++) {
      PlottedRun run = runs[s];
      if (run == null) {
        continue;
      }
      for (Line line : lines[s].values()) {
        show(line, Decimator.of(run.samples(), line.series, from, to));
      }
    }
  }

  private void show(Line line, Decimator d) {
    double width = plotWidth.getAsDouble();
    // before the first layout the width is unknown: all the buckets, as a wide chart would get
    int count = d.emit(buffer, width >= MIN_COLUMNS ? (int) Math.ceil(width) : Decimator.BUCKETS);
    line.points = count;
    boolean steps = line.steps;
    int n = steps ? stairs.expand(buffer[0], buffer[1], count) : count;
    double[] x = steps ? stairs.x() : buffer[0];
    double[] y = steps ? stairs.y() : buffer[1];
    DoubleDataSet ds = line.shown;
    ds.lock().writeLockGuard(() -> ds.set(x, y, n, true));
    lastColumnSpan(line, buffer[0], buffer[1], count);
  }

  /** Notes the values the last pixel column of the line just handed to the screen spans. */
  private void lastColumnSpan(Line line, double[] x, double[] y, int count) {
    line.drawnLow = Double.NaN;
    line.drawnHigh = Double.NaN;
    if (count == 0) {
      return;
    }
    double column = pixel.seconds();
    double from = x[count - 1] - (column > 0 ? column : 0);
    double low = y[count - 1];
    double high = low;
    for (int i = count - 2; i >= 0 && x[i] >= from; i--) {
      low = Math.min(low, y[i]);
      high = Math.max(high, y[i]);
    }
    line.drawnLow = low;
    line.drawnHigh = high;
  }

  private static double peak(SampleTable t, int from, int to) {
    double p = 0;
    for (int i = from; i < to; i++) {
      double v = t.get(helperlab.charts.Column.MEMORY_MB, i);
      if (v > p) {
        p = v;
      }
    }
    return p;
  }

  /** Whether any slot's memory limit is drawn. */
  boolean anyLimitShown() {
    for (int s = 0; s < slotsShown; s++) {
      if (limitShown(s)) {
        return true;
      }
    }
    return false;
  }

  /** Whether slot {@code s}'s memory limit is drawn (it is left out far above the run's peak). */
  boolean limitShown(int s) {
    return limit[s] != null && limit[s].getDataCount() > 0;
  }

  private void setLimit(int s, double limitMb, double endS) {
    DoubleDataSet ds = limit[s];
    if (ds == null) {
      return;
    }
    if (!(limitMb > 0 && limitMb <= LIMIT_SHOWN_WITHIN * peakMb[s])) {
      if (ds.getDataCount() > 0) {
        ds.lock().writeLockGuard(ds::clearData);
      }
      return;
    }
    if (limitMb > 0) {
      double[] x = {0, Math.max(1, endS)};
      double[] y = {limitMb, limitMb};
      ds.lock().writeLockGuard(() -> ds.set(x, y, 2, true));
    }
  }

  PlottedRun run(int s) {
    return runs[s];
  }

  int points(int s, Series series) {
    Line line = lines[s].get(series);
    return line == null || line.all == null ? 0 : (int) line.all.added();
  }

  int pointsShown(int s, Series series) {
    Line line = lines[s].get(series);
    return line == null ? 0 : line.points;
  }

  double lastValue(int s, Series series) {
    Line line = lines[s].get(series);
    if (line == null || line.shown.getDataCount() == 0) {
      return Double.NaN;
    }
    return line.shown.get(DataSet.DIM_Y, line.shown.getDataCount() - 1);
  }

  int slotsShown() {
    return slotsShown;
  }

  String label(int s) {
    return labels[s];
  }
}
