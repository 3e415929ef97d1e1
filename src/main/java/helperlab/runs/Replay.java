package helperlab.runs;

import helperlab.model.Calibration;
import helperlab.model.RunRecord;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Replays a recorded run in the simulator: the same tasks (arrival times, images, deadlines), the
 * same policy, admission and machine, with the run's calibration scaled by its same-day speed probe.
 * Replays are deterministic: the same record always gives the same replay.
 */
public final class Replay {
  private Replay() {}

  /** The calibration a replay of {@code run} uses: the run's, scaled by its speed probe over the calibration's. */
  public static Calibration calibrationFor(RunRecord run) {
    Calibration cal = run.calibration();
    Double probe = run.speedProbeMs();
    if (probe == null || probe <= 0) {
      return cal;
    }
    double factor = probe / cal.speedProbeMs();
    return cal.scaledBy(factor, String.format(Locale.ROOT, "%s scaled x%.4f by the run's speed probe (%.1f ms vs %.1f ms)",
        cal.name(), factor, probe, cal.speedProbeMs()));
  }

  public static SimSetup setupFor(RunRecord run) {
    List<Task> sorted = new ArrayList<>(run.tasks());
    sorted.sort(Comparator.comparingDouble(Task::arrivalS).thenComparingInt(Task::id));
    List<Task> renumbered = new ArrayList<>(sorted.size());
    for (int i = 0; i < sorted.size(); i++) {
      Task t = sorted.get(i);
      renumbered.add(new Task(i, t.arrivalS(), t.preset(), t.deadlineS(), t.images()));
    }
    return new SimSetup(run.scenario(), run.seed(), renumbered, Math.max(run.durationS(), lastArrival(renumbered)),
        PolicyCatalog.get(run.policy()), run.machine(), calibrationFor(run), AdmissionMode.of(run.admission()),
        helperlab.model.PresetCatalog.defaults(), true, 1.0);
  }

  private static double lastArrival(List<Task> tasks) {
    return tasks.isEmpty() ? 0 : tasks.get(tasks.size() - 1).arrivalS();
  }

  /** The replay's record: kind replay, {@code replay_of} the run's id. */
  public static RunRecord of(RunRecord run) {
    SimResult r = new Simulation(setupFor(run)).run();
    SimSetup s = r.setup();
    return new RunRecord(RunRecord.FORMAT, run.id() + "-replay", RunRecord.KIND_REPLAY, run.policy(), run.scenario(),
        run.machine(), run.seed(), run.admission(), s.calibration(), run.speedProbeMs(), s.durationS(), r.tasks(),
        r.events(), r.samples(), r.metrics(), run.id(), null, null);
  }
}
