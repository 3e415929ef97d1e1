package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.RunMetrics;
import helperlab.policy.AdmissionMode;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.ScenarioSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The spawn-cost axis prices a fresh worker's CPU whole (its slower first images move with its start-up CPU), and
 * the breakeven is also given as start-up CPU over the work, which carries to other workloads.
 */
class SpawnCostPriceTest {
  @Test
  void warmUpSlownessMovesByTheFactorAroundALongLivedWorkersPrice() {
    Calibration c = Calibration.defaults();
    List<Double> f = c.workerImageFactors();
    double warm = f.get(f.size() - 1);
    assertEquals(f, c.withWarmUpSlownessTimes(1).workerImageFactors());
    c.withWarmUpSlownessTimes(0).workerImageFactors().forEach(x -> assertEquals(warm, x, 1e-12));
    assertEquals(warm + 2 * (f.get(0) - warm), c.withWarmUpSlownessTimes(2).workerImageFactors().get(0), 1e-12);
  }

  @Test
  void aFreshWorkerWithoutWarmUpSlownessCostsLessUsefulCpuForTheSameImages() {
    SimSetup setup = SimSetup.of(ScenarioSpec.builtIn("calm").withDuration(600), "never-split-budget",
        MachineSpec.builtIn("cage"), 2, AdmissionMode.NONE, Calibration.defaults(), false);
    RunMetrics jvm = new Simulation(setup).run().metrics();
    RunMetrics fork = new Simulation(new SimSetup(setup.scenario(), setup.seed(), setup.tasks(), setup.durationS(),
        setup.policy(), setup.machine(), setup.calibration().withWarmUpSlownessTimes(0), setup.admission(),
        setup.presets(), false, 1.0)).run().metrics();
    assertEquals(jvm.imagesDone(), fork.imagesDone());
    assertTrue(fork.cpuUsefulS() < jvm.cpuUsefulS(), fork.cpuUsefulS() + " vs " + jvm.cpuUsefulS());
  }

  private static RunRow row(String policy, double cost, long seed, double met, double useful, double spawn) {
    int metTasks = (int) Math.round(met * 100);
    RunMetrics m = RunMetrics.builder().submitted(100).admitted(100).met(metTasks).late(100 - metTasks).metShare(met)
        .spawns(10).processesPerTask(1).cpuUsefulS(useful).cpuSpawnS(spawn).peakMemoryMb(500).imagesDone(1000)
        .meanResponseS(1).build();
    return new RunRow("calm", policy, "cage", seed, "edf-fit", m, Studies.SPAWN_COST, null, cost, null);
  }

  @Test
  void theBreakevenIsAlsoStartUpCpuOverTheWorkThere() {
    List<RunRow> rows = new ArrayList<>();
    for (long seed = 0; seed < 3; seed++) {
      rows.add(row(Studies.REFERENCE_POOL, 0.1, seed, 0.95, 2700, 5));
      rows.add(row(Studies.REFERENCE_POOL, 1.0, seed, 0.95, 2700, 5));
      rows.add(row("box", 0.1, seed, 0.93 + 0.001 * seed, 2700, 270)); // level: 10% of the work on starts
      rows.add(row("box", 1.0, seed, 0.60 + 0.001 * seed, 2700, 2700)); // behind
    }
    SpawnCostCurves.Curve box = SpawnCostCurves.of(rows).curves().get(0);
    assertEquals(0.1, box.breakevenS());
    SpawnCostCurves.Point p = box.breakevenPoint();
    assertNotNull(p);
    assertEquals(0.10, p.startOverWork(), 1e-9);
    assertEquals((2700 + 270) / (1.5 * 3600), p.utilisation(), 1e-9);
    String table = SpawnCostCurves.of(rows).breakevenTable();
    assertTrue(table.contains("| cage | calm | box | 100 ms | 10.0% | 55% |"), table);
  }
}
