package helperlab.runs;

import helperlab.model.RunRecord;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.RunTriggers;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Replays a recorded run in the simulator: the same tasks (arrival times, images, deadlines), the
 * same policy (the spec the record keeps, {@link RecordedPolicy}), admission and machine. The scheduler forecasts with the run's calibration, as the cage
 * did; the work costs that calibration scaled by the run's same-day speed probe, which the cage's
 * scheduler did not know either.
 * Replays are deterministic: the same record always gives the same replay.
 */
public final class Replay {
  private Replay() {}

  /**
   * How much more CPU the run's work took than its calibration says: the run's speed probe over the
   * calibration's (1 when the run has no probe).
   */
  public static double workFactorFor(RunRecord run) {
    Double probe = run.speedProbeMs();
    double calibrated = run.calibration().speedProbeMs();
    return probe == null || probe <= 0 || !(calibrated > 0) ? 1.0 : probe / calibrated;
  }

  public static SimSetup setupFor(RunRecord run) {
    List<Task> sorted = new ArrayList<>(run.tasks());
    sorted.sort(Comparator.comparingDouble(Task::arrivalS).thenComparingInt(Task::id));
    List<Task> renumbered = new ArrayList<>(sorted.size());
    for (int i = 0; i < sorted.size(); i++) {
      Task t = sorted.get(i);
      renumbered.add(new Task(i, t.arrivalS(), t.preset(), t.deadlineS(), t.images()));
    }
    // a spike's extra batches are among the run's tasks; a slowdown or cost jump is the trigger's to play
    return new SimSetup(run.scenario(), run.seed(), renumbered, Math.max(run.durationS(), lastArrival(renumbered)),
        RecordedPolicy.of(run), run.machine(), run.calibration(), AdmissionMode.of(run.admission()),
        helperlab.model.PresetCatalog.defaults(), true, 1.0, workFactorFor(run), RunTriggers.trigger(run));
  }

  private static double lastArrival(List<Task> tasks) {
    return tasks.isEmpty() ? 0 : tasks.get(tasks.size() - 1).arrivalS();
  }

  /**
   * The spans the run's own recovery was measured with, by its kind: a cage exhibit's (kind real) the
   * short exhibit spans, a simulated run's ({@code helper-lab sim --record}) the hour's. A replay's were
   * its original's, which its record does not say; replays are of exhibits, so the exhibit's.
   */
  static RecoveryMeter.Windows recoveryWindowsFor(RunRecord run) {
    return switch (run.kind()) {
      case RunRecord.KIND_SIM -> RecoveryMeter.Windows.HOUR;
      case RunRecord.KIND_REAL, RunRecord.KIND_REPLAY -> RecoveryMeter.Windows.EXHIBIT;
      default -> throw new IllegalArgumentException("a record of kind '" + run.kind() + "' cannot be replayed");
    };
  }

  /** The replay's record: kind replay, {@code replay_of} the run's id. */
  public static RunRecord of(RunRecord run) {
    SimSetup setup = setupFor(run);
    Trigger trigger = setup.trigger();
    // the recovery measured by the same meter, with the same spans, as the run's own was measured
    RecoveryMeter meter = trigger == null ? null : new RecoveryMeter(recoveryWindowsFor(run));
    Simulation sim = meter == null ? new Simulation(setup) : new Simulation(setup, meter);
    // an exhibit stopped at its hard stop: the replay stops there too, or it would serve what the cage gave up on
    SimResult r = run.stopS() != null ? sim.runUntil(run.stopS()) : sim.run();
    SimSetup s = r.setup();
    return RunRecord.builder().id(run.id() + "-replay").kind(RunRecord.KIND_REPLAY).policy(run.policy())
        .policySpec(RecordedPolicy.json(s.policy()))
        .scenario(run.scenario()).machine(run.machine()).seed(run.seed()).admission(run.admission())
        .calibration(s.calibration()).speedProbeMs(run.speedProbeMs()).durationS(s.durationS()).tasks(r.tasks())
        .events(r.events()).samples(r.samples()).metrics(r.metrics()).replayOf(run.id()).stopS(run.stopS())
        .offeredLoad(run.offeredLoad()).trigger(run.trigger()).recovery(meter == null ? null : RunTriggers.json(meter.recovery(trigger, run.durationS())))
        .build();
  }
}
