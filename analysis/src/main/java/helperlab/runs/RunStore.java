package helperlab.runs;

import helperlab.model.DataFile;
import helperlab.model.RecordHead;
import helperlab.model.RunRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A directory of run records ({@code lab-runs/} by default): one JSON file per run, named after the
 * run's id. Lists, saves and loads records; a file that is not a valid record fails with a message
 * that names the file and the field.
 */
public final class RunStore {
  /** The default directory, relative to the working directory. */
  public static final String DEFAULT_DIR = "lab-runs";
  /** How deep compressed records are looked for: lab-runs/xeon-2026-12-01/real/RUN.json.gz. */
  static final int COMMITTED_DEPTH = 3;

  private final Path dir;

  public RunStore(Path dir) {
    this.dir = dir;
  }

  public Path dir() {
    return dir;
  }

  /**
   * The {@code .json} files directly in the directory (an empty or broken one too, so it can be said why it does not
   * open), and in its folders the compressed {@code .json.gz} records (the committed real runs and replays:
   * {@code real/}, {@code repeat/}, a machine's set) and the {@code .json} files that are run records by their head (a
   * calibration or a plan beside them is not a run) or empty, newest recorded first (none if it does not exist yet).
   */
  public List<StoredRun> list() throws IOException {
    List<StoredRun> runs = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return runs;
    }
    try (Stream<Path> files = Files.walk(dir, COMMITTED_DEPTH)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        String name = f.getFileName().toString();
        boolean top = dir.equals(f.getParent()) && name.endsWith(".json");
        // an empty .json is listed as at the top: it is someone's run that did not get written, to be said so
        boolean nested = !top && (name.endsWith(".json.gz") || (name.endsWith(".json") && (isEmpty(f) || isRecord(f))));
        if (!top && !nested) {
          continue;
        }
        try {
          BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
          if (a.isRegularFile()) {
            String folder = dir.relativize(f.getParent()).toString().replace('\\', '/');
            runs.add(new StoredRun(f, StoredRun.stampIn(name).orElse(a.lastModifiedTime().toInstant()), a.size(), folder));
          }
        } catch (NoSuchFileException gone) {
          // deleted while listing
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    runs.sort(Comparator.comparing(StoredRun::recorded).reversed().thenComparing(r -> r.file().toString()));
    return runs;
  }

  private static boolean isEmpty(Path file) {
    try {
      return Files.isRegularFile(file) && Files.size(file) == 0;
    } catch (IOException e) {
      return false;
    }
  }

  /** Whether a file's head says it is a run record (a real, simulated or replayed run). */
  private static boolean isRecord(Path file) {
    return RecordHead.kind(file).filter(k -> List.of(RunRecord.KIND_SIM, RunRecord.KIND_REAL, RunRecord.KIND_REPLAY)
        .contains(k)).isPresent();
  }

  /** Writes the record as {@code <id>.json} (replacing a file of the same id) and returns its path. */
  public Path save(RunRecord record) throws IOException {
    Path file = fileFor(record.id());
    DataFile.write(file, record);
    return file;
  }

  /** Writes the record under a fresh name: {@code <id>.json}, else {@code <id>-2.json}, ... */
  public Path saveNew(RunRecord record) throws IOException {
    Files.createDirectories(dir);
    for (int n = 1; ; n++) {
      Path file = fileFor(n == 1 ? record.id() : record.id() + "-" + n);
      try {
        Files.createFile(file); // claims the name: two saves at once never write one file
      } catch (FileAlreadyExistsException taken) {
        continue;
      }
      try {
        DataFile.write(file, record);
      } catch (IOException | RuntimeException e) {
        Files.deleteIfExists(file);
        throw e;
      }
      return file;
    }
  }

  public Path fileFor(String id) {
    String safe = id.replaceAll("[^A-Za-z0-9._-]", "_");
    return dir.resolve(safe + ".json");
  }

  /** Loads a record; a bad file throws {@link helperlab.model.DataFileException} naming file and field. */
  public static RunRecord load(Path file) {
    return RunRecord.load(file);
  }

  /** The stored record with exactly this id, if its file is here. */
  public Optional<Path> find(String id) {
    Path f = fileFor(id);
    return Files.isRegularFile(f) ? Optional.of(f) : Optional.empty();
  }
}
