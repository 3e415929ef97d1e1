package helperlab.charts;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The lab's charts: what each shows, its axes, and its name on the command line. */
public enum ChartKind {
  WORKERS("workers", "Workers", "processes", null, List.of(Series.WORKERS, Series.BUSY)),
  SPAWNS("spawns", "Spawns", "spawns", "per minute", List.of(Series.SPAWNS_TOTAL, Series.SPAWNS_PER_MINUTE)),
  CPU("cpu", "CPU split", "CPU seconds", null, List.of(Series.CPU_USEFUL, Series.CPU_SPAWN, Series.CPU_KILLED)),
  DEADLINES("deadlines", "Deadlines", "tasks", "met share %",
      List.of(Series.MET, Series.MISSED, Series.REFUSED, Series.MET_SHARE)),
  QUEUE("queue", "Queue", "images", null, List.of(Series.QUEUE)),
  MEMORY("memory", "Memory", "MB", null, List.of(Series.MEMORY));

  /** The command-line name for all six charts in one picture. */
  public static final String ALL = "all";

  private final String id;
  private final String title;
  private final String leftLabel;
  private final String rightLabel;
  private final List<Series> series;

  ChartKind(String id, String title, String leftLabel, String rightLabel, List<Series> series) {
    this.id = id;
    this.title = title;
    this.leftLabel = leftLabel;
    this.rightLabel = rightLabel;
    this.series = series;
  }

  public String id() {
    return id;
  }

  public String title() {
    return title;
  }

  public String leftLabel() {
    return leftLabel;
  }

  /** The right axis's label, or null when the chart has none. */
  public String rightLabel() {
    return rightLabel;
  }

  public boolean hasRightAxis() {
    return rightLabel != null;
  }

  public List<Series> series() {
    return series;
  }

  public static ChartKind of(String id) {
    String key = id.toLowerCase(Locale.ROOT).trim();
    for (ChartKind k : values()) {
      if (k.id.equals(key)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown chart '" + id + "'; known: " + names());
  }

  /** The chart names, comma separated, and {@code all}. */
  public static String names() {
    return Arrays.stream(values()).map(ChartKind::id).collect(Collectors.joining(", ")) + ", " + ALL;
  }

  @Override
  public String toString() {
    return title;
  }
}
