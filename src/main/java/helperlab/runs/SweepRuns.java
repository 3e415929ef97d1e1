package helperlab.runs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.DataFile;
import helperlab.model.DataFileException;
import helperlab.model.RunMetrics;
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
    JsonNode node = DataFile.parse(line, source, JsonNode.class);
    if (!(node instanceof ObjectNode o)) {
      throw new DataFileException(source + ": expected a JSON object");
    }
    String scenario = text(o, "scenario", source);
    String policy = text(o, "policy", source);
    String machine = text(o, "machine", source);
    String admission = text(o, "admission", source);
    JsonNode seed = o.remove("seed");
    if (seed == null || !seed.canConvertToLong()) {
      throw new DataFileException(source + ": missing required field 'seed' (a whole number)");
    }
    RunMetrics metrics = DataFile.parse(o.toString(), source, RunMetrics.class);
    return new RunRow(scenario, policy, machine, seed.asLong(), admission, metrics);
  }

  private static String text(ObjectNode o, String field, String source) {
    JsonNode v = o.remove(field);
    if (v == null || !v.isTextual()) {
      throw new DataFileException(source + ": missing required field '" + field + "' (text)");
    }
    return v.asText();
  }
}
