package helperlab.cage.run;

import helperlab.cage.store.Checkpoint;
import helperlab.cage.store.StoredBatch;
import helperlab.model.Calibration;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.policy.AdmissionDecision;
import helperlab.policy.Scheduler;
import java.nio.file.Path;
import java.util.function.Supplier;

/** Batches into a run: a live batch judged by the scheduler now, or one admitted before a restart taken back. */
final class TaskIntake {
  private final String runId;
  private final RunClock clock;
  private final RunState state;
  private final EventSink sink;
  private final RunScheduler scheduler;
  private final TaskProgress progress;
  private final Calibration calibration;
  private final Supplier<Checkpoint> checkpoint;

  TaskIntake(String runId, RunClock clock, RunState state, EventSink sink, RunScheduler scheduler, TaskProgress progress,
      RunContext ctx) {
    this.runId = runId;
    this.clock = clock;
    this.state = state;
    this.sink = sink;
    this.scheduler = scheduler;
    this.progress = progress;
    this.calibration = ctx.calibration();
    this.checkpoint = ctx.checkpoint();
  }

  /** A live batch from the intake or the big button: admitted or refused now. */
  AdmissionDecision offer(StoredBatch b) {
    double now = clock.now();
    CageTask t = newTask(state.newTaskId(), b, now, clock.toRunS(b.deadlineAt()), b.id());
    sink.on(now, EventType.SUBMITTED, -1, t.id, -1, -1, b.origin());
    AdmissionDecision d;
    if (!(t.deadlineS > now)) {
      d = AdmissionDecision.refuse(-1, "its deadline passed before it could be admitted");
    } else {
      d = scheduler.current().submit(now, t.request(calibration));
    }
    if (d.admitted()) {
      state.register(t);
      sink.on(now, EventType.ADMITTED, -1, t.id, -1, 0, null);
    } else {
      sink.on(now, EventType.REFUSED, -1, t.id, -1, d.retryAfterS(), d.reason());
      sink.on(now, EventType.TASK_TURNED_AWAY, -1, t.id, -1, 0, null);
    }
    state.record(t.record(now));
    scheduler.execute(now);
    return d;
  }

  /** A batch admitted before a restart (or carried over from another run): taken back without judging it again. */
  void resume(StoredBatch b) {
    double now = clock.now();
    CageTask t = newTask(state.newTaskId(), b, clock.toRunS(b.arrivedAt()), clock.toRunS(b.deadlineAt()), b.id());
    sink.on(now, EventType.SUBMITTED, -1, t.id, -1, -1, "recovered");
    sink.on(now, EventType.ADMITTED, -1, t.id, -1, 0, "recovered");
    state.record(t.record(now));
    checkpoint.get().batchRun(b.id(), runId, t.id);
    state.resume(t, b.images());
    Scheduler s = scheduler.current();
    if (t.openImages() == 0) {
      progress.finishTask(t, now, t.dead() == 0 && now <= t.deadlineS);
    } else {
      s.resume(now, t.request(calibration), t.strikes());
    }
    scheduler.execute(now);
  }

  private static CageTask newTask(int taskId, StoredBatch b, double arrivalS, double deadlineS, long batchId) {
    CageTask t = new CageTask(taskId, batchId, b.origin(), b.preset(), b.longEdge(), arrivalS, deadlineS,
        b.deadlineAt(), taskId);
    for (StoredBatch.StoredImage s : b.images()) {
      t.addImage((int) s.id(), s.idx(), Path.of(s.source()), Path.of(s.output()), s.width(), s.height(), s.predictedS());
    }
    return t;
  }
}
