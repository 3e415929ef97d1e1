package helperlab.charts.export;

import helperlab.charts.style.SeriesStyle;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Stroke;

/** The shared chart style ({@code charts.style}) in Java2D's terms: colours and strokes. */
final class Awt {
  private Awt() {}

  /** A CSS hex colour ({@code #3b82f6}). */
  static Color colour(String hex) {
    return Color.decode(hex);
  }

  /** The same colour with {@code alpha} (0–255). */
  static Color colour(String hex, int alpha) {
    Color c = Color.decode(hex);
    return new Color(c.getRed(), c.getGreen(), c.getBlue(), alpha);
  }

  /** A line's stroke, its width and dashes scaled with the picture ({@code scale} 1: the window's size). */
  static Stroke stroke(SeriesStyle style, double scale) {
    float width = (float) (style.width() * scale);
    if (!style.dashed()) {
      return new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }
    float[] dash = new float[style.dashes().size()];
    for (int i = 0; i < dash.length; i++) {
      dash[i] = (float) (style.dashes().get(i) * Math.max(1, scale));
    }
    return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
  }
}
