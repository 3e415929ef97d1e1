package helperlab.charts.style;

import helperlab.charts.Series;
import java.util.List;

/**
 * How one line is drawn: colour (CSS hex), width and dash pattern in pixels at the window's size,
 * and the marker size (0: none). The window hands it to chartfx, the export to a Java2D stroke scaled
 * with the picture; both read it from here.
 *
 * @param dashes on and off lengths; empty for a solid line
 */
public record SeriesStyle(String colour, double width, List<Double> dashes, double markerSize) {
  /** A run's lines: the second run of an overlay is dashed. */
  public static final double RUN_WIDTH = 1.2;
  public static final List<Double> RUN_DASHES = List.of(7.0, 4.0);

  public SeriesStyle {
    dashes = List.copyOf(dashes);
  }

  public boolean dashed() {
    return !dashes.isEmpty();
  }

  /** Series {@code s} of the run in slot {@code slot} (0 solid, 1 dashed). */
  public static SeriesStyle run(Series s, int slot) {
    return new SeriesStyle(Palette.of(s), RUN_WIDTH, slot > 0 ? RUN_DASHES : List.of(), 0);
  }

  /** The memory limit: a dashed line in the limit's colour. */
  public static SeriesStyle memoryLimit() {
    return new SeriesStyle(Palette.LIMIT, RUN_WIDTH, RUN_DASHES, 0);
  }

  /** The {@code i}-th policy's curve in the spawn-cost study: a line with small markers. */
  public static SeriesStyle policyCurve(int i) {
    return new SeriesStyle(Palette.policy(i), 1.6, List.of(), 3);
  }

  /** The pool's zero line in the spawn-cost study. */
  public static SeriesStyle pool() {
    return new SeriesStyle(Palette.POOL, 1, List.of(), 0);
  }

  /** The "level" margin below the pool. */
  public static SeriesStyle levelMargin() {
    return new SeriesStyle(Palette.POOL, 1, List.of(6.0, 4.0), 0);
  }

  /** A calibration plot's measured points. */
  public static SeriesStyle measured() {
    return new SeriesStyle(Palette.MEASURED, 1.5, List.of(), 8);
  }

  /** A calibration plot's fitted model. */
  public static SeriesStyle model() {
    return new SeriesStyle(Palette.MODEL, 2, List.of(), 0);
  }
}
