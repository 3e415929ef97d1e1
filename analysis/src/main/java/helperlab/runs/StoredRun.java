package helperlab.runs;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run record file in a {@link RunStore}: where it is, when the run was recorded, how big it is, and the folder it is
 * in under the store ({@code ""} at the top, {@code "real"}, {@code "xeon-2026-12-01/real"}). When it was recorded is
 * the time its name carries (the cage's runs, their replays and the lab's live runs are named with it, in UTC), else
 * the file's own time: a checkout stamps every committed file with the moment of the checkout, which says nothing of
 * when its run was made.
 */
public record StoredRun(Path file, Instant recorded, long bytes, String folder) {
  /** A stamp in a run's name: the cage's 20261201T034320, the lab's 20261201-034320 (seconds, UTC). */
  private static final Pattern STAMP = Pattern.compile("(?<![0-9])([0-9]{8})[T-]([0-9]{6})(?![0-9])");
  private static final DateTimeFormatter STAMP_FORMAT = DateTimeFormatter.ofPattern("uuuuMMddHHmmss");

  /** The file name without {@code .json} or {@code .json.gz}. */
  public String name() {
    String n = file.getFileName().toString();
    if (n.endsWith(".json.gz")) {
      return n.substring(0, n.length() - 8);
    }
    return n.endsWith(".json") ? n.substring(0, n.length() - 5) : n;
  }

  /** When the run was recorded: the same instant as {@link #recorded()} (the name callers before used). */
  public Instant modified() {
    return recorded;
  }

  /** The time a run's name carries, if it carries one that is a real date. */
  static Optional<Instant> stampIn(String name) {
    Matcher m = STAMP.matcher(name);
    while (m.find()) {
      try {
        return Optional.of(LocalDateTime.parse(m.group(1) + m.group(2), STAMP_FORMAT).toInstant(ZoneOffset.UTC));
      } catch (DateTimeParseException notADate) {
        // digits that are no date: look on
      }
    }
    return Optional.empty();
  }
}
