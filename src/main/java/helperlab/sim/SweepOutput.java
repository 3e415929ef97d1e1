package helperlab.sim;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a sweep's runs.jsonl, summary.csv and findings.md. */
public final class SweepOutput {
  private SweepOutput() {}

  public static void write(Path dir, List<RunRow> rows, SweepPlan plan, Calibration calibration) throws IOException {
    Files.createDirectories(dir);
    ObjectWriter line = DataFile.JSON.writer();
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("runs.jsonl"), StandardCharsets.UTF_8)) {
      for (RunRow r : rows) {
        w.write(line.writeValueAsString(r));
        w.write('\n');
      }
    }
    Files.writeString(dir.resolve("summary.csv"), SweepSummary.of(rows).toCsv(), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("findings.md"), new Findings(rows, plan, calibration).markdown(), StandardCharsets.UTF_8);
  }
}
