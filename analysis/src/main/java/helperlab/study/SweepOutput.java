package helperlab.study;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectWriter;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.DataFileException;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a sweep's runs.jsonl, summary.csv and findings.md; or one shard's runs.jsonl with a
 * {@value #SHARD_FILE} naming the plan, calibration and shard; and merges shards into what a
 * single run writes, byte for byte.
 */
public final class SweepOutput {
  public static final String RUNS_FILE = "runs.jsonl";
  public static final String SHARD_FILE = "shard.json";

  private SweepOutput() {}

  /** What a shard ran: the whole plan and calibration, so shards of different sweeps are not merged. */
  public record ShardManifest(
      @JsonProperty(value = "shard", required = true) Shard shard,
      @JsonProperty(value = "plan", required = true) SweepPlan plan,
      @JsonProperty(value = "calibration", required = true) Calibration calibration,
      @JsonProperty(value = "runs", required = true) int runs) {}

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
    both.append("The same sweep on two calibrations, each one machine (docs/parameters.md, \"Cost bases\"): `")
        .append(calibration.name()).append("`, the seed's server (its cost curve and speed probe; the start-up times "
        + "measured on the AMD cage brought to its speed by the probes' ratio; ratios and memory as measured) (the "
        + "default), and `").append(secondCalibration.name()).append("`, the measured AMD cage end to end (its own cost "
        + "curve too). The tables below this section are the default's; the second's are in `").append(SECOND_DIR)
        .append("/findings.md`.\n\n");
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
    List<String> lines = new ArrayList<>(rows.size());
    ObjectWriter line = DataFile.JSON.writer();
    for (RunRow r : rows) {
      lines.add(line.writeValueAsString(r));
    }
    writeLines(dir.resolve(RUNS_FILE), lines);
    summarise(dir, rows, plan, calibration, lead);
  }

  /** One shard's rows, and its manifest; summary and findings wait for the merge. */
  public static void writeShard(Path dir, List<RunRow> rows, SweepPlan plan, Calibration calibration, Shard shard)
      throws IOException {
    Files.createDirectories(dir);
    ObjectWriter line = DataFile.JSON.writer();
    List<String> lines = new ArrayList<>(rows.size());
    for (RunRow r : rows) {
      lines.add(line.writeValueAsString(r));
    }
    writeLines(dir.resolve(RUNS_FILE), lines);
    DataFile.write(dir.resolve(SHARD_FILE), new ShardManifest(shard, plan, calibration, rows.size()));
  }

  /**
   * Merges the shards in {@code shardDirs} (any order; every shard of one sweep exactly once) into
   * {@code out}: the rows in plan order, as a single run writes them. Returns the manifest's plan.
   */
  public static ShardManifest merge(List<Path> shardDirs, Path out) throws IOException {
    if (shardDirs.isEmpty()) {
      throw new IllegalArgumentException("give the shard directories to merge");
    }
    ShardManifest[] byIndex = null;
    Path[] dirs = null;
    ShardManifest first = null;
    String firstPlan = null;
    String firstCalibration = null;
    for (Path dir : shardDirs) {
      Path file = dir.resolve(SHARD_FILE);
      if (!Files.exists(file)) {
        throw new DataFileException(dir + ": not a sweep shard (no " + SHARD_FILE + "; write one with sweep --shard I/N)");
      }
      ShardManifest m = DataFile.read(file, ShardManifest.class);
      if (first == null) {
        first = m;
        firstPlan = DataFile.compact(m.plan());
        firstCalibration = DataFile.compact(m.calibration());
        byIndex = new ShardManifest[m.shard().count()];
        dirs = new Path[m.shard().count()];
      } else if (m.shard().count() != first.shard().count()) {
        throw new DataFileException(dir + ": shard " + m.shard() + " is of a sweep in " + m.shard().count()
            + " shards, " + shardDirs.get(0) + " of one in " + first.shard().count());
      } else if (!DataFile.compact(m.plan()).equals(firstPlan)) {
        throw new DataFileException(dir + ": its plan differs from " + shardDirs.get(0) + "'s (shards of different sweeps)");
      } else if (!DataFile.compact(m.calibration()).equals(firstCalibration)) {
        throw new DataFileException(dir + ": its calibration differs from " + shardDirs.get(0) + "'s");
      }
      int i = m.shard().index();
      if (byIndex[i] != null) {
        throw new DataFileException(dir + ": shard " + m.shard() + " is also in " + dirs[i]);
      }
      byIndex[i] = m;
      dirs[i] = dir;
    }
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < byIndex.length; i++) {
      if (byIndex[i] == null) {
        missing.add(i + "/" + byIndex.length);
      }
    }
    if (!missing.isEmpty()) {
      throw new DataFileException("shards missing: " + String.join(", ", missing) + " (every shard is needed once)");
    }
    List<String> lines = new ArrayList<>();
    List<RunRow> rows = new ArrayList<>();
    for (int i = 0; i < dirs.length; i++) {
      Path file = dirs[i].resolve(RUNS_FILE);
      List<String> shardLines = readLines(file);
      if (shardLines.size() != byIndex[i].runs()) {
        throw new DataFileException(file + ": " + shardLines.size() + " runs, but its shard.json says "
            + byIndex[i].runs() + " (an unfinished shard?)");
      }
      for (int n = 0; n < shardLines.size(); n++) {
        rows.add(RunRow.parse(shardLines.get(n), file + " line " + (n + 1)));
      }
      lines.addAll(shardLines);
    }
    if (rows.size() != first.plan().runCount()) {
      throw new DataFileException("the shards hold " + rows.size() + " runs; the plan has " + first.plan().runCount());
    }
    Files.createDirectories(out);
    writeLines(out.resolve(RUNS_FILE), lines);
    summarise(out, rows, first.plan(), first.calibration(), "");
    return first;
  }

  /** The policies given as files (not built in), whole, beside the summary: what a row's policy id ran. */
  public static final String POLICIES_FILE = "policies.json";

  /** The phase study's cells beside the summary (policy × setting × load × condition, every measure). */
  public static final String PHASE_CELLS_FILE = "phase-cells.csv";
  /** Each policy's safe load with its interval and the met share there. */
  public static final String SAFE_LOADS_FILE = "safe-loads.csv";

  /** summary.csv and findings.md; {@code lead} goes before the findings' tables (the verdicts on both bases). */
  private static void summarise(Path dir, List<RunRow> rows, SweepPlan plan, Calibration calibration, String lead)
      throws IOException {
    List<RunRow> main = rows.stream().filter(r -> r.study() == null || SplitRoom.NAME.equals(r.study())).toList();
    Files.writeString(dir.resolve("summary.csv"), SweepSummary.of(rows).toCsv(), StandardCharsets.UTF_8);
    if (!plan.policySpecs().isEmpty()) { // a sweep of built-in policies writes no such file
      DataFile.write(dir.resolve(POLICIES_FILE), plan.policySpecs());
    }
    // a study-only sweep still says which machine's costs its runs priced work with
    String findings = main.isEmpty() ? "# Findings\n\nCalibration: `" + calibration.name() + "`.\n\n"
        : new Findings(main, plan, calibration).markdown();
    int at = findings.indexOf("## Deadline-met share");
    if (!lead.isEmpty() && at >= 0) {
      findings = findings.substring(0, at) + lead + findings.substring(at);
    }
    PhaseFindings phase = new PhaseFindings(rows);
    String phaseMd = phase.markdown();
    Files.writeString(dir.resolve("findings.md"), findings + new StudyFindings(rows).markdown() + phaseMd,
        StandardCharsets.UTF_8);
    if (!phaseMd.isEmpty()) { // a phase study's cells and safe loads; other sweeps write no such files
      Files.writeString(dir.resolve(PHASE_CELLS_FILE), phase.csv(), StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(SAFE_LOADS_FILE), phase.safeLoadsCsv(), StandardCharsets.UTF_8);
    }
  }

  private static void writeLines(Path file, List<String> lines) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (String l : lines) {
        w.write(l);
        w.write('\n');
      }
    }
  }

  private static List<String> readLines(Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String l;
      while ((l = in.readLine()) != null) {
        if (!l.isBlank()) {
          lines.add(l);
        }
      }
    } catch (NoSuchFileException e) {
      throw new DataFileException(file + ": no such file (a shard's directory holds " + RUNS_FILE + ")");
    }
    return lines;
  }
}
