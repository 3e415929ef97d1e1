package helperlab.lab;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.ScenarioSpec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Real simulated runs for the lab's tests (cached: the simulator is deterministic). */
public final class TestRuns {
  private static final Map<String, RunRecord> CACHE = new ConcurrentHashMap<>();

  private TestRuns() {}

  /** A recorded run of {@code policy} on {@code scenario} (shortened to {@code seconds}) on the cage. */
  public static RunRecord sim(String policy, String scenario, long seed, double seconds) {
    return CACHE.computeIfAbsent(policy + "|" + scenario + "|" + seed + "|" + seconds, k -> {
      ScenarioSpec s = ScenarioSpec.builtIn(scenario);
      if (seconds > 0) {
        s = s.withDuration(seconds);
      }
      SimSetup setup = SimSetup.of(s, policy, MachineSpec.builtIn("cage"), seed, AdmissionMode.EDF_FIT,
          Calibration.seed(), true);
      return RunRecords.fromSimulation(new Simulation(setup).run());
    });
  }

  /** An hour of calm under {@code policy}. */
  public static RunRecord hour(String policy, long seed) {
    return sim(policy, "calm", seed, 0);
  }
}
