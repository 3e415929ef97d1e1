package helperlab.cage.service;

import helperlab.cage.worker.WorkerProcess;
import helperlab.model.EventType;
import helperlab.policy.PolicySpec;
import java.util.ArrayList;

/**
 * A new policy for the rest of a run: the current workers are stopped (work in flight is lost and
 * counted), a scheduler with the new policy takes every unfinished task back, strikes and all.
 */
final class PolicySwitch {
  private PolicySwitch() {}

  static void apply(CageRun run, PolicySpec next) {
    double now = run.now();
    run.sink.on(now, EventType.POLICY_SET, -1, -1, -1, 0, next.id());
    for (WorkerProcess w : new ArrayList<>(run.workers().values())) {
      run.stopWorker(w, CageRun.POLICY_CHANGE, now);
    }
    run.state.newGeneration();
    run.switchPolicy(next);
    for (CageTask t : run.tasks().values()) {
      if (!t.finished() && t.openImages() > 0) {
        run.scheduler().resume(now, t.request(run.flatWork(t)), t.strikes());
      }
    }
    run.execute(now);
  }
}
