package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.runs.StoredRun;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.Test;

/** The Runs list's filter: a kind read from each run's name, and words that must all be in its name or place. */
class RunListFilterTest {
  private static RunEntry entry(String folder, String name) {
    return new RunEntry(RunEntry.Origin.FOLDER, new StoredRun(Path.of("lab-runs", folder, name + ".json.gz"), Instant.EPOCH, 1,
        folder));
  }

  private static final RunEntry REAL = entry("real", "real-busy-box-cage-s2-20261201T035522-9ba8");
  private static final RunEntry REPLAY = entry("real", "real-busy-box-cage-s2-20261201T035522-9ba8-replay");
  private static final RunEntry XEON = entry("xeon-2026-12-01/real", "real-busy-pool-edf-10-cage-s2-20261201T002020-77aa");
  private static final RunEntry SIM = new RunEntry(RunEntry.Origin.HISTORY,
      new StoredRun(Path.of("history", "sim-busy-box-small-s2-2.json"), Instant.EPOCH, 1, ""));

  @Test
  void theKindComesFromTheName() {
    assertEquals(RunEntry.Kind.REAL, REAL.kind());
    assertEquals(RunEntry.Kind.REPLAY, REPLAY.kind());
    assertEquals(RunEntry.Kind.SIM, SIM.kind());
    assertEquals(RunEntry.Kind.REPLAY, entry("", "real-busy-box-cage-s1-x-replay-2").kind(), "a second copy in the history");
  }

  @Test
  void anEmptyListSaysWhetherTheFolderIsEmptyOrTheFilterPassesNothing() {
    ObservableList<RunEntry> all = FXCollections.observableArrayList();
    RunListFilter f = new RunListFilter(all);
    assertTrue(f.emptyText().get().startsWith("No run records here yet"), f.emptyText().get());
    all.setAll(REAL, SIM);
    f.wordsProperty().set("no-such-run");
    assertEquals(List.of(), f.runs());
    assertTrue(f.emptyText().get().startsWith("No run matches this filter"), f.emptyText().get());
  }

  @Test
  void kindAndWordsNarrowTheListAndTheCountSaysHowMuch() {
    ObservableList<RunEntry> all = FXCollections.observableArrayList(REAL, REPLAY, XEON, SIM);
    RunListFilter f = new RunListFilter(all);
    assertEquals(List.of(REAL, REPLAY, XEON, SIM), f.runs());
    assertEquals("4 runs", f.countText().get());

    f.shownProperty().set(RunListFilter.Shown.REAL);
    assertEquals(List.of(REAL, XEON), f.runs());
    assertEquals("2 of 4 runs", f.countText().get());

    f.wordsProperty().set("  S2   XEON ");
    assertEquals(List.of(XEON), f.runs(), "every word, any case, in the name or the place");

    f.shownProperty().set(RunListFilter.Shown.ALL);
    f.wordsProperty().set("box s2");
    assertEquals(List.of(REAL, REPLAY, SIM), f.runs());

    f.shownProperty().set(RunListFilter.Shown.REPLAY);
    assertEquals(List.of(REPLAY), f.runs());

    f.wordsProperty().set("history");
    f.shownProperty().set(RunListFilter.Shown.SIM);
    assertEquals(List.of(SIM), f.runs(), "the place counts as well as the name");

    f.wordsProperty().set("nothing-like-this");
    assertEquals(List.of(), f.runs());
    assertEquals("0 of 4 runs", f.countText().get());

    all.add(entry("real", "real-busy-box-cage-s3-x"));
    f.wordsProperty().set("");
    f.shownProperty().set(RunListFilter.Shown.ALL);
    assertEquals("5 runs", f.countText().get(), "follows the library as it is listed again");
  }
}
