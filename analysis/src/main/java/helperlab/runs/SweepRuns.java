package helperlab.runs;

import helperlab.model.DataFile;
import helperlab.model.DataFileException;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.study.RunRow;
import helperlab.study.SweepOutput;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleConsumer;
import java.util.zip.GZIPInputStream;

/**
 * Reads a sweep's output back: the rows of {@code runs.jsonl} in a directory written by {@code helper-lab sweep},
 * or of {@code runs.jsonl.gz} (how a sweep is committed, e.g. {@code docs/sweep}).
 */
public final class SweepRuns {
  public static final String RUNS_FILE = "runs.jsonl";
  public static final String RUNS_FILE_GZ = RUNS_FILE + ".gz";

  private SweepRuns() {}

  /** The rows of {@code dir/runs.jsonl} (or of the file itself if given); errors name file, line and field. */
  public static List<RunRow> read(Path dirOrFile) {
    return read(dirOrFile, done -> { });
  }

  /**
   * The rows of a sweep's output: {@code dir/runs.jsonl} or {@code dir/runs.jsonl.gz}, or the file itself
   * if given (gzip when it ends in {@code .gz}); {@code progress} hears the share of the file read so far.
   */
  public static List<RunRow> read(Path dirOrFile, DoubleConsumer progress) {
    Path file = runsFile(dirOrFile);
    List<RunRow> rows = new ArrayList<>();
    long size;
    try {
      size = Math.max(1, Files.size(file));
    } catch (IOException e) {
      size = 1;
    }
    long total = size;
    long[] read = {0};
    double[] told = {0};
    try (InputStream raw = new FilterInputStream(Files.newInputStream(file)) {
      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
          read[0] += n;
          double share = Math.min(1, (double) read[0] / total);
          if (share - told[0] >= 0.01) {
            told[0] = share;
            progress.accept(share);
          }
        }
        return n;
      }
    };
        BufferedReader in = new BufferedReader(new InputStreamReader(
            file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw,
            StandardCharsets.UTF_8))) {
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
      throw new DataFileException(file + ": no such file (a sweep's output directory holds " + RUNS_FILE + " or "
          + RUNS_FILE_GZ + ")");
    } catch (IOException e) {
      throw DataFile.explain(file.toString(), e);
    }
    if (rows.isEmpty()) {
      throw new DataFileException(file + ": no runs in it");
    }
    progress.accept(1);
    return rows;
  }

  /** The runs file a directory holds ({@code runs.jsonl}, else {@code runs.jsonl.gz}), or the file given. */
  public static Path runsFile(Path dirOrFile) {
    if (!Files.isDirectory(dirOrFile)) {
      return dirOrFile;
    }
    Path plain = dirOrFile.resolve(RUNS_FILE);
    Path gz = dirOrFile.resolve(RUNS_FILE_GZ);
    return Files.exists(plain) || !Files.exists(gz) ? plain : gz;
  }

  /**
   * The policy a sweep's row names by {@code id}: one the sweep was given as a file (its {@code policies.json}
   * beside the runs file), else the built-in; so a cell of a file's policy can be run again as it was.
   */
  public static PolicySpec policy(Path dirOrFile, String id) {
    Path file = runsFile(dirOrFile).resolveSibling(SweepOutput.POLICIES_FILE);
    if (Files.exists(file)) {
      for (PolicySpec p : DataFile.read(file, PolicySpec[].class)) {
        if (p.id().equals(id)) {
          return p;
        }
      }
    }
    return PolicyCatalog.get(id);
  }

  static RunRow row(String line, String source) {
    return RunRow.parse(line, source);
  }
}
