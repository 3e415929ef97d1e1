package helperlab.charts.style;

import helperlab.charts.Series;
import java.util.List;
import java.util.Locale;

/**
 * Every colour a chart line or mark takes, in the window (chartfx, CSS) and in exported files
 * (Java2D) alike, as CSS hex: one list, so a series cannot be blue on screen and teal on paper.
 */
public final class Palette {
  /** The memory limit's line (and anything else that marks a hard limit). */
  public static final String LIMIT = "#ef4444";
  /** The pool's reference lines in the spawn-cost study (zero and the "level" margin). */
  public static final String POOL = "#6b7280";
  /** Measured points against a fitted model (calibration plots). */
  public static final String MEASURED = "#2563eb";
  /** The fitted model's line. */
  public static final String MODEL = "#ea580c";
  /** Policies in the spawn-cost study, in the order they are listed; more policies wrap round. */
  public static final List<String> POLICIES =
      List.of("#dc2626", "#ea580c", "#2563eb", "#7c3aed", "#059669", "#0891b2", "#4b5563");

  /** The stops of "share of runs down": green (all up), amber, red (all down). */
  private static final int[][] DOWN_STOPS = {{0x16, 0xa3, 0x4a}, {0xf5, 0x9e, 0x0b}, {0xdc, 0x26, 0x26}};

  private Palette() {}

  /**
   * The colour of "share of runs down" ({@code downShare} from 0 to 1): green (all up) through amber to red (all
   * down), the lab's met-share heat map read the other way round, so a phase diagram and the heat map beside it mean
   * the same by the same colour.
   */
  public static String down(double downShare) {
    double x = Math.max(0, Math.min(1, downShare)) * (DOWN_STOPS.length - 1);
    int i = Math.min(DOWN_STOPS.length - 2, (int) Math.floor(x));
    double f = x - i;
    return String.format(Locale.ROOT, "#%02x%02x%02x", mix(DOWN_STOPS[i][0], DOWN_STOPS[i + 1][0], f),
        mix(DOWN_STOPS[i][1], DOWN_STOPS[i + 1][1], f), mix(DOWN_STOPS[i][2], DOWN_STOPS[i + 1][2], f));
  }

  /** Text that reads on {@link #down}'s colour: dark on the amber middle, white on green and red. */
  public static String textOnDown(double downShare) {
    return downShare > 0.35 && downShare < 0.65 ? "#1f2937" : "#ffffff";
  }

  private static int mix(int a, int b, double f) {
    return (int) Math.round(a + (b - a) * f);
  }

  /** A series' colour. Series that share a colour never share a chart. */
  public static String of(Series s) {
    return switch (s) {
      case WORKERS, MET_SHARE -> "#3b82f6";
      case BUSY, MEMORY -> "#14b8a6";
      case SPAWNS_TOTAL, QUEUE -> "#a855f7";
      case SPAWNS_PER_MINUTE, CPU_SPAWN, MISSED -> "#f59e0b";
      case CPU_USEFUL, MET -> "#22c55e";
      case CPU_KILLED, REFUSED -> "#ef4444";
    };
  }

  /** The {@code i}-th policy's colour (0-based) in a list of policies. */
  public static String policy(int i) {
    return POLICIES.get(Math.floorMod(i, POLICIES.size()));
  }
}
