package helperlab.lab.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import helperlab.charts.LiveSamples;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.protocol.ctl.ExhibitStarted;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.ScenarioSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulator's replay of a cage exhibit as it happens: the tasks the cage said it plays (or,
 * from an older cage, the scenario's own arrivals), each sent into a live {@link Simulation} (same
 * policy, machine and calibration) when the stream reports it submitted, the simulation advanced to
 * the real run's clock. It writes into a table the run owns, so the charts that stream it keep the
 * same table when the overlay is built from the cage's answer. Not thread-safe: the follower's thread drives it.
 */
final class ReplayOverlay {
  private final Simulation sim;
  private final Map<Integer, Task> tasks = new HashMap<>();
  /** The run's replay table, which the window streams from the start: the overlay writes into it, never replaces it. */
  private final LiveSamples samples;
  private int sent;

  ReplayOverlay(String policy, String scenario, long seed, double durationS, MachineSpec machine,
      Calibration calibration, String admission, LiveSamples into) {
    this(new ArrivalGenerator(ScenarioSpec.builtIn(scenario).withDuration(durationS), machine, calibration,
        PresetCatalog.defaults()).generate(seed), policy, seed, durationS, machine, calibration, admission, 1.0, into);
  }

  /**
   * The overlay of an exhibit from the cage's answer to it: the tasks it plays (its sample images)
   * and the calibration it forecasts with, so the overlay is the replay of the same tasks.
   */
  static ReplayOverlay ofPlayed(ExhibitStarted exhibitReply, String policy, double durationS, MachineSpec machine,
      String admission, LiveSamples into) {
    List<Task> played = DataFile.JSON.convertValue(exhibitReply.played(), new TypeReference<List<Task>>() {});
    Calibration calibration = exhibitReply.calibration() != null
        ? DataFile.JSON.convertValue(exhibitReply.calibration(), Calibration.class) : Calibration.seed();
    double probe = exhibitReply.speedProbeMs() == null ? 0 : exhibitReply.speedProbeMs();
    double workFactor = probe > 0 ? probe / calibration.speedProbeMs() : 1.0;
    return new ReplayOverlay(played, policy, exhibitReply.seed(), durationS, machine, calibration,
        admission, workFactor, into);
  }

  private ReplayOverlay(List<Task> arrivals, String policy, long seed, double durationS, MachineSpec machine,
      Calibration calibration, String admission, double workFactor, LiveSamples into) {
    this.samples = into;
    for (Task t : arrivals) {
      tasks.put(t.id(), t);
    }
    // no arrivals of its own: only what the real run reports arriving
    SimSetup setup = new SimSetup("exhibit-replay", seed, List.of(), durationS, PolicyCatalog.get(policy), machine,
        calibration, AdmissionMode.of(admission), PresetCatalog.defaults(), false, 1.0, workFactor);
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

  /** The tasks it replays, by id. */
  Map<Integer, Task> tasks() {
    return Map.copyOf(tasks);
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
