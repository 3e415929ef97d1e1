package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history on disk: gzipped records under names of their own, listed first and newest first, capped, deletable. */
class RunLibraryTest {
  private final UiThread ui = new UiThread();
  private BackgroundWork work;
  private Notices notices;

  @AfterEach
  void close() {
    if (work != null) {
      ui.await("background work done", Duration.ofSeconds(120), () -> work.running() == 0);
    }
    ui.close();
  }

  private RunLibrary library(Path dir) {
    notices = ui.call(Notices::new);
    work = new BackgroundWork(ui, notices);
    return new RunLibrary(work, dir.resolve("lab-runs"), dir.resolve("history"));
  }

  @Test
  void runsAreSavedCompressedUnderNamesOfTheirOwnAndListedBeforeTheFolderNewestFirst(@TempDir Path dir)
      throws Exception {
    RunLibrary lib = library(dir);
    RunRecord r = TestRuns.sim("pool-edf-10", "busy", 1, 300);
    DataFile.write(dir.resolve("lab-runs").resolve("committed.json"), r);
    Path first = lib.saveToHistoryNow(r);
    Path second = lib.saveToHistoryNow(r);
    assertTrue(first.getFileName().toString().endsWith(".json.gz"), first.toString());
    assertNotEquals(first, second, "the same run saved twice gets two files");
    long plain = Files.size(dir.resolve("lab-runs").resolve("committed.json"));
    assertTrue(Files.size(first) * 3 < plain, "compressed: " + Files.size(first) + " bytes against " + plain);
    Files.setLastModifiedTime(first, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
    List<RunEntry> list = ui.call(lib::refresh).get(30, TimeUnit.SECONDS);
    assertEquals(List.of(second, first, dir.resolve("lab-runs").resolve("committed.json")),
        list.stream().map(e -> e.stored().file()).toList(), "history first, newest first, then the folder");
    assertEquals(r.id(), RunRecord.load(first).id(), "a compressed record opens again");
  }

  @Test
  void anEmptyFileIsLeftOutWithAWordAndARunInASubfolderIsListed(@TempDir Path dir) throws Exception {
    RunLibrary lib = library(dir);
    RunRecord r = TestRuns.sim("pool-edf-10", "busy", 1, 300);
    Files.createDirectories(dir.resolve("lab-runs").resolve("amd").resolve("real"));
    DataFile.write(dir.resolve("lab-runs").resolve("amd").resolve("real").resolve("deep.json"), r);
    Files.createFile(dir.resolve("lab-runs").resolve("nothing.json"));
    List<RunEntry> list = ui.call(lib::refresh).get(30, TimeUnit.SECONDS);
    assertEquals(1, list.size(), "the run in a subfolder is listed, the empty file is no run: " + list);
    ui.await("the listing shown", Duration.ofSeconds(10), () -> !lib.leftOutProperty().get().isEmpty());
    assertEquals("1 empty file left out: nothing.json (0 bytes)", ui.call(() -> lib.leftOutProperty().get()));
  }

  @Test
  void pastItsCapTheHistoryDropsItsOldestRuns(@TempDir Path dir) throws Exception {
    RunLibrary lib = library(dir);
    RunRecord r = TestRuns.sim("pool-edf-10", "busy", 1, 300);
    Path a = lib.saveToHistoryNow(r);
    Files.setLastModifiedTime(a, FileTime.fromMillis(System.currentTimeMillis() - 120_000));
    Path b = lib.saveToHistoryNow(r);
    Files.setLastModifiedTime(b, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
    lib.setHistoryCapBytes(Files.size(a) + Files.size(b) + Files.size(b) / 2);
    Path c = lib.saveToHistoryNow(r);
    assertTrue(!Files.exists(a), "the oldest went");
    assertTrue(Files.exists(b) && Files.exists(c), "the newer two stay");
    assertTrue(lib.historyBytes() <= lib.historyCapBytes());
  }

  @Test
  void historyRunsCanBeDeletedButNotTheFoldersFiles(@TempDir Path dir) throws Exception {
    RunLibrary lib = library(dir);
    RunRecord r = TestRuns.sim("pool-edf-10", "busy", 1, 300);
    DataFile.write(dir.resolve("lab-runs").resolve("committed.json"), r);
    lib.saveToHistoryNow(r);
    List<RunEntry> list = ui.call(lib::refresh).get(30, TimeUnit.SECONDS);
    RunEntry mine = list.get(0);
    RunEntry theirs = list.get(1);
    assertEquals(RunEntry.Origin.HISTORY, mine.origin());
    assertEquals(1, ui.call(() -> lib.delete(List.of(mine))).get(30, TimeUnit.SECONDS));
    assertTrue(!Files.exists(mine.stored().file()));
    var refused = ui.call(() -> lib.delete(List.of(theirs)));
    ui.await("the refusal", Duration.ofSeconds(120), refused::isDone);
    assertTrue(refused.isCompletedExceptionally());
    assertTrue(Files.exists(theirs.stored().file()), "the runs folder's file is left alone");
    assertTrue(ui.call(() -> notices.bannerProperty().get().text()).contains("not the lab's history"));
  }
}
