package helperlab.runs;

import java.nio.file.Path;
import java.time.Instant;

/**
 * A run record file in a {@link RunStore}: where it is, when it was written, how big it is, and the
 * folder it is in under the store ({@code ""} at the top, {@code "real"}, {@code "xeon-2026-12-01/real"}).
 */
public record StoredRun(Path file, Instant modified, long bytes, String folder) {
  /** The file name without {@code .json} or {@code .json.gz}. */
  public String name() {
    String n = file.getFileName().toString();
    if (n.endsWith(".json.gz")) {
      return n.substring(0, n.length() - 8);
    }
    return n.endsWith(".json") ? n.substring(0, n.length() - 5) : n;
  }
}
