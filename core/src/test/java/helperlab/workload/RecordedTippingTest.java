package helperlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A record's tipping read back: an old record (before issue 43) opens and says which criterion judged it. */
class RecordedTippingTest {
  @Test
  void anOldRecordInLabRunsOpensAndSaysItWasJudgedByTheOldCriterion() {
    RunRecord old = RunRecord.load(Path.of("lab-runs/amd-2026-12-03-phase-points/points/S1/"
        + "real-calm-pool-edf-10-cage-s0-20261203T043437-d854.json.gz"));
    assertFalse(RecordedTipping.current(old.tipping()));
    assertNull(RecordedTipping.summary(old.tipping()));
    assertEquals("healthy throughout (by " + RecordedTipping.OLD + ")", RecordedTipping.describe(old.tipping()));
    JsonNode tipped = DataFile.JSON.createObjectNode().put("tipped_at_s", 438.0);
    assertEquals("tipped at 7:18 (by " + RecordedTipping.OLD + ")", RecordedTipping.describe(tipped));
  }

  @Test
  void aCurrentRecordReadsBackItsCourse() {
    TippingCourse c = HandMadeRun.course(3600, s -> s >= 1000 && s < 1400, s -> 1.0);
    JsonNode json = DataFile.JSON.valueToTree(c.summary());
    assertTrue(RecordedTipping.current(json));
    assertEquals(c.summary(), RecordedTipping.summary(json));
    assertEquals(Tipping.describe(c), RecordedTipping.describe(json));
  }
}
