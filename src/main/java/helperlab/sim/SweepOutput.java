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
    writeFiles(dir, rows, plan, calibration, "");
  }

  /**
   * The sweep on two cost bases: {@code dir} holds the first's runs, summary and findings, with every
   * verdict given on both bases up front; {@code dir/SECOND_DIR} holds the second's own files.
   */
  public static void write(Path dir, List<RunRow> rows, Calibration calibration, List<RunRow> second,
      Calibration secondCalibration, SweepPlan plan) throws IOException {
    ClaimVerdicts a = new ClaimVerdicts(rows);
    ClaimVerdicts b = new ClaimVerdicts(second);
    String nameA = "`" + calibration.name() + "` (the default)";
    String nameB = "`" + secondCalibration.name() + "` (`" + SECOND_DIR + "/`)";
    StringBuilder both = new StringBuilder();
    both.append("## Every verdict on both cost bases\n\n");
    both.append("The same sweep on two calibrations: `").append(calibration.name()).append("`, the seed's cost curve with "
        + "every machine constant measured on a real cage (the default), and `").append(secondCalibration.name())
        .append("`, a measured machine end to end (its own cost curve too). The tables below this section are the "
        + "default's; the second's are in `").append(SECOND_DIR).append("/findings.md`.\n\n");
    both.append(ClaimVerdicts.sideBySide(nameA, a.verdicts(), nameB, b.verdicts()));
    both.append("The calm hour on the cage against the seed's own baselines (never-split 44% met, the box 17% met and "
        + "36-40% of its CPU on spawns and killed work), mean [95% interval]:\n\n");
    both.append("- ").append(nameA).append(": ").append(a.calmBaselines()).append("\n");
    both.append("- ").append(nameB).append(": ").append(b.calmBaselines()).append("\n\n");
    writeFiles(dir, rows, plan, calibration, both.toString());
    writeFiles(dir.resolve(SECOND_DIR), second, plan, secondCalibration, "");
  }

  /** Where the second cost basis's files go. */
  public static final String SECOND_DIR = "measured";

  private static void writeFiles(Path dir, List<RunRow> rows, SweepPlan plan, Calibration calibration, String lead)
      throws IOException {
    Files.createDirectories(dir);
    ObjectWriter line = DataFile.JSON.writer();
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("runs.jsonl"), StandardCharsets.UTF_8)) {
      for (RunRow r : rows) {
        w.write(line.writeValueAsString(r));
        w.write('\n');
      }
    }
    Files.writeString(dir.resolve("summary.csv"), SweepSummary.of(rows).toCsv(), StandardCharsets.UTF_8);
    String md = new Findings(rows, plan, calibration).markdown();
    int at = md.indexOf("## Deadline-met share");
    if (!lead.isEmpty() && at >= 0) {
      md = md.substring(0, at) + lead + md.substring(at);
    }
    Files.writeString(dir.resolve("findings.md"), md, StandardCharsets.UTF_8);
  }
}
