package helperlab.cli;

import helperlab.model.DataFileException;
import helperlab.model.RunRecord;
import helperlab.runs.Comparison;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code helper-lab compare DIR}: every real run in DIR against its replay. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Compare each real run record in DIR with its replay (replaying it if there is none); print the table "
        + "and write compare.csv and compare.md.")
public final class CompareCommand implements Callable<Integer> {
  @Parameters(paramLabel = "DIR", description = "a folder of run records (searched recursively)")
  Path dir;

  @Option(names = "--out", description = "where to write compare.csv and compare.md (default: DIR)")
  Path out;

  @Override
  public Integer call() throws Exception {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(dir + " is not a folder");
    }
    List<RunRecord> records = readAll(dir);
    Comparison c = Comparison.of(records);
    if (c.rows().isEmpty()) {
      throw new IllegalArgumentException("no real run records (kind \"real\") in " + dir);
    }
    Path target = out != null ? out : dir;
    Files.createDirectories(target);
    Files.writeString(target.resolve("compare.csv"), c.csv(), StandardCharsets.UTF_8);
    Files.writeString(target.resolve("compare.md"), c.markdown(), StandardCharsets.UTF_8);
    System.out.print(c.markdown());
    return 0;
  }

  /** Every record file under {@code dir}; a file that is not a readable record is an error naming it. */
  static List<RunRecord> readAll(Path dir) throws IOException {
    List<RunRecord> records = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        String name = f.getFileName().toString();
        if (!(name.endsWith(".json") || name.endsWith(".json.gz")) || name.startsWith("calibration")) {
          continue;
        }
        try {
          records.add(RunRecord.load(f));
        } catch (DataFileException e) {
          throw new IllegalArgumentException("not a run record: " + e.getMessage());
        }
      }
    }
    return records;
  }
}
