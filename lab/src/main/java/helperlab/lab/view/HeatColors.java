package helperlab.lab.view;

import java.util.Locale;

/** Heat-map colours for a share from 0 (red) through amber to 1 (green), with readable text on each. */
final class HeatColors {
  private HeatColors() {}

  private static final int[][] STOPS = {{0xdc, 0x26, 0x26}, {0xf5, 0x9e, 0x0b}, {0x16, 0xa3, 0x4a}};

  static String background(double share) {
    double x = Math.max(0, Math.min(1, share)) * (STOPS.length - 1);
    int i = Math.min(STOPS.length - 2, (int) Math.floor(x));
    double f = x - i;
    int r = (int) Math.round(STOPS[i][0] + (STOPS[i + 1][0] - STOPS[i][0]) * f);
    int g = (int) Math.round(STOPS[i][1] + (STOPS[i + 1][1] - STOPS[i][1]) * f);
    int b = (int) Math.round(STOPS[i][2] + (STOPS[i + 1][2] - STOPS[i][2]) * f);
    return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
  }

  static String text(double share) {
    return share > 0.35 && share < 0.6 ? "#1f2937" : "white";
  }
}
