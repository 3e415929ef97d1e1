package helperlab.cage.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.Contention;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contention fit against the machine model, and (heavy) a whole calibration in a capped cgroup. */
class CalibratorTest {
  @Test
  void theContentionFitRecoversTheModelsPenalty() {
    Contention truth = new Contention(0.07);
    double single = 5;
    List<Calibrator.Point> levels = new ArrayList<>();
    for (int n = 1; n <= 4; n++) {
      levels.add(new Calibrator.Point(n, single * truth.throughputCores(n, 1.5), 0));
    }
    assertEquals(0.07, ConcurrencyLadder.contention(levels, single, 1.5), 1e-9);
  }

  @Test
  void noSlowdownPastTheQuotaMeansNoContention() {
    List<Calibrator.Point> levels = List.of(new Calibrator.Point(1, 4, 0), new Calibrator.Point(2, 6, 0),
        new Calibrator.Point(3, 6, 0));
    assertEquals(0, ConcurrencyLadder.contention(levels, 4, 1.5), 1e-9);
  }

  @Test
  @Tag("heavy")
  void aCalibrationOfThisMachineIsUsableBySimulator(@TempDir Path dir) throws Exception {
    Calibrator.Report r = new Calibrator(dir, 1.5, 2L << 30, 2, 6, 1, System.out::println).run();
    Calibration c = r.calibration();
    assertTrue(c.cost().a() > 0 && c.cost().b() > 0 && c.cost().b() < 2, c.cost().toString());
    assertTrue(r.cost().size() >= 10);
    assertTrue(r.concurrency().size() >= 3, "at least twice the quota: " + r.concurrency());
    assertEquals(r.concurrency().size(), c.contentionMeasuredTo(), 1e-9, "the penalty holds past the ladder's top");
    assertTrue(c.spawnCpuMs() > 0 && c.warmupCpuMs() >= 0 && c.workerPrivateMb() > 0);
    assertTrue(c.workerHelloMb() > 0 && c.helloMb() <= c.workerPrivateMb(), "hello " + c.workerHelloMb());
    assertEquals(r.cost().size(), c.imageMemory().size(), "a memory point per ladder sample");
    assertEquals(Calibrator.COLD_IMAGES * 2 + 1, c.workerImageFactors().size(), c.workerImageFactors().toString());
    assertTrue(c.speedProbeMs() > 0);
    assertTrue(c.workerReadyS() > 0 && c.startupParallelism() >= 1, "ready in " + c.workerReadyS());
    assertTrue(c.sampleCosts().stream().allMatch(s -> s.presetFactors().keySet().equals(java.util.Set.of("thumb", "archive"))),
        "every sample measured with every preset: " + c.sampleCosts());
    assertTrue(CageCalibration.measuredHere(c), c.source());
  }
}
