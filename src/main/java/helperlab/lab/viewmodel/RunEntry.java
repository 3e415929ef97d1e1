package helperlab.lab.viewmodel;

import helperlab.runs.StoredRun;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** A run the lab can open: a record file in {@code lab-runs/} or in the lab's own history. */
public record RunEntry(Origin origin, StoredRun stored) {
  private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("MMM d HH:mm", Locale.ROOT)
      .withZone(ZoneId.systemDefault());

  public enum Origin {
    FOLDER("lab-runs"), HISTORY("history");

    private final String label;

    Origin(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /** What made the run, for its badge and the list's filter. */
  public enum Kind {
    REAL("real"), REPLAY("replay"), SIM("sim");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  public String name() {
    return stored.name();
  }

  /**
   * Read from the name, which the run's id gives ({@code real-…}, {@code sim-…}, a replay's {@code
   * …-replay}), so a long list is sorted out without opening every file.
   */
  public Kind kind() {
    String n = name();
    if (n.endsWith("-replay") || n.contains("-replay-")) {
      return Kind.REPLAY;
    }
    return n.startsWith("real-") ? Kind.REAL : Kind.SIM;
  }

  /** Where it is, for its badge: {@code "history"}, {@code "lab-runs"}, {@code "lab-runs/real"}. */
  public String place() {
    return stored.folder().isEmpty() ? origin.label() : origin.label() + "/" + stored.folder();
  }

  /** e.g. {@code "Nov 29 14:02 · 3.4 MB"}. */
  public String details() {
    return WHEN.format(stored.modified()) + " · " + size(stored.bytes());
  }

  static String size(long bytes) {
    if (bytes >= 1 << 20) {
      return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }
    if (bytes >= 1 << 10) {
      return String.format(Locale.ROOT, "%.0f kB", bytes / 1024.0);
    }
    return bytes + " B";
  }

  @Override
  public String toString() {
    return name();
  }
}
