package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.DataFileException;
import helperlab.workload.Recovery;
import helperlab.workload.Trigger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sweep --shard I/N and sweep merge: the shards put together are byte for byte a single run. */
class ShardMergeTest {
  private static final List<String> FILES = List.of("runs.jsonl", "summary.csv", "findings.md");

  private static void assertMergeIsASingleRun(SweepPlan plan, int shards, Path dir) throws Exception {
    Calibration cal = Calibration.seed();
    SweepOutput.write(dir.resolve("single"), new Sweep(plan, cal).run(2, n -> { }), plan, cal);
    List<Path> parts = new ArrayList<>();
    for (int i = shards - 1; i >= 0; i--) { // any order
      Shard shard = new Shard(i, shards);
      Path part = dir.resolve("shard-" + i);
      SweepOutput.writeShard(part, new Sweep(plan, cal).run(1, n -> { }, shard), plan, cal, shard);
      parts.add(part);
    }
    SweepOutput.merge(parts, dir.resolve("merged"));
    for (String f : FILES) {
      assertArrayEquals(Files.readAllBytes(dir.resolve("single").resolve(f)), Files.readAllBytes(dir.resolve("merged").resolve(f)), f);
    }
  }

  @Test
  void threeShardsMergeIntoTheSingleRunsBytes(@TempDir Path dir) throws Exception {
    SweepPlan plan = new SweepPlan(List.of("calm", "burst"), List.of("pool-edf-10", "box", "retry-client"),
        List.of("small", "cage"), 3, true);
    assertMergeIsASingleRun(plan, 3, dir);
  }

  @Test
  void shardsOfASweepWithTheSplitRoomMergeIntoTheSingleRunsBytes(@TempDir Path dir) throws Exception {
    SweepPlan plan = new SweepPlan(List.of("calm"), SplitRoom.POLICIES, List.of("cage"), 2, true);
    assertEquals(2 * SplitRoom.POLICIES.size(),
        plan.groups().stream().filter(g -> SplitRoom.NAME.equals(g.study())).mapToInt(g -> g.variants().size()).sum());
    assertMergeIsASingleRun(plan, 3, dir);
  }

  @Test
  @Tag("heavy")
  void shardsOfASweepWithBothStudiesMergeIntoTheSingleRunsBytes(@TempDir Path dir) throws Exception {
    SweepPlan plan = new SweepPlan(List.of("calm"), List.of("pool-edf-10"), List.of("small"), 1, false,
        Studies.ALL, 1);
    assertMergeIsASingleRun(plan, 4, dir);
  }

  @Test
  void aStudyRowReadsBackToTheSameBytes() {
    Recovery.Amplification a = new Recovery.Amplification(17, 1.0 / 3, 0.1 + 0.2, 2.718281828459045);
    RunRow row = new RunRow("busy", "box", "cage", 4, "edf-fit",
        metrics(), Studies.METASTABILITY, new Trigger(Trigger.Kind.SLOWDOWN, 900, 60, 0.25), null,
        new Recovery(null, true, 0.93, 12.5, a, a, a));
    String line = DataFile.compact(row);
    assertTrue(line.startsWith("{\"study\":\"metastability\",\"scenario\":\"busy\""), line);
    assertTrue(line.contains("\"recovery_s\":null,\"metastable\":true"), line);
    assertEquals(line, DataFile.compact(RunRow.parse(line, "test")));
    RunRow main = new RunRow("calm", "box", "cage", 1, "edf-fit", metrics());
    assertEquals(DataFile.compact(main), DataFile.compact(RunRow.parse(DataFile.compact(main), "test")));
    assertTrue(!DataFile.compact(main).contains("study"), "the main sweep's rows are as before");
  }

  private static helperlab.model.RunMetrics metrics() {
    return helperlab.model.RunMetrics.builder().submitted(10).admitted(9).refused(1).met(7).late(2).metShare(0.7)
        .retries(3).spawns(12).processesPerTask(1.2).cpuUsefulS(30.5).cpuSpawnS(4.25).cpuKilledS(1.0 / 7)
        .peakMemoryMb(900).workersKilled(1).imagesDone(100).latenessP50S(0.5).latenessP99S(3.25).meanResponseS(1.5)
        .build();
  }

  @Test
  void aMissingOrRepeatedShardIsNamed(@TempDir Path dir) throws Exception {
    SweepPlan plan = new SweepPlan(List.of("calm"), List.of("pool-edf-10"), List.of("small"), 2, false);
    Calibration cal = Calibration.seed();
    for (int i = 0; i < 2; i++) {
      Shard s = new Shard(i, 3);
      SweepOutput.writeShard(dir.resolve("s" + i), new Sweep(plan, cal).run(1, n -> { }, s), plan, cal, s);
    }
    DataFileException missing = assertThrows(DataFileException.class,
        () -> SweepOutput.merge(List.of(dir.resolve("s0"), dir.resolve("s1")), dir.resolve("out")));
    assertTrue(missing.getMessage().contains("2/3"), missing.getMessage());
    DataFileException twice = assertThrows(DataFileException.class,
        () -> SweepOutput.merge(List.of(dir.resolve("s0"), dir.resolve("s0")), dir.resolve("out")));
    assertTrue(twice.getMessage().contains("also in"), twice.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Shard.parse("3/3"));
    assertThrows(IllegalArgumentException.class, () -> Shard.parse("one of two"));
  }
}
