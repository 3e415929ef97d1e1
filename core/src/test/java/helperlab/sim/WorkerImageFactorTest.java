package helperlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.RunMetrics;
import helperlab.policy.AdmissionMode;
import helperlab.workload.ScenarioSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A fresh worker's first images cost their calibrated factor more; the scheduler's forecasts do not change. */
class WorkerImageFactorTest {
  private static RunMetrics run(String policy, List<Double> factors) {
    Calibration s = Calibration.seed();
    Calibration c = Calibration.builder().name("t").cost(s.cost()).contention(s.contention()).spawnCpuMs(s.spawnCpuMs())
        .warmupCpuMs(s.warmupCpuMs()).workerPrivateMb(s.workerPrivateMb()).workerSharedMb(s.workerSharedMb())
        .imageMbPerMp(s.imageMbPerMp()).speedProbeMs(s.speedProbeMs()).flatAverageMs(s.flatAverageMs()).source("t")
        .workerImageFactors(factors).build();
    SimSetup setup = SimSetup.of(ScenarioSpec.builtIn("calm").withDuration(600), policy, MachineSpec.builtIn("cage"), 2,
        AdmissionMode.NONE, c, false);
    return new Simulation(setup).run().metrics();
  }

  @Test
  void factorsOfOneChangeNothing() {
    assertEquals(run("never-split-budget", List.of()), run("never-split-budget", List.of(1.0, 1.0)));
  }

  @Test
  void aFreshWorkerPerTaskPaysForItsFirstImageEveryTime() {
    RunMetrics plain = run("never-split-budget", List.of());
    RunMetrics cold = run("never-split-budget", List.of(3.0, 1.0));
    assertEquals(plain.imagesDone(), cold.imagesDone());
    assertTrue(cold.cpuUsefulS() > plain.cpuUsefulS() * 1.05, cold.cpuUsefulS() + " vs " + plain.cpuUsefulS());
  }

  @Test
  void theExtraGoesWithTheWorkersStartedNotWithTheImages() {
    RunMetrics plainPool = run("pool-edf-10", List.of());
    RunMetrics coldPool = run("pool-edf-10", List.of(3.0, 1.0));
    RunMetrics plainSplit = run("never-split-budget", List.of());
    RunMetrics coldSplit = run("never-split-budget", List.of(3.0, 1.0));
    double poolPerSpawn = (coldPool.cpuUsefulS() - plainPool.cpuUsefulS()) / coldPool.spawns();
    double splitPerSpawn = (coldSplit.cpuUsefulS() - plainSplit.cpuUsefulS()) / coldSplit.spawns();
    assertTrue(coldPool.spawns() < coldSplit.spawns(), coldPool.spawns() + " vs " + coldSplit.spawns());
    assertTrue(coldPool.cpuUsefulS() - plainPool.cpuUsefulS() < coldSplit.cpuUsefulS() - plainSplit.cpuUsefulS());
    assertTrue(poolPerSpawn > splitPerSpawn / 4 && poolPerSpawn < splitPerSpawn * 4,
        "per worker started: pool " + poolPerSpawn + " s, never-split " + splitPerSpawn + " s");
  }
}
