package helperlab.charts.style;

import helperlab.charts.ChartKind;
import helperlab.charts.Series;
import java.util.ArrayList;
import java.util.List;

/**
 * What an axis measures, and so where its ticks go and how they read: time like the clocks at
 * clock-friendly steps, counts on whole numbers, memory in MB or GB as the data need, other values as
 * plain decimals. The window's chartfx axes and the exported pictures both place and label their
 * ticks here, about {@link #SPACING_PX} pixels apart along a time axis and {@link #VERTICAL_SPACING_PX}
 * up a value axis.
 */
public enum AxisKind {
  TIME, COUNT, VALUE, MEMORY;

  /** About this many pixels between ticks along a (horizontal) time axis: its labels are wide. */
  public static final double SPACING_PX = 80;
  /** About this many pixels between ticks up a vertical axis. */
  public static final double VERTICAL_SPACING_PX = 32;
  /** Room left above the highest value on a value axis: lines along the top edge are hard to read. */
  public static final double HEADROOM = 0.08;

  /** The left axis of a chart: memory, counts when every series on it counts things, else values. */
  public static AxisKind left(ChartKind kind) {
    if (kind == ChartKind.MEMORY) {
      return MEMORY;
    }
    return kind.series().stream().filter(s -> !s.rightAxis()).allMatch(Series::isCount) ? COUNT : VALUE;
  }

  /** The right axis of a chart that has one (null otherwise). */
  public static AxisKind right(ChartKind kind) {
    if (!kind.hasRightAxis()) {
      return null;
    }
    return kind.series().stream().filter(Series::rightAxis).allMatch(Series::isCount) ? COUNT : VALUE;
  }

  /** The step wanted before rounding: {@code span} over an axis {@code lengthPx} long at this spacing. */
  public static double rawStep(double span, double lengthPx, boolean vertical) {
    return span * (vertical ? VERTICAL_SPACING_PX : SPACING_PX) / Math.max(1, lengthPx);
  }

  /** The tick step at least {@code raw} for an axis whose top is {@code axisMax}. */
  public double step(double raw, double axisMax) {
    return switch (this) {
      case TIME -> TimeFormat.clockStep(raw);
      case COUNT -> TickFormat.countStep(raw);
      case VALUE -> TickFormat.niceStep(raw);
      case MEMORY -> TickFormat.memoryStep(raw, axisMax);
    };
  }

  /** A tick's label at {@code v}, ticks {@code step} apart, on an axis whose top is {@code axisMax}. */
  public String label(double v, double step, double axisMax) {
    return switch (this) {
      case TIME -> TimeFormat.clock(v, step);
      case COUNT -> TickFormat.number(v, 0);
      case VALUE -> TickFormat.number(v, TickFormat.decimalsFor(step));
      case MEMORY -> TickFormat.memoryTick(v, step, axisMax);
    };
  }

  /** The axis's name where it depends on the range (a memory axis reads MB or GB); else {@code name}. */
  public String name(String name, double axisMax) {
    return this == MEMORY ? TickFormat.memoryUnit(axisMax) : name;
  }

  /** Tick positions: the multiples of {@code step} from {@code min} to {@code max}. */
  public static List<Double> positions(double min, double max, double step) {
    List<Double> out = new ArrayList<>();
    if (!(step > 0)) {
      return out;
    }
    for (long k = (long) Math.ceil(min / step - 1e-9); k * step <= max + step * 1e-9; k++) {
      out.add(k * step);
    }
    return out;
  }

  /** The labels of the ticks from {@code min} to {@code max}, {@code step} apart. */
  public List<String> labels(double min, double max, double step) {
    List<String> out = new ArrayList<>();
    for (double v : positions(min, max, step)) {
      out.add(label(v, step, max));
    }
    return out;
  }

  /** The top of a value axis over data up to {@code dataMax}: headroom, then up to a whole step. */
  public double top(double dataMax, double step) {
    double padded = dataMax * (1 + HEADROOM);
    return Math.max(step, Math.ceil(padded / step - 1e-9) * step);
  }
}
