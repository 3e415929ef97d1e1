package helperlab.study;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicySpec;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.Recovery;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.util.List;
import java.util.Map;

/**
 * A case built to be metastable: a FIFO pool of two workers on a plain machine (no spawn cost, no
 * contention, no memory limit), single-image batches at half load, no admission, and a client that
 * re-sends a task with no answer after half its deadline window (up to 4 sends). Below capacity
 * nothing times out; a spike makes tasks late, their retries queue behind them in FIFO order, so new
 * tasks are late too and retry: the retries alone keep the load above capacity.
 */
final class StormCase {
  static final MachineSpec PLAIN = MachineSpec.builder().name("plain").cores(2).memoryMb(0).maxProcesses(64)
      .contention(0.0).spawnCpuMs(0.0).warmupCpuMs(0.0).workerPrivateMb(0.0).workerSharedMb(0.0).imageMbPerMp(0.0)
      .workerBudget(2).build();

  private StormCase() {}

  static ScenarioSpec scenario(double load, Trigger trigger) {
    return new ScenarioSpec("storm", 3600, load, new ScenarioSpec.BatchSize(1, 1), Map.of("web", 1.0),
        List.of(new ScenarioSpec.ImageClass("phone", 1, 8, 16)), new ScenarioSpec.CostNoise("exponential", 0), null,
        trigger);
  }

  static PolicySpec fifoPool(PolicySpec.ClientSettings client) {
    return new PolicySpec("pool-fifo-retry", PolicySpec.Family.POOL, true, new PolicySpec.Pool(PolicySpec.Order.FIFO, 1, 10),
        null, null, client);
  }

  /** The run's recovery from its scenario's trigger. */
  static Recovery recovery(ScenarioSpec scenario, PolicySpec policy, long seed) {
    List<Task> tasks = new ArrivalGenerator(scenario, PLAIN, Calibration.seed(), PresetCatalog.defaults()).generate(seed);
    SimSetup setup = new SimSetup(scenario.name(), seed, tasks, scenario.durationS(), policy, PLAIN, Calibration.seed(),
        AdmissionMode.NONE, PresetCatalog.defaults(), false, 1.0, 1.0, scenario.trigger());
    RecoveryMeter meter = new RecoveryMeter();
    new Simulation(setup, meter).run();
    return meter.recovery(scenario.trigger(), scenario.durationS());
  }
}
