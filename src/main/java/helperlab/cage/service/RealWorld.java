package helperlab.cage.service;

import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerProtocol;
import helperlab.drive.World;
import helperlab.model.EventType;
import helperlab.policy.Command;
import helperlab.policy.ImageJob;
import java.util.ArrayList;
import java.util.List;

/** What the scheduler's commands mean in the cage: real worker processes, files and dead letters. */
final class RealWorld implements World {
  private final CageRun run;

  RealWorld(CageRun run) {
    this.run = run;
  }

  @Override
  public void spawn(double now, Command.Spawn s) {
    WorkerProcess w = run.ctx.pool().spawn(run.state.newWorkerId(), s.worker(), run.state.generation(), s.task());
    run.state.hire(w);
    run.sink.on(now, EventType.WORKER_SPAWNED, w.id, s.task(), -1, 0, null);
  }

  @Override
  public void assign(double now, Command.Assign a) {
    WorkerProcess w = run.state.worker(a.worker());
    if (w == null) {
      return;
    }
    List<WorkerProtocol.Job> jobs = new ArrayList<>(a.images().size());
    for (CageTask.Image im : run.state.assign(w, a.images().stream().map(ImageJob::id).toList())) {
      jobs.add(new WorkerProtocol.Job(im.id, im.source.toString(), im.output.toString(), im.task.longEdge));
    }
    w.send(jobs);
    if (w.inFlight < 0) {
      run.progress.startNext(w, now); // an idle worker starts as soon as it reads its first job
    }
  }

  @Override
  public void handover(double now, Command.Handover h) {
    WorkerProcess w = run.state.worker(h.worker());
    if (w != null) {
      w.task = h.task();
    }
  }

  @Override
  public void retire(double now, Command.Retire r) {
    WorkerProcess w = run.state.retire(r.worker());
    if (w == null) {
      return;
    }
    run.ctx.pool().retire(w);
    double startup = w.readyAt < 0 ? Math.max(0, w.lastCpuS) : 0;
    run.sink.on(now, EventType.WORKER_EXITED, w.id, w.task, -1, startup, r.reason());
  }

  @Override
  public void taskFinished(double now, Command.TaskFinished f) {
    CageTask t = run.state.task(f.task());
    boolean met = f.met() && t.dead == 0;
    run.progress.finishTask(t, now, met);
  }

  @Override
  public void deadLetter(double now, Command.DeadLetter d) {
    CageTask.Image im = run.state.image(d.image().id());
    run.progress.deadLetter(im, d.strikes(), now);
  }

  @Override
  public void send(double now, int task, int copy) {
    run.sendCopy(task, copy, now);
  }
}
