package helperlab.study.prereg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.DataFile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A registration made on the 12-03 host's calibration from a small grid: every class covered, every point decided
 * on the host model, the power of a perfect model over the target and a model wrong by ×2 in start price clearly
 * under it; written and read back whole.
 */
@Tag("slow") // 580 simulated exhibits: 50 s on a busy machine
class RegistrarTest {
  @Test
  void aSmallGridOnTheHostGivesADecidingRegistrationWithItsPower(@TempDir Path dir) throws Exception {
    List<OperatingPoint> grid = List.of(new OperatingPoint("pool-edf-10", "calm", 0.9),
        new OperatingPoint("box", "calm", 0.1), new OperatingPoint("box", "calm", 0.2),
        new OperatingPoint("box", "calm", 0.3), new OperatingPoint("box", "calm", 0.4),
        new OperatingPoint("box", "calm", 0.9), new OperatingPoint("box-help-20", "calm", 0.4),
        new OperatingPoint("box-help-20", "calm", 0.6));
    Registrar registrar = new Registrar(HostModelTest.models(), VerdictRule.REGISTERED, PaceGate.REGISTERED, 6);
    Map<OperatingPoint, Prediction> candidates = registrar.predictCandidates(grid, n -> { });
    Registration r = registrar.register(candidates, new Registrar.Provenance("abc", "cal.json", "00",
        Instant.parse("2026-12-08T10:00:00Z")));
    assertTrue(r.points().size() >= 6, r.points().toString());
    for (RegisteredPoint p : r.points()) {
      double pc = p.host().pCollapse();
      assertTrue(pc <= 0.2 || pc >= 0.8, p.id() + " undecided on the host: " + pc);
    }
    assertTrue(r.points().stream().noneMatch(p -> p.point().equals(new OperatingPoint("box", "calm", 0.3))),
        "the box at 0.3 is a coin toss on the host (9 of 20 when written)");
    Power perfect = r.power().get(0);
    Power twice = r.power().stream().filter(p -> p.model().contains("×2")).findFirst().orElseThrow();
    assertTrue(perfect.expectedScore() >= Power.TARGET, "perfect: " + perfect.expectedScore());
    assertTrue(twice.pointsPredictedOtherwise() >= 1 && twice.expectedScore() < perfect.expectedScore() - 0.1,
        "x2: " + twice);
    Path file = dir.resolve("points.json");
    DataFile.write(file, r);
    assertEquals(r, DataFile.read(file, Registration.class));
  }
}
