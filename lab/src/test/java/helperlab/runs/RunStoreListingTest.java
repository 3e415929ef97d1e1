package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.lab.TestRuns;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a runs folder lists besides its top-level files: run records saved as plain .json in its folders, and empty
 * .json files (so they are said to be empty rather than left out); and each run dated by when it was recorded.
 */
class RunStoreListingTest {
  @Test
  void recordsInFoldersAreListedAndOtherJsonThereIsNot(@TempDir Path dir) throws Exception {
    RunStore store = new RunStore(dir.resolve("lab-runs"));
    RunRecord nested = TestRuns.sim("box", "calm", 2, 120);
    Path set = Files.createDirectories(store.dir().resolve("mine").resolve("real"));
    DataFile.write(set.resolve(nested.id() + ".json"), nested);
    Files.writeString(store.dir().resolve("mine").resolve("calibration.json"), "{\"name\": \"x\", \"kind\": \"spike\"}");
    Files.writeString(set.resolve("cut-short.json"), "");
    Files.writeString(store.dir().resolve("empty.json"), "");

    Map<String, Long> listed = store.list().stream().collect(Collectors.toMap(StoredRun::name, StoredRun::bytes));
    assertEquals(Map.of(nested.id(), Files.size(set.resolve(nested.id() + ".json")), "cut-short", 0L, "empty", 0L), listed,
        "the record in its folder, and the empty files (0 bytes) to be named as such; not the calibration");
  }

  @Test
  void aRunIsDatedByTheTimeItsNameCarriesNotByItsFilesTime(@TempDir Path dir) throws Exception {
    RunStore store = new RunStore(dir.resolve("lab-runs"));
    RunRecord r = TestRuns.sim("box", "calm", 2, 120);
    Path real = Files.createDirectories(store.dir().resolve("set").resolve("real"));
    Path cage = real.resolve("real-busy-box-cage-s1-20261201T034320-cc9b.json");
    Path live = store.dir().resolve("live-calm-box-cage-s3-20261207-131500.json");
    Path plain = store.dir().resolve("sim-calm-box-cage-s2.json");
    for (Path p : List.of(cage, live, plain)) {
      DataFile.write(p, r);
      // as a checkout leaves them: every file stamped with the moment it was written
      Files.setLastModifiedTime(p, FileTime.from(Instant.parse("2027-03-01T10:00:00Z")));
    }
    Files.setLastModifiedTime(plain, FileTime.from(Instant.parse("2026-12-05T08:00:00Z")));

    List<StoredRun> listed = store.list();
    assertEquals(List.of("live-calm-box-cage-s3-20261207-131500", "sim-calm-box-cage-s2",
        "real-busy-box-cage-s1-20261201T034320-cc9b"), listed.stream().map(StoredRun::name).toList(), "newest recorded first");
    assertEquals(List.of(Instant.parse("2026-12-07T13:15:00Z"), Instant.parse("2026-12-05T08:00:00Z"),
        Instant.parse("2026-12-01T03:43:20Z")), listed.stream().map(StoredRun::recorded).toList(),
        "the name's stamp (UTC); the file's time only for a name without one");
  }

  @Test
  void digitsThatAreNoDateAreNoStamp() {
    assertEquals(java.util.Optional.empty(), StoredRun.stampIn("sim-calm-box-cage-s20261399T999999"));
    assertEquals(java.util.Optional.empty(), StoredRun.stampIn("run-123456789T123456"), "nine digits are not a date");
  }
}
