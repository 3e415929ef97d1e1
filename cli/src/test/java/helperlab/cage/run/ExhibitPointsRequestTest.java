package helperlab.cage.run;


import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import helperlab.study.phase.PreregisteredPoint;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every pre-registered operating point is an exhibit the cage takes: its policy, calm, 900 s, its trigger, its load. */
class ExhibitPointsRequestTest {
  @Test
  void theCageTakesEveryPreregisteredPoint() throws Exception {
    JsonNode doc = DataFile.JSON.readTree(Path.of("lab-runs/preregistration/phase-points.json").toFile());
    double exhibitS = doc.path("exhibit_s").asDouble();
    for (PreregisteredPoint p : PreregisteredPoint.all(doc)) {
      assertDoesNotThrow(() -> Exhibit.checkRequest(p.policy(), "calm", exhibitS, 20, p.trigger(), true), p.id());
      assertDoesNotThrow(() -> Exhibit.checkLoad(p.offeredLoad()), p.id());
    }
  }

  @Test
  void anOfferedLoadOutOfRangeIsRefusedPlainly() {
    assertDoesNotThrow(() -> Exhibit.checkLoad(null));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Exhibit.checkLoad(0.0));
    assertTrue(e.getMessage().startsWith("offered_load must be in (0, 5]"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Exhibit.checkLoad(Double.NaN));
  }
}
