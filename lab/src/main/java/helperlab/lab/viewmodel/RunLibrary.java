package helperlab.lab.viewmodel;

import helperlab.model.DataFile;
import helperlab.model.RecordHead;
import helperlab.model.RunId;
import helperlab.model.RunRecord;
import helperlab.runs.RunStore;
import helperlab.runs.StoredRun;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.zip.GZIPOutputStream;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The runs the lab knows: the lab's own history (every run made in the lab, saved gzipped as it ends,
 * listed first, newest first, kept under a size cap by dropping the oldest) and the record files in the
 * runs folder ({@code lab-runs/} unless chosen otherwise). Listing, loading, saving and deleting happen
 * in the background.
 */
public final class RunLibrary {
  private static final int CACHE = 6;

  private final BackgroundWork work;
  private final ObjectProperty<Path> folder = new SimpleObjectProperty<>();
  private final RunStore history;
  private final javafx.beans.property.StringProperty leftOut = new javafx.beans.property.SimpleStringProperty("");
  private final ObservableList<RunEntry> entries = FXCollections.observableArrayList();
  /** The history's size cap in bytes (0: none). */
  private volatile long historyCapBytes = 200L << 20;
  /** Recently used records by file (access order), so reopening one is instant. */
  private final Map<Path, RunRecord> cache = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Path, RunRecord> eldest) {
      return size() > CACHE;
    }
  };

  public RunLibrary(BackgroundWork work, Path folder, Path historyDir) {
    this.work = work;
    this.folder.set(folder);
    this.history = new RunStore(historyDir);
    this.folder.addListener((o, a, b) -> refresh());
  }

  public ObjectProperty<Path> folderProperty() {
    return folder;
  }

  public Path historyDir() {
    return history.dir();
  }

  public ObservableList<RunEntry> entries() {
    return entries;
  }

  /** The empty files the last listing left out (no run in them), in words; empty when none. */
  public javafx.beans.property.ReadOnlyStringProperty leftOutProperty() {
    return leftOut;
  }

  /** Lists both places again. */
  public CompletableFuture<List<RunEntry>> refresh() {
    Path dir = folder.get();
    List<String> empty = new java.util.concurrent.CopyOnWriteArrayList<>();
    return work.run("Listing runs in " + dir, () -> {
      List<RunEntry> list = new ArrayList<>();
      // the user's own runs first (newest first), then the folder's
      for (StoredRun s : history.list()) {
        entry(RunEntry.Origin.HISTORY, s, empty).ifPresent(list::add);
      }
      if (!dir.toAbsolutePath().normalize().equals(history.dir().toAbsolutePath().normalize())) {
        for (StoredRun s : new RunStore(dir).list()) {
          entry(RunEntry.Origin.FOLDER, s, empty).ifPresent(list::add);
        }
      }
      return RunPairs.grouped(list); // each replay under its run
    }, list -> {
      entries.setAll(list);
      leftOut.set(empty.isEmpty() ? "" : empty.size() == 1 ? "1 empty file left out: " + empty.get(0)
          : empty.size() + " empty files left out: " + String.join(", ", empty.subList(0, Math.min(3, empty.size())))
          + (empty.size() > 3 ? ", …" : ""));
    });
  }

  /**
   * A listed file, badged by what its record says it is (read from the file's head); an empty file is no run and
   * is left out, a file that is not a record is listed as broken so opening it says why.
   */
  private static Optional<RunEntry> entry(RunEntry.Origin origin, StoredRun s, List<String> empty) {
    if (s.bytes() == 0) {
      empty.add(s.file().getFileName() + " (0 bytes)"); // said under the list, not dropped without a word
      return Optional.empty();
    }
    // a file cut short is broken whatever its head says (it had a "real" badge until opened)
    Optional<String> kind = RecordHead.whole(s.file()) ? RecordHead.kind(s.file()) : Optional.empty();
    return Optional.of(new RunEntry(origin, s, RunEntry.ofRecordKind(kind)));
  }

  /** Loads a record (from the cache when it was used lately) and hands it to {@code then}. */
  public CompletableFuture<RunRecord> open(Path file, Consumer<RunRecord> then) {
    RunRecord cached;
    synchronized (cache) {
      cached = cache.get(file);
    }
    if (cached != null) {
      RunRecord r = cached;
      return work.run("Opening " + file.getFileName(), () -> r, then);
    }
    return work.run("Cannot open run", () -> {
      RunRecord r = RunStore.load(file);
      remember(file, r);
      return r;
    }, then);
  }

  /** Loads a record (from the cache when it was used lately). Call off the UI thread. */
  public RunRecord load(Path file) {
    RunRecord r;
    synchronized (cache) {
      r = cache.get(file);
    }
    if (r == null) {
      r = RunStore.load(file);
      remember(file, r);
    }
    return r;
  }

  /**
   * Saves a run made in the lab to the history now, on the calling thread (not the UI thread), so
   * a run that ends as the window closes is not lost. List again afterwards with {@link #refresh()}.
   */
  public Path saveToHistoryNow(RunRecord record) throws IOException {
    Path p = saveCompressed(record);
    remember(p, record);
    return p;
  }

  /**
   * Writes a record to the history gzipped under a name no other run has ({@code <id>.json.gz}, else
   * {@code <id>-2.json.gz}, ...): written whole to a temporary file first, then moved to the first free
   * name (a move that never replaces), so neither a reader nor a second lab sees a half-written record.
   * Then drops the oldest records while the history is over its cap.
   */
  private Path saveCompressed(RunRecord record) throws IOException {
    Files.createDirectories(history.dir());
    String base = history.fileFor(record.id()).getFileName().toString().replaceFirst("\\.json$", "");
    Path tmp = Files.createTempFile(history.dir(), "." + base, ".part");
    try {
      try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(tmp))) {
        DataFile.JSON.writeValue(out, record);
      }
      for (int n = 1; ; n++) {
        Path file = history.dir().resolve(base + (n == 1 ? "" : "-" + n) + ".json.gz");
        try {
          Files.move(tmp, file);
          trimHistory(file);
          return file;
        } catch (FileAlreadyExistsException taken) {
          // try the next name
        }
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** Deletes the oldest history records while the history is over its cap (never {@code keep}). */
  private void trimHistory(Path keep) throws IOException {
    long cap = historyCapBytes;
    if (cap <= 0) {
      return;
    }
    List<StoredRun> runs = history.list(); // newest first
    long total = 0;
    for (StoredRun r : runs) {
      total += r.bytes();
    }
    for (int i = runs.size() - 1; i >= 0 && total > cap; i--) {
      StoredRun r = runs.get(i);
      if (r.file().equals(keep)) {
        continue;
      }
      Files.deleteIfExists(r.file());
      forget(r.file());
      total -= r.bytes();
    }
  }

  /** The history's size cap in bytes (0: no cap); applied at the next save. */
  public void setHistoryCapBytes(long bytes) {
    historyCapBytes = Math.max(0, bytes);
  }

  public long historyCapBytes() {
    return historyCapBytes;
  }

  /** The history's size on disk now (call off the UI thread). */
  public long historyBytes() throws IOException {
    long total = 0;
    for (StoredRun r : history.list()) {
      total += r.bytes();
    }
    return total;
  }

  /**
   * Deletes runs from the history (runs in the runs folder are the user's files and are left alone),
   * then lists again.
   */
  public CompletableFuture<Integer> delete(List<RunEntry> runs) {
    List<RunEntry> chosen = List.copyOf(runs);
    return work.run("Cannot delete runs", () -> {
      int n = 0;
      for (RunEntry e : chosen) {
        if (e.origin() != RunEntry.Origin.HISTORY) {
          throw new IllegalArgumentException(e.name() + " is in the runs folder, not the lab's history; the lab only"
              + " deletes runs from its history");
        }
      }
      for (RunEntry e : chosen) {
        if (Files.deleteIfExists(e.stored().file())) {
          n++;
        }
        forget(e.stored().file());
      }
      return n;
    }, n -> {
      work.notices().info("Deleted " + n + (n == 1 ? " run" : " runs") + " from the history");
      refresh();
    });
  }

  /** Saves a run made in the lab to the history, then lists again. */
  public CompletableFuture<Path> addToHistory(RunRecord record) {
    return work.run("Cannot save run " + record.id() + " to the history", () -> {
      Path p = saveCompressed(record);
      remember(p, record);
      return p;
    }, p -> refresh());
  }

  /**
   * A stored record of exactly this run (same kind, policy, scenario, machine, seed and admission), in
   * the runs folder or the history. Call off the UI thread.
   */
  public Optional<RunRecord> findStored(String kind, String policy, String scenario, String machine, long seed,
      String admission) throws IOException {
    String id = RunId.of(kind, scenario, policy, machine, seed, admission);
    for (RunStore store : List.of(new RunStore(folder.get()), history)) {
      Optional<Path> f = store.find(id).or(() -> {
        Path gz = store.dir().resolve(store.fileFor(id).getFileName() + ".gz");
        return Files.isRegularFile(gz) ? Optional.of(gz) : Optional.empty();
      });
      if (f.isPresent()) {
        RunRecord r;
        synchronized (cache) {
          r = cache.get(f.get());
        }
        if (r == null) {
          r = RunStore.load(f.get());
          remember(f.get(), r);
        }
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  private void forget(Path file) {
    synchronized (cache) {
      cache.remove(file);
    }
  }

  private void remember(Path file, RunRecord r) {
    synchronized (cache) {
      cache.put(file, r);
    }
  }
}
