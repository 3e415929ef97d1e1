package helperlab.cage.run;

import helperlab.cage.worker.WorkerPool;
import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerProtocol;
import helperlab.drive.World;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.policy.Command;
import helperlab.policy.ImageJob;
import java.util.ArrayList;
import java.util.List;

/** What the scheduler's commands mean in the cage: real worker processes, files and dead letters. */
final class RealWorld implements World {
  private final RunState state;
  private final WorkerPool pool;
  private final EventSink sink;
  private final TaskProgress progress;
  /** Sends an exhibit's client's copies (null for a live run, whose client is outside). */
  private final ExhibitPlayer player;
  private final StorageGuard storage;

  RealWorld(RunState state, WorkerPool pool, EventSink sink, TaskProgress progress, ExhibitPlayer player,
      StorageGuard storage) {
    this.storage = storage;
    this.state = state;
    this.pool = pool;
    this.sink = sink;
    this.progress = progress;
    this.player = player;
  }

  @Override
  public void spawn(double now, Command.Spawn s) {
    WorkerProcess w = pool.spawn(state.newWorkerId(), s.worker(), state.generation(), s.task());
    state.hire(w);
    sink.on(now, EventType.WORKER_SPAWNED, w.id(), s.task(), -1, 0, null);
  }

  @Override
  public void assign(double now, Command.Assign a) {
    WorkerProcess w = state.worker(a.worker());
    if (w == null) {
      return;
    }
    List<WorkerProtocol.Job> jobs = new ArrayList<>(a.images().size());
    for (CageTask.Image im : state.assign(w, a.images().stream().map(ImageJob::id).toList())) {
      jobs.add(new WorkerProtocol.Job(im.id, im.source.toString(), im.output.toString(), im.task.longEdge));
    }
    if (storage.paused()) {
      w.keepBack(jobs); // the host's storage is failing: sent when it is back (CageRun.storageBack)
      return;
    }
    w.send(jobs);
    if (w.images().inFlight() < 0) {
      progress.startNext(w, now); // an idle worker starts as soon as it reads its first job
    }
  }

  @Override
  public void handover(double now, Command.Handover h) {
    WorkerProcess w = state.worker(h.worker());
    if (w != null) {
      w.handover(h.task());
    }
  }

  @Override
  public void retire(double now, Command.Retire r) {
    WorkerProcess w = state.retire(r.worker());
    if (w == null) {
      return;
    }
    pool.retire(w);
    double startup = w.unreadyStartupCpuS();
    sink.on(now, EventType.WORKER_EXITED, w.id(), w.task(), -1, startup, r.reason());
  }

  @Override
  public void taskFinished(double now, Command.TaskFinished f) {
    CageTask t = state.task(f.task());
    boolean met = f.met() && t.dead() == 0;
    progress.finishTask(t, now, met);
  }

  @Override
  public void deadLetter(double now, Command.DeadLetter d) {
    CageTask.Image im = state.image(d.image().id());
    progress.deadLetter(im, d.strikes(), now);
  }

  @Override
  public void send(double now, int task, int copy) {
    if (player == null) {
      throw new IllegalStateException("a live run has no client model to send task " + task + " again");
    }
    player.sendCopy(task, copy, now);
  }
}
