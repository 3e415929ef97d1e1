package helperlab.charts.export;

import java.awt.Color;
import java.util.Locale;

/**
 * The colours of "share of runs down": green (all up) through amber to red (all down), the lab's met-share heat
 * map read the other way round, so a phase diagram and the heat map beside it mean the same by the same colour.
 */
public final class DownScale {
  private static final int[][] STOPS = {{0x16, 0xa3, 0x4a}, {0xf5, 0x9e, 0x0b}, {0xdc, 0x26, 0x26}};

  private DownScale() {}

  public static Color colour(double downShare) {
    double x = Math.max(0, Math.min(1, downShare)) * (STOPS.length - 1);
    int i = Math.min(STOPS.length - 2, (int) Math.floor(x));
    double f = x - i;
    return new Color(mix(STOPS[i][0], STOPS[i + 1][0], f), mix(STOPS[i][1], STOPS[i + 1][1], f),
        mix(STOPS[i][2], STOPS[i + 1][2], f));
  }

  /** The colour as CSS ("#rrggbb"), for the lab. */
  public static String css(double downShare) {
    Color c = colour(downShare);
    return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
  }

  /** Text that reads on that colour: dark on the amber middle, white on green and red. */
  public static Color text(double downShare) {
    return downShare > 0.35 && downShare < 0.65 ? new Color(0x1f2937) : Color.WHITE;
  }

  /** {@link #text} as CSS, for the lab. */
  public static String textCss(double downShare) {
    Color c = text(downShare);
    return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
  }

  private static int mix(int a, int b, double f) {
    return (int) Math.round(a + (b - a) * f);
  }
}
