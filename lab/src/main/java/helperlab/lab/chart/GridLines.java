package helperlab.lab.chart;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.axes.spi.TickMark;
import io.fair_acc.chartfx.renderer.spi.utils.DashPatternStyle;
import io.fair_acc.chartfx.ui.css.LineStyle;
import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;

/**
 * The plot's major grid lines, on top of the lines as chartfx draws them, but each filled with one
 * colour. chartfx fills every grid line with an image pattern (its way of drawing dashes), which
 * software rendering paints texel by texel on every frame; the lab's grid is solid (`styles/lab.css`),
 * so that pattern is one colour, read once from a line chartfx draws on a scratch canvas, and a plain
 * fill with it gives the same pixels for less. chartfx's own major lines are hidden there.
 */
final class GridLines {
  private final XYChart chart;
  private final Solid vertical = new Solid(false);
  private final Solid horizontal = new Solid(true);

  /** The colour chartfx's pattern gives a 1-px line of this stroke, or null to draw as chartfx does. */
  private static final class Solid {
    final boolean horizontal;
    Paint stroke;
    double width;
    Color color;

    Solid(boolean horizontal) {
      this.horizontal = horizontal;
    }

    Color of(LineStyle style) {
      if (style.getStroke() != stroke || style.getStrokeWidth() != width) {
        stroke = style.getStroke();
        width = style.getStrokeWidth();
        color = Math.max(1, width) == 1 && style.getStrokeDashArray().isEmpty() ? sample(style) : null;
      }
      return color;
    }

    private Color sample(LineStyle style) {
      Canvas scratch = new Canvas(5, 5);
      GraphicsContext g = scratch.getGraphicsContext2D();
      g.setStroke(style.getStroke());
      g.setLineWidth(style.getStrokeWidth());
      if (horizontal) {
        DashPatternStyle.strokeDashedLine(g, 0.5, 2.5, 5, 2.5);
      } else {
        DashPatternStyle.strokeDashedLine(g, 2.5, 0.5, 2.5, 5);
      }
      SnapshotParameters p = new SnapshotParameters();
      p.setFill(Color.TRANSPARENT);
      return scratch.snapshot(p, null).getPixelReader().getColor(2, 2);
    }
  }

  GridLines(XYChart chart) {
    this.chart = chart;
  }

  /** Draws the lines on the chart's canvas: call after the last renderer (chartfx draws the grid on top). */
  void draw() {
    Canvas canvas = chart.getCanvas();
    GraphicsContext gc = canvas.getGraphicsContext2D();
    LineStyle vStyle = chart.getGridRenderer().getVerticalMajorGrid();
    LineStyle hStyle = chart.getGridRenderer().getHorizontalMajorGrid();
    // the same geometry as chartfx's grid: positions snapped to pixel centres, lines at least 1 px wide
    double xMax = snap(canvas.getWidth());
    double yMax = snap(canvas.getHeight());
    double zero = snap(0);
    gc.save();
    Axis x = chart.getXAxis();
    Color c = vertical.of(vStyle);
    applyStyle(gc, vStyle, c);
    double w = Math.max(1, vStyle.getStrokeWidth());
    for (TickMark t : x.getTickMarks()) {
      double px = snap(x.getDisplayPosition(t.getValue()));
      if (px >= 0 && px < xMax) {
        if (c != null) {
          gc.fillRect(px - w / 2, zero, w, yMax - zero);
        } else {
          DashPatternStyle.strokeDashedLine(gc, px, zero, px, yMax);
        }
      }
    }
    Axis y = chart.getYAxis();
    c = horizontal.of(hStyle);
    applyStyle(gc, hStyle, c);
    w = Math.max(1, hStyle.getStrokeWidth());
    for (TickMark t : y.getTickMarks()) {
      double py = snap(y.getDisplayPosition(t.getValue()));
      if (py >= 0 && py < yMax) {
        if (c != null) {
          gc.fillRect(zero, py - w / 2, xMax - zero, w);
        } else {
          DashPatternStyle.strokeDashedLine(gc, zero, py, xMax, py);
        }
      }
    }
    gc.restore();
  }

  private static void applyStyle(GraphicsContext gc, LineStyle style, Color solid) {
    gc.setFill(solid);
    gc.setStroke(style.getStroke());
    gc.setLineWidth(style.getStrokeWidth());
    gc.setLineDashes(style.getStrokeDashArray().stream().mapToDouble(Double::doubleValue).toArray());
  }

  private static double snap(double v) {
    return ((int) v) + 0.5;
  }
}
