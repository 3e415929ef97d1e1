package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.runs.StoredRun;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which listed runs go together, from their names: a run and its replay, two recordings of one run. */
class RunPairsTest {
  private static final String A1 = "real-busy-box-cage-s1-20261201T034320-cc9b";
  private static final String A2 = "real-busy-box-cage-s1-20261201T042059-b0c7";
  private static final String B1 = "real-busy-box-cage-s2-20261201T035522-9ba8";

  private static RunEntry entry(RunEntry.Origin origin, String folder, String name) {
    Path file = Path.of("lab-runs", folder, name + ".json.gz"); // the badge names the folder the run is in
    return new RunEntry(origin, new StoredRun(file, Instant.EPOCH, 100, folder));
  }

  private static RunEntry history(String name) {
    return entry(RunEntry.Origin.HISTORY, "", name);
  }

  @Test
  void eachReplayIsListedRightUnderItsRunAndSaysWhoseItIs() {
    RunEntry run = history(A1);
    RunEntry replay = history(A1 + "-replay");
    RunEntry sim = history("sim-calm-box-cage-s3");
    RunEntry orphan = history(B1 + "-replay"); // its run was deleted
    List<RunEntry> listed = List.of(replay, sim, orphan, run);
    assertEquals(List.of(sim, orphan, run, replay), RunPairs.grouped(listed));
    assertEquals(Optional.of(A1), RunPairs.runOf(replay));
    assertEquals(Optional.of(run), RunPairs.runOf(replay, listed));
    assertEquals(Optional.empty(), RunPairs.runOf(orphan, listed));
    assertEquals(Optional.of(replay), RunPairs.replayOf(run, listed));
    assertEquals(Optional.of(new RecordedPair(run, replay, true)), RunPairs.pairOf(replay, listed));
    assertEquals(Optional.of(new RecordedPair(run, replay, true)), RunPairs.pairOf(run, listed));
    assertEquals(Optional.empty(), RunPairs.pairOf(sim, listed));
  }

  @Test
  void theNthReplayOfAnIdGoesWithTheNthRecordingAndOnlyInItsOwnPlace() {
    RunEntry first = history("real-x");
    RunEntry second = history("real-x-2");
    RunEntry secondReplay = history("real-x-replay-2");
    RunEntry elsewhere = entry(RunEntry.Origin.FOLDER, "real", "real-x-replay");
    List<RunEntry> listed = List.of(secondReplay, elsewhere, second, first);
    assertEquals(Optional.of(second), RunPairs.runOf(secondReplay, listed));
    assertEquals(Optional.empty(), RunPairs.runOf(elsewhere, listed), "a replay in another folder is not this run's");
    assertEquals(List.of(elsewhere, second, secondReplay, first), RunPairs.grouped(listed));
  }

  @Test
  void comparePairsEachRunWithItsReplayAndEachRecordingWithThePreviousOneOfTheSameRun() {
    RunEntry a1 = entry(RunEntry.Origin.FOLDER, "real", A1);
    RunEntry a1Replay = entry(RunEntry.Origin.FOLDER, "real", A1 + "-replay");
    RunEntry a2 = entry(RunEntry.Origin.FOLDER, "repeat", A2);
    RunEntry b1 = entry(RunEntry.Origin.FOLDER, "real", B1);
    RunEntry sim = history("sim-calm-box-cage-s1");
    List<RecordedPair> pairs = RunPairs.among(List.of(a2, sim, b1, a1Replay, a1));
    assertEquals(List.of(new RecordedPair(a1, a1Replay, true), new RecordedPair(a1, a2, false)), pairs);
    assertEquals(A1 + " and its replay · lab-runs/real", pairs.get(0).toString());
    assertTrue(pairs.get(1).toString().endsWith("(recorded again)"), pairs.get(1).toString());
  }
}
