package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The builders of the wide records: a record rebuilt from its builder is the same record and the same bytes of JSON
 * (a committed real run and its replay, every field set), the JSON holds the flat fields of the files and nothing the
 * builder adds, and a builder that leaves out a required field is refused by the record's own checks.
 */
class RecordBuildersTest {
  private static final Path REAL = Path.of("lab-runs/xeon-2026-12-01/real");
  private static final String RUN = "real-busy-box-cage-s3-20261201T004042-0489";

  @Test
  void aCommittedRunRecordAndItsReplayAreWrittenAgainByteForByte() {
    for (String name : new String[] {RUN + ".json.gz", RUN + "-replay.json.gz"}) {
      Path file = REAL.resolve(name);
      RunRecord loaded = RunRecord.load(file);
      RunRecord rebuilt = loaded.toBuilder().build();
      assertEquals(loaded, rebuilt);
      assertEquals(DataFile.compact(loaded), DataFile.compact(rebuilt), name);
      List<String> fields = new ArrayList<>();
      DataFile.JSON.valueToTree(rebuilt).fieldNames().forEachRemaining(fields::add);
      List<String> components = new ArrayList<>();
      for (RecordComponent c : RunRecordJson.class.getRecordComponents()) {
        components.add(c.getName());
      }
      assertTrue(fields.size() <= components.size() && fields.stream().noneMatch(f -> f.contains("uilder")), fields
          + " against the components " + components);
    }
  }

  @Test
  void theOtherWideRecordsComeBackTheSameThroughTheirBuilders() {
    Calibration seed = Calibration.seed();
    assertEquals(DataFile.compact(seed), DataFile.compact(seed.toBuilder().build()));
    MachineSpec cage = MachineSpec.builtIn("cage");
    assertEquals(cage, cage.toBuilder().build());
    RunMetrics m = RunRecord.load(REAL.resolve(RUN + ".json.gz")).metrics();
    assertEquals(DataFile.compact(m), DataFile.compact(m.toBuilder().build()));
    assertTrue(!DataFile.compact(seed).contains("builder"), "a builder is no field of the JSON");
  }

  @Test
  void aBuilderMissingARequiredFieldIsRefusedByTheRecordsChecks() {
    assertThrows(IllegalArgumentException.class, () -> RunRecord.builder().kind(RunRecord.KIND_SIM).build());
    assertThrows(IllegalArgumentException.class, () -> MachineSpec.builder().name("m").build(), "no cores");
    assertThrows(IllegalArgumentException.class, () -> Calibration.builder().name("c").build(), "no cost curve");
  }
}
