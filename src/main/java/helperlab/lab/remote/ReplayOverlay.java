package helperlab.lab.remote;

import helperlab.lab.chart.LiveSamples;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.sim.ArrivalGenerator;
import helperlab.sim.ScenarioSpec;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulator's replay of a cage exhibit as it happens: the exhibit's batches are the simulator's
 * own arrivals for its scenario, seed and machine, so each batch the stream reports as submitted is
 * sent into a live {@link Simulation} (same policy, same machine) at the real run's time, and the
 * simulation is advanced to the real run's clock. Not thread-safe: the follower's thread drives it.
 */
final class ReplayOverlay {
  private final Simulation sim;
  private final Map<Integer, Task> tasks = new HashMap<>();
  private final LiveSamples samples = new LiveSamples();
  private int sent;

  ReplayOverlay(String policy, String scenario, long seed, double durationS, MachineSpec machine,
      Calibration calibration, String admission) {
    List<Task> generated = new ArrayList<>(new ArrivalGenerator(ScenarioSpec.builtIn(scenario).withDuration(durationS),
        machine, calibration.cost(), PresetCatalog.defaults()).generate(seed));
    for (Task t : generated) {
      tasks.put(t.id(), t);
    }
    // no arrivals of its own: only what the real run reports arriving
    SimSetup setup = new SimSetup("exhibit-replay", seed, List.of(), durationS, PolicyCatalog.get(policy), machine,
        calibration, AdmissionMode.of(admission), PresetCatalog.defaults(), false, 1.0);
    this.sim = new Simulation(setup, samples);
  }

  /** A batch of the exhibit arrived at the cage at run time {@code t}: the replay gets it at the same time. */
  void arrived(int taskId, double t) {
    advanceTo(t);
    Task task = tasks.get(taskId);
    if (task != null) {
      sim.press(task);
      sent++;
    }
  }

  /** Moves the replay's clock to the real run's. */
  void advanceTo(double t) {
    if (t > sim.now()) {
      sim.advanceTo(t);
    }
  }

  LiveSamples samples() {
    return samples;
  }

  int sent() {
    return sent;
  }

  int known() {
    return tasks.size();
  }
}
