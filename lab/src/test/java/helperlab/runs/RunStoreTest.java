package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.DataFileException;
import helperlab.model.RunRecord;
import helperlab.study.RunRow;
import helperlab.study.Sweep;
import helperlab.study.SweepOutput;
import helperlab.study.SweepPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** lab-runs/ on disk: saving, listing newest first, finding by id, loading, and bad files named clearly. */
class RunStoreTest {
  @Test
  void savesListsFindsAndLoadsRecords(@TempDir Path dir) throws Exception {
    RunStore store = new RunStore(dir.resolve("lab-runs"));
    assertTrue(store.list().isEmpty(), "a folder that does not exist yet lists nothing");
    RunRecord a = TestRuns.sim("pool-edf-10", "calm", 1, 300);
    RunRecord b = TestRuns.sim("box", "calm", 1, 300);
    Path pa = store.save(a);
    Path pb = store.save(b);
    Files.setLastModifiedTime(pa, FileTime.from(Instant.parse("2025-01-01T00:00:00Z")));
    Files.setLastModifiedTime(pb, FileTime.from(Instant.parse("2025-06-01T00:00:00Z")));
    Files.writeString(store.dir().resolve("notes.txt"), "not a run");

    List<StoredRun> listed = store.list();
    assertEquals(List.of(b.id(), a.id()), listed.stream().map(StoredRun::name).toList(), "json files, newest first");
    assertEquals(pa, store.find(a.id()).orElseThrow());
    RunRecord back = RunStore.load(pa);
    assertEquals(a.metrics(), back.metrics());
    assertEquals(a.events().size(), back.events().size());

    Path second = store.saveNew(a);
    assertEquals(a.id() + "-2.json", second.getFileName().toString(), "saveNew keeps the first");
  }

  @Test
  void runsSavedAtOnceUnderOneIdNeverShareAFile(@TempDir Path dir) throws Exception {
    RunStore store = new RunStore(dir.resolve("history"));
    RunRecord a = TestRuns.sim("box", "calm", 3, 120);
    int n = 8;
    java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(n);
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(n);
    try {
      List<java.util.concurrent.Future<Path>> saved = new java.util.ArrayList<>();
      for (int i = 0; i < n; i++) {
        saved.add(pool.submit(() -> {
          together.await();
          return store.saveNew(a);
        }));
      }
      java.util.Set<Path> files = new java.util.HashSet<>();
      for (var f : saved) {
        Path p = f.get();
        files.add(p);
        assertEquals(a.metrics(), RunStore.load(p).metrics(), "whole: " + p);
      }
      assertEquals(n, files.size(), "every save its own file: " + files);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void theCommittedCompressedRunsInItsFoldersAreListedAndLoadToo(@TempDir Path dir) throws Exception {
    RunStore store = new RunStore(dir.resolve("lab-runs"));
    RunRecord top = TestRuns.sim("pool-edf-10", "calm", 1, 300);
    RunRecord nested = TestRuns.sim("box", "calm", 2, 300);
    store.save(top);
    Path set = Files.createDirectories(store.dir().resolve("xeon").resolve("real"));
    Path gz = set.resolve(nested.id() + ".json.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(DataFile.compact(nested).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    Files.writeString(store.dir().resolve("xeon").resolve("calibration.json"), "{}"); // not a run: not at the top
    Files.setLastModifiedTime(gz, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));

    List<StoredRun> listed = store.list();
    assertEquals(List.of(top.id(), nested.id()), listed.stream().map(StoredRun::name).toList());
    assertEquals(nested.metrics(), RunStore.load(listed.get(1).file()).metrics());
    assertEquals(List.of("", "xeon/real"), listed.stream().map(StoredRun::folder).toList(), "each run's folder");
  }

  @Test
  void aFolderNamedRelativeToTheWorkingDirectoryListsToo() throws Exception {
    // the lab's default is the bare name lab-runs; a walk starts at that path, which has no parent
    Path bare = Path.of("runstore-test-" + ProcessHandle.current().pid());
    try {
      RunStore store = new RunStore(bare);
      store.save(TestRuns.sim("pool-edf-10", "calm", 1, 300));
      assertEquals(1, store.list().size());
    } finally {
      try (var files = Files.walk(bare)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  @Test
  void aMalformedFileFailsWithItsNameAndWhatIsWrong(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{ \"format\": 1, \"id\": ");
    DataFileException e = assertThrows(DataFileException.class, () -> RunStore.load(bad));
    assertTrue(e.getMessage().contains("bad.json") && e.getMessage().contains("malformed JSON"), e.getMessage());

    Path wrong = dir.resolve("wrong.json");
    Files.writeString(wrong, "{\"format\": 2}");
    e = assertThrows(DataFileException.class, () -> RunStore.load(wrong));
    assertTrue(e.getMessage().contains("wrong.json"), e.getMessage());
  }

  @Test
  void sweepOutputReadsBackRowForRow(@TempDir Path dir) throws Exception {
    SweepPlan plan = new SweepPlan(List.of("calm"), List.of("pool-edf-10", "never-split"), List.of("small"), 2, false);
    List<RunRow> rows = new Sweep(plan, Calibration.seed()).run(2, n -> { });
    SweepOutput.write(dir, rows, plan, Calibration.seed());
    List<RunRow> back = SweepRuns.read(dir);
    assertEquals(rows, back);

    Files.writeString(dir.resolve("runs.jsonl"), Files.readString(dir.resolve("runs.jsonl")) + "{\"policy\": \"x\"}\n");
    DataFileException e = assertThrows(DataFileException.class, () -> SweepRuns.read(dir));
    assertTrue(e.getMessage().contains("line 5") && e.getMessage().contains("scenario"), e.getMessage());
    e = assertThrows(DataFileException.class, () -> SweepRuns.read(dir.resolve("nowhere")));
    assertTrue(e.getMessage().contains("no such file"), e.getMessage());
  }
}
