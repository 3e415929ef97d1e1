package helperlab.charts.style;

import helperlab.charts.Series;
import java.util.List;

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

  private Palette() {}

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
