package helperlab.lab.viewmodel;

import helperlab.model.RunRecord;
import helperlab.runs.RunRecords;
import helperlab.runs.RunStore;
import helperlab.runs.StoredRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The runs the lab knows: the record files in the runs folder ({@code lab-runs/} unless chosen
 * otherwise) and the lab's own history (every run made in the lab, saved as it ends). Listing,
 * loading and saving happen in the background.
 */
public final class RunLibrary {
  private static final int CACHE = 6;

  private final BackgroundWork work;
  private final ObjectProperty<Path> folder = new SimpleObjectProperty<>();
  private final RunStore history;
  private final ObservableList<RunEntry> entries = FXCollections.observableArrayList();
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

  /** Lists both places again. */
  public CompletableFuture<List<RunEntry>> refresh() {
    Path dir = folder.get();
    return work.run("Listing runs in " + dir, () -> {
      List<RunEntry> list = new ArrayList<>();
      for (StoredRun s : new RunStore(dir).list()) {
        list.add(new RunEntry(RunEntry.Origin.FOLDER, s));
      }
      for (StoredRun s : history.list()) {
        list.add(new RunEntry(RunEntry.Origin.HISTORY, s));
      }
      return list;
    }, entries::setAll);
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

  /**
   * Saves a run made in the lab to the history now, on the calling thread (not the UI thread), so
   * a run that ends as the window closes is not lost. List again afterwards with {@link #refresh()}.
   */
  public Path saveToHistoryNow(RunRecord record) throws IOException {
    Path p = history.saveNew(record);
    remember(p, record);
    return p;
  }

  /** Saves a run made in the lab to the history, then lists again. */
  public CompletableFuture<Path> addToHistory(RunRecord record) {
    return work.run("Cannot save run " + record.id() + " to the history", () -> {
      Path p = history.saveNew(record);
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
    String id = RunRecords.id(kind, scenario, policy, machine, seed, admission);
    for (RunStore store : List.of(new RunStore(folder.get()), history)) {
      Optional<Path> f = store.find(id);
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

  private void remember(Path file, RunRecord r) {
    synchronized (cache) {
      cache.put(file, r);
    }
  }
}
