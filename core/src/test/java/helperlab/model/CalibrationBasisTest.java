package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Each shipped calibration describes one machine: the default is the seed's server (its cost curve and its speed
 * probe, from the seed-server file) with the constants measured on the AMD cage brought to that server's speed by
 * the probes' ratio; times scale, ratios and memory do not.
 */
class CalibrationBasisTest {
  private static final double REL = 1e-3;

  @Test
  void theDefaultsCurveAndProbeAreTheSeedServers() {
    Calibration d = Calibration.defaults();
    Calibration seed = Calibration.seed();
    assertEquals(seed.cost(), d.cost(), "the seed's cost curve");
    assertEquals(seed.speedProbeMs(), d.speedProbeMs(), "measured on the server whose probe the seed file gives");
  }

  @Test
  void theDefaultsStartUpTimesAreTheMeasuredOnesAtTheSeedServersSpeed() {
    Calibration d = Calibration.defaults();
    Calibration m = Calibration.measured();
    double ratio = d.speedProbeMs() / m.speedProbeMs();
    assertEquals(m.spawnCpuMs() * ratio, d.spawnCpuMs(), m.spawnCpuMs() * ratio * REL, "spawn CPU");
    assertEquals(m.warmupCpuMs() * ratio, d.warmupCpuMs(), m.warmupCpuMs() * ratio * REL, "warm-up CPU");
    assertEquals(m.workerReadyS() * ratio, d.workerReadyS(), m.workerReadyS() * ratio * REL, "a fresh worker's wall time");
  }

  @Test
  void theDefaultsRatiosAndMemoryAreAsMeasured() {
    Calibration d = Calibration.defaults();
    Calibration m = Calibration.measured();
    assertEquals(m.startupParallelism(), d.startupParallelism(), m.startupParallelism() * REL, "start-up parallelism");
    assertEquals(m.contention(), d.contention(), "contention per process past the quota");
    assertEquals(m.contentionMeasuredTo(), d.contentionMeasuredTo());
    assertEquals(m.presetFactors(), d.presetFactors(), "each preset against web");
    assertEquals(m.workerImageFactors(), d.workerImageFactors(), "a fresh worker's images by position");
    assertEquals(m.workerPrivateMb(), d.workerPrivateMb());
    assertEquals(m.workerSharedMb(), d.workerSharedMb());
    assertEquals(m.helloMb(), d.helloMb());
    assertEquals(m.imageMbPerMp(), d.imageMbPerMp());
    assertEquals(m.imageMemory(), d.imageMemory(), "image memory by megapixels");
  }
}
