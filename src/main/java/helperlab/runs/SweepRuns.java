package helperlab.runs;

import helperlab.model.DataFileException;
import helperlab.sim.RunRow;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads a sweep's output back: the rows of {@code runs.jsonl} in a directory written by {@code helper-lab sweep}. */
public final class SweepRuns {
  public static final String RUNS_FILE = "runs.jsonl";

  private SweepRuns() {}

  /** The rows of {@code dir/runs.jsonl} (or of the file itself if given); errors name file, line and field. */
  public static List<RunRow> read(Path dirOrFile) {
    Path file = Files.isDirectory(dirOrFile) ? dirOrFile.resolve(RUNS_FILE) : dirOrFile;
    List<RunRow> rows = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int n = 0;
      while ((line = in.readLine()) != null) {
        n++;
        if (line.isBlank()) {
          continue;
        }
        rows.add(row(line, file + " line " + n));
      }
    } catch (NoSuchFileException e) {
      throw new DataFileException(file + ": no such file (a sweep's output directory holds " + RUNS_FILE + ")");
    } catch (IOException e) {
      throw new DataFileException(file + ": cannot read: " + e.getMessage());
    }
    if (rows.isEmpty()) {
      throw new DataFileException(file + ": no runs in it");
    }
    return rows;
  }

  static RunRow row(String line, String source) {
    return RunRow.parse(line, source);
  }
}
