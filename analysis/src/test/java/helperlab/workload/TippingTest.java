package helperlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicySpec;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.study.RunRow;
import helperlab.study.Studies;
import helperlab.study.SweepSummary;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The tipping criterion on three runs: one healthy through its trigger, one down before its trigger (the box in
 * the calm hour: never healthy), one tipped by its trigger (the storm case's retrying clients); and a recovery
 * measured only for a run that was healthy before its trigger.
 */
class TippingTest {
  private static final Path STORM = Path.of("docs/sweep-studies/storm");

  private record Judged(TippingCourse course, Recovery recovery) {}

  private static Judged run(SimSetup setup) {
    RecoveryMeter meter = new RecoveryMeter();
    new Simulation(setup, meter).run();
    TippingCourse c = Tipping.course(meter, setup.tippingCapacity(), setup.durationS());
    return new Judged(c, meter.recovery(setup.trigger(), setup.durationS(), c));
  }

  private static SimSetup calmWithSpike(String policy) {
    return SimSetup.of(ScenarioSpec.named("calm+spike"), policy, MachineSpec.builtIn("cage"), 0, AdmissionMode.EDF_FIT,
        Calibration.defaults(), false);
  }

  @Test
  void aPoolThatTakesTheSpikeNeverTipsAndItsRecoveryIsMeasured() {
    Judged j = run(calmWithSpike("pool-edf-10"));
    assertFalse(j.course().everDown(), "the pool in the calm hour stays healthy");
    assertFalse(j.recovery().downBeforeTrigger());
    assertNotNull(j.recovery().recoveryS(), "recovered: " + j.recovery());
    assertTrue(Tipping.describe(j.course()).startsWith("healthy throughout"), Tipping.describe(j.course()));
  }

  @Test
  void theBoxInTheCalmHourIsNeverHealthySoDownBeforeTheTriggerWithNoRecovery() {
    Judged j = run(calmWithSpike("box"));
    assertTrue(j.course().neverHealthy(), "the box never stands: " + Tipping.describe(j.course()));
    assertNull(j.course().tippedAtS(), "so it has no tip time (it was 'tipped at 0:13' by the old criterion)");
    Recovery r = j.recovery();
    assertTrue(r.downBeforeTrigger());
    assertTrue(r.neverHealthy());
    assertNull(r.recoveryS(), "no recovery is measured for a run that was down already");
    assertFalse(r.metastable());
    assertEquals("down before the trigger (never healthy)", Tipping.describe(r));
  }

  @Test
  void retryingClientsInTheStormCaseAreTippedByTheTrigger() {
    ScenarioSpec storm = DataFile.read(STORM.resolve("scenario-storm.json"), ScenarioSpec.class);
    MachineSpec plain = DataFile.read(STORM.resolve("machine-plain.json"), MachineSpec.class);
    PolicySpec retry = DataFile.read(STORM.resolve("policy-pool-fifo-retry.json"), PolicySpec.class);
    SimSetup setup = SimSetup.of(storm, "pool-edf-10", plain, 0, AdmissionMode.NONE, Calibration.defaults(), false)
        .withPolicy(retry);
    Judged j = run(setup);
    assertNotNull(j.course().tippedAtS(), "the retry storm tips the pool: " + Tipping.describe(j.course()));
    assertTrue(j.course().tippedAtS() >= storm.trigger().atS(), "healthy until the spike; " + Tipping.describe(j.course()));
    assertFalse(j.recovery().downBeforeTrigger());
    assertTrue(j.recovery().metastable(), "and stays down: " + j.recovery());
  }

  @Test
  void theSummaryCountsRunsDownBeforeTheirTriggerApartFromTheMetastable() {
    Recovery.Amplification a = new Recovery.Amplification(10, 1, 0, 2);
    Trigger spike = new Trigger(Trigger.Kind.SPIKE, 900, 60, 2);
    Recovery down = new Recovery(null, false, 0, 0, a, a, a, true, 262.0);
    Recovery stuck = new Recovery(null, true, 0.9, 1, a, a, a, false, 1000.0);
    Recovery back = new Recovery(30.0, false, 0.9, 1, a, a, a, false, null);
    java.util.List<RunRow> rows = new java.util.ArrayList<>();
    long seed = 0;
    for (Recovery r : java.util.List.of(down, down, stuck, back)) {
      rows.add(new RunRow("calm", "box", "cage", seed++, "edf-fit", helperlab.model.RunMetrics.builder()
          .submitted(10).admitted(9).refused(1).met(7).late(2).metShare(0.7).retries(3).spawns(12).processesPerTask(1.2)
          .cpuUsefulS(30.5).cpuSpawnS(4.25).cpuKilledS(0.1).peakMemoryMb(900).workersKilled(1).imagesDone(100)
          .latenessP50S(0.5).latenessP99S(3.25).meanResponseS(1.5).build(), 262.0,
          Studies.METASTABILITY, spike, null, r));
    }
    SweepSummary.Cell cell = SweepSummary.of(rows).cells().get(0);
    assertEquals(0.5, cell.recovery().get("down_before_trigger_share").mean(), 1e-12);
    assertEquals(0.5, cell.recovery().get("metastable_share").mean(), 1e-12, "one of the two healthy before");
    assertEquals(30.0, cell.recovery().get("recovery_s").mean(), 1e-12);
  }

  @Test
  void aRunNotJudgedForTippingReadsAsBefore() {
    Recovery old = DataFile.parse("{\"recovery_s\": 12.0, \"metastable\": false, \"baseline_met_share\": 0.9,"
        + " \"baseline_queue\": 1, \"before\": null, \"during\": null, \"after\": null}", "test", Recovery.class);
    assertFalse(old.downBeforeTrigger());
    assertFalse(old.neverHealthy());
    assertNull(old.tippedAtS());
    assertEquals("recovered in 0:12 after the trigger", Tipping.describe(old));
  }
}
