package helperlab.cage.service;

import helperlab.cage.store.StoredBatch;
import helperlab.model.EventType;
import helperlab.policy.AdmissionDecision;
import java.nio.file.Path;

/** Batches into a run: a live batch judged by the scheduler now, or one admitted before a restart taken back. */
final class TaskIntake {
  private final CageRun run;

  TaskIntake(CageRun run) {
    this.run = run;
  }

  /** A live batch from the intake or the big button: admitted or refused now. */
  AdmissionDecision offer(StoredBatch b) {
    double now = run.now();
    CageTask t = newTask(run.state.newTaskId(), b, now, run.toRunS(b.deadlineAt()), b.id());
    run.sink.on(now, EventType.SUBMITTED, -1, t.id, -1, -1, b.origin());
    AdmissionDecision d;
    if (!(t.deadlineS > now)) {
      d = AdmissionDecision.refuse(-1, "its deadline passed before it could be admitted");
    } else {
      d = run.scheduler().submit(now, t.request(run.flatWork(t)));
    }
    if (d.admitted()) {
      run.state.register(t);
      run.sink.on(now, EventType.ADMITTED, -1, t.id, -1, 0, null);
    } else {
      run.sink.on(now, EventType.REFUSED, -1, t.id, -1, d.retryAfterS(), d.reason());
      run.sink.on(now, EventType.TASK_TURNED_AWAY, -1, t.id, -1, 0, null);
    }
    run.state.record(run.recordTask(t, now));
    run.execute(now);
    return d;
  }
  /** A batch admitted before a restart (or carried over from another run): taken back without judging it again. */
  void resume(StoredBatch b) {
    double now = run.now();
    CageTask t = newTask(run.state.newTaskId(), b, run.toRunS(b.arrivedAt()), run.toRunS(b.deadlineAt()), b.id());
    for (int i = 0; i < b.images().size(); i++) {
      StoredBatch.StoredImage s = b.images().get(i);
      CageTask.Image im = t.images.get(i);
      im.strikes = s.strikes();
      switch (s.state()) {
        case "done" -> {
          im.state = CageTask.ImageState.DONE;
          t.done++;
        }
        case "dead" -> {
          im.state = CageTask.ImageState.DEAD;
          t.dead++;
        }
        case "cancelled" -> im.state = CageTask.ImageState.CANCELLED;
        default -> { }
      }
    }
    run.sink.on(now, EventType.SUBMITTED, -1, t.id, -1, -1, "recovered");
    run.sink.on(now, EventType.ADMITTED, -1, t.id, -1, 0, "recovered");
    run.state.record(run.recordTask(t, now));
    run.ctx.checkpoint().get().batchRun(b.id(), run.id, t.id);
    run.state.register(t);
    if (t.openImages() == 0) {
      run.progress.finishTask(t, now, t.dead == 0 && now <= t.deadlineS);
    } else {
      run.scheduler().resume(now, t.request(run.flatWork(t)), t.strikes());
    }
    run.execute(now);
  }
  CageTask newTask(int taskId, StoredBatch b, double arrivalS, double deadlineS, long batchId) {
    CageTask t = new CageTask(taskId, batchId, b.origin(), b.preset(), b.longEdge(), arrivalS, deadlineS,
        b.deadlineAt(), taskId);
    for (StoredBatch.StoredImage s : b.images()) {
      t.images.add(new CageTask.Image((int) s.id(), t, s.idx(), Path.of(s.source()), Path.of(s.output()), s.width(),
          s.height(), s.predictedS()));
    }
    return t;
  }
}
