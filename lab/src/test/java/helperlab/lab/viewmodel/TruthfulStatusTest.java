package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.lab.live.SimulatorSource;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.runs.RunStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the lab's status says holds: a sweep that fails to open leaves no full bar and no "reading…", the Runs list
 * badges a run by what its record says (not its file name) and by the folder it is in, leaves out empty files, and
 * the chosen runs folder comes back at the next start.
 */
class TruthfulStatusTest {
  private final UiWork lab = new UiWork();
  private final UiThread ui = lab.ui;

  @AfterEach
  void close() {
    lab.close();
  }

  private SweepViewModel sweep(Path dir) {
    Notices notices = ui.call(Notices::new);
    BackgroundWork work = lab.work(notices);
    return ui.call(() -> new SweepViewModel(work, new RunLibrary(work, dir.resolve("lab-runs"), dir.resolve("h"))));
  }

  @Test
  void aSweepThatFailsToOpenDoesNotLeaveAFullBarOrReadingForever(@TempDir Path dir) throws Exception {
    SweepViewModel vm = sweep(dir);
    byte[] gz = Files.readAllBytes(Path.of("docs/sweep/runs.jsonl.gz"));
    Path trunc = Files.createDirectories(dir.resolve("sweep-trunc"));
    Files.write(trunc.resolve("runs.jsonl.gz"), Arrays.copyOf(gz, gz.length / 2));
    Path notASweep = Files.createDirectories(dir.resolve("runs"));
    Files.writeString(notASweep.resolve("notes.txt"), "not a sweep");
    for (Path bad : List.of(trunc, notASweep)) {
      var f = ui.call(() -> vm.open(bad));
      assertTrue(assertFailed(f));
      ui.await("said", Duration.ofSeconds(10), () -> vm.progressTextProperty().get().startsWith("could not open"));
      assertEquals(0, ui.call(() -> vm.progressProperty().get()), 1e-9, "no full bar after a failure");
      String text = ui.call(() -> vm.progressTextProperty().get());
      assertFalse(text.contains("%") || text.contains("reading"), text);
      assertTrue(text.contains(bad.getFileName().toString()), text);
    }
  }

  private static boolean assertFailed(java.util.concurrent.CompletableFuture<?> f) throws Exception {
    try {
      f.get(60, TimeUnit.SECONDS);
      return false;
    } catch (ExecutionException expected) {
      return true;
    }
  }

  @Test
  void runsAreBadgedByTheirRecordAndFolderAndEmptyFilesAreNotRuns(@TempDir Path dir) throws Exception {
    Path folder = Files.createDirectories(dir.resolve("my-runs"));
    RunRecord sim = TestRuns.sim("box", "calm", 1, 120);
    DataFile.write(folder.resolve("real-looking-but-simulated.json"), sim);
    DataFile.write(folder.resolve("mystery.json.gz"), as(sim, "real", null));
    DataFile.write(folder.resolve("sub/later.json.gz"), as(sim, "replay", "x-real-one"));
    Files.write(folder.resolve("zero.json"), new byte[0]);
    Files.writeString(folder.resolve("notes.json"), "my notes");
    Notices notices = ui.call(Notices::new);
    BackgroundWork work = lab.work(notices);
    RunLibrary lib = new RunLibrary(work, folder, dir.resolve("history"));
    List<RunEntry> listed = ui.call(lib::refresh).get(60, TimeUnit.SECONDS);
    Map<String, String> badges = listed.stream().collect(Collectors.toMap(RunEntry::name,
        e -> e.kind().label() + " " + e.place()));
    assertEquals(Map.of("real-looking-but-simulated", "sim my-runs", "mystery", "real my-runs",
        "later", "replay my-runs/sub", "notes", "broken my-runs"), badges);
  }

  /** The record with another kind (what a cage or a replay would have written), as a tree to save. */
  private static com.fasterxml.jackson.databind.node.ObjectNode as(RunRecord r, String kind, String replayOf) {
    com.fasterxml.jackson.databind.node.ObjectNode n = DataFile.JSON.valueToTree(r);
    n.put("kind", kind).put("id", "x-" + kind + "-one");
    if (replayOf != null) {
      n.put("replay_of", replayOf);
    }
    return n;
  }

  @Test
  void theChosenRunsFolderComesBack(@TempDir Path dir) throws Exception {
    Path chosen = Files.createDirectories(dir.resolve("chosen"));
    LabConfig config = new LabConfig(Path.of(RunStore.DEFAULT_DIR), dir.resolve("home"),
        new SimulatorSource(Calibration.seed(), 1.0, 300));
    MainViewModel vm = ui.call(() -> new MainViewModel(config, ui));
    ui.run(() -> {
      vm.library().folderProperty().set(chosen);
      vm.savePrefs(0, 0, 1280, 720, false);
      vm.shutdown();
    });
    MainViewModel again = ui.call(() -> new MainViewModel(config, ui));
    assertEquals(chosen.toAbsolutePath(), ui.call(() -> again.library().folderProperty().get()).toAbsolutePath());
    ui.run(again::shutdown);
    MainViewModel given = ui.call(() -> new MainViewModel(config.withRunsDir(dir.resolve("given")), ui));
    assertEquals(dir.resolve("given"), ui.call(() -> given.library().folderProperty().get()),
        "a folder given on the command line wins");
    ui.run(given::shutdown);
  }
}
