package helperlab.lab.viewmodel;

import helperlab.runs.StoredRun;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * A run the lab can open: a record file in the runs folder or in the lab's own history, with what the record says it
 * is ({@code recorded}: read from the file's head when listed; null when not read, then the name tells).
 */
public record RunEntry(Origin origin, StoredRun stored, Kind recorded) {
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
    REAL("real"), REPLAY("replay"), SIM("sim"), BROKEN("broken");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  public RunEntry(Origin origin, StoredRun stored) {
    this(origin, stored, null);
  }

  /** The run's file. */
  public java.nio.file.Path file() {
    return stored.file();
  }

  /** The badge for a record's {@code kind} field; a file with none cannot be opened as a run. */
  public static Kind ofRecordKind(java.util.Optional<String> kind) {
    return kind.map(k -> switch (k) {
      case "real" -> Kind.REAL;
      case "replay" -> Kind.REPLAY;
      default -> Kind.SIM;
    }).orElse(Kind.BROKEN);
  }

  public String name() {
    return stored.name();
  }

  /**
   * What the record says it is; when it was not read, from the name, which the run's id gives ({@code real-…},
   * {@code sim-…}, a replay's {@code …-replay}).
   */
  public Kind kind() {
    if (recorded != null) {
      return recorded;
    }
    String n = name();
    if (n.endsWith("-replay") || n.contains("-replay-")) {
      return Kind.REPLAY;
    }
    return n.startsWith("real-") ? Kind.REAL : Kind.SIM;
  }

  /**
   * Where it is, for its badge: {@code "history"}, or the runs folder's own name with the subfolder ({@code
   * "lab-runs"}, {@code "lab-runs/real"}, {@code "my-runs/xeon"}).
   */
  public String place() {
    String root = origin == Origin.HISTORY ? origin.label() : folderName();
    return stored.folder().isEmpty() ? root : root + "/" + stored.folder();
  }

  /** The name of the runs folder the file was listed from: up from the file by its subfolder's depth. */
  private String folderName() {
    java.nio.file.Path dir = stored.file().toAbsolutePath().normalize().getParent();
    if (!stored.folder().isEmpty()) {
      for (String part : stored.folder().split("/")) {
        if (!part.isEmpty() && dir != null) {
          dir = dir.getParent();
        }
      }
    }
    return dir == null || dir.getFileName() == null ? origin.label() : dir.getFileName().toString();
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
