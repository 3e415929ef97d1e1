package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicySpec;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.Recovery;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import org.junit.jupiter.api.Test;

/** Recovery time and amplification after a trigger, on cases whose answer is known. */
class RecoveryTest {
  private static final Trigger SPIKE_X3 = new Trigger(Trigger.Kind.SPIKE, 900, 60, 2);
  private static final PolicySpec.ClientSettings RETRY = new PolicySpec.ClientSettings(PolicySpec.ClientMode.RETRY, 0.5, 4, 10, 0.1);

  @Test
  void aPoolFarBelowCapacityRecoversAtOnce() {
    ScenarioSpec calm = ScenarioSpec.builtIn("calm");
    ScenarioSpec light = new ScenarioSpec(calm.name(), calm.durationS(), 0.2, calm.batchSize(), calm.presets(),
        calm.imageMix(), calm.costNoise(), null, new Trigger(Trigger.Kind.SPIKE, 900, 60, 1));
    for (long seed = 0; seed < 2; seed++) {
      SimSetup setup = SimSetup.of(light, "pool-edf-10", MachineSpec.builtIn("large"), seed, AdmissionMode.EDF_FIT,
          Calibration.seed(), false);
      RecoveryMeter meter = new RecoveryMeter();
      new Simulation(setup, meter).run();
      Recovery r = meter.recovery(setup.trigger(), light.durationS());
      assertFalse(r.metastable());
      assertTrue(r.recoveryS() <= 5, "a x2 spike at 0.2 load leaves no backlog: recovered after " + r.recoveryS() + " s");
      assertEquals(0, r.after().retriesPerTask());
    }
  }

  @Test
  void aRetryStormWithNoBudgetStaysDownAfterTheSpike() {
    for (long seed = 0; seed < 2; seed++) {
      Recovery calm = StormCase.recovery(StormCase.scenario(0.5, SPIKE_X3.withSize(0)), StormCase.fifoPool(RETRY), seed);
      assertTrue(calm.baselineMetShare() >= 0.95, "the case is healthy before the trigger: " + calm.baselineMetShare());
      assertEquals(0.0, calm.recoveryS(), "without the spike it is never out of its band");

      Recovery storm = StormCase.recovery(StormCase.scenario(0.5, SPIKE_X3), StormCase.fifoPool(RETRY), seed);
      assertTrue(storm.metastable(), "not back within the hour");
      assertNull(storm.recoveryS());
      assertEquals(0, storm.before().retriesPerTask(), "no retries while healthy");
      assertTrue(storm.after().retriesPerTask() > 0.5,
          "the retries are what sustains it: " + storm.after().retriesPerTask() + " per admitted task after the spike");
    }
  }

  @Test
  void eachRetryBudgetBringsTheSameStormBack() {
    for (PolicySpec.ClientMode mode : new PolicySpec.ClientMode[] {PolicySpec.ClientMode.RETRY_THROTTLED,
        PolicySpec.ClientMode.RETRY_BUDGET, PolicySpec.ClientMode.RETRY_RATIO}) {
      PolicySpec.ClientSettings budgeted = new PolicySpec.ClientSettings(mode, 0.5, 4, 10, 0.1);
      Recovery r = StormCase.recovery(StormCase.scenario(0.5, SPIKE_X3), StormCase.fifoPool(budgeted), 0);
      assertFalse(r.metastable(), mode + " recovers");
      assertTrue(r.after().retriesPerTask() < 0.5, mode + ": " + r.after().retriesPerTask() + " retries per task after");
    }
  }
}
