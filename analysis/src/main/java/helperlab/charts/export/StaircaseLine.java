package helperlab.charts.export;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Path2D;

/**
 * The maps' boundary: a staircase with one step per row (the phase diagram's boundary, the price map's safe load),
 * drawn thick in the text colour over a wider halo of the background so it reads over any cell colour.
 */
final class StaircaseLine {
  private StaircaseLine() {}

  /** Draws the staircase whose row {@code r} (0 at the bottom, {@code rowHeight} tall) stands at {@code xs[r]}. */
  static void draw(Graphics2D g, AwtTheme style, double[] xs, int bottom, int rowHeight) {
    Path2D line = new Path2D.Double();
    for (int r = 0; r < xs.length; r++) {
      double yLow = bottom - r * rowHeight;
      double yHigh = bottom - (r + 1) * rowHeight;
      if (r == 0) {
        line.moveTo(xs[r], yLow);
      } else {
        line.lineTo(xs[r], yLow);
      }
      line.lineTo(xs[r], yHigh);
    }
    g.setColor(style.background());
    g.setStroke(new BasicStroke(7f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
    g.draw(line);
    g.setColor(style.text());
    g.setStroke(new BasicStroke(4f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
    g.draw(line);
    g.setStroke(new BasicStroke(1f));
  }
}
