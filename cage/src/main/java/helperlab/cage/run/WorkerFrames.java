package helperlab.cage.run;

import helperlab.cage.config.CageSizing;
import helperlab.cage.worker.HostCpuTime;
import helperlab.cage.worker.HostFault;
import helperlab.cage.worker.HostLoad;
import helperlab.cage.worker.ProcStat;
import helperlab.cage.worker.Watchdog;
import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerPhase;
import helperlab.cage.worker.WorkerProtocol;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a run's workers tell it (frames), how they end (exits), and the watchdog's round over them. Once the run has
 * stopped, none of its workers is current any more: what they say then changes nothing.
 */
final class WorkerFrames {
  private static final Logger LOG = LoggerFactory.getLogger(WorkerFrames.class);

  private final RunClock clock;
  private final RunState state;
  private final EventSink sink;
  private final RunScheduler scheduler;
  private final TaskProgress progress;
  private final RunContext ctx;
  /** How much of its CPU the host left the run (measured at the watchdog's rounds). */
  private final CpuShareMeter cpuShare;
  private final OomCounter ooms;

  WorkerFrames(RunClock clock, RunState state, EventSink sink, RunScheduler scheduler, TaskProgress progress,
      RunContext ctx, CpuShareMeter cpuShare) {
    this.clock = clock;
    this.state = state;
    this.sink = sink;
    this.scheduler = scheduler;
    this.progress = progress;
    this.ctx = ctx;
    this.cpuShare = cpuShare;
    this.ooms = new OomCounter(ctx.pool().cage());
  }

  void onFrame(WorkerProcess w, WorkerProtocol.FromWorker m) {
    if (!state.isCurrent(w)) {
      if (m instanceof WorkerProtocol.Heartbeat || m instanceof WorkerProtocol.Hello) {
        w.heard(ctx.cage());
      }
      return; // retiring, killed, or from before a policy change: nothing it says changes the schedule
    }
    double now = clock.now();
    double cage = ctx.cage();
    if (m instanceof WorkerProtocol.Hello) {
      w.hello(cage);
    } else if (m instanceof WorkerProtocol.Heartbeat h) {
      w.heartbeat(cage, h.cpuS());
    } else if (m instanceof WorkerProtocol.Ready r) {
      w.ready(cage, r.startupCpuS());
      sink.on(now, EventType.WORKER_READY, w.id(), w.task(), -1, r.startupCpuS(), null);
      scheduler.current().workerReady(now, w.schedulerId());
      scheduler.execute(now);
    } else if (m instanceof WorkerProtocol.Done d) {
      CageTask.Image im = state.imageDone(w, (int) d.image());
      if (im == null) {
        return;
      }
      w.finishedImage(d.cpuTotalS());
      ctx.pool().progress();
      ctx.storage().wrote();
      sink.on(now, EventType.IMAGE_DONE, w.id(), im.task.id, im.id, d.cpuS(), d.alreadyPublished() ? "already published" : null);
      if (im.task.persisted()) {
        ctx.checkpoint().get().imageDone(im.id, ctx.clock().instant());
      }
      progress.startNext(w, now); // it goes straight on with its assignment
      scheduler.current().imageDone(now, w.schedulerId(), im.id);
      scheduler.execute(now);
    } else if (m instanceof WorkerProtocol.Failed f && f.inputGone()) {
      CageTask.Image im = state.inputGone(w, (int) f.image());
      if (im == null) {
        return;
      }
      progress.inputGone(im, f.reason(), now);
      progress.startNext(w, now);
      scheduler.current().imageFailed(now, w.schedulerId(), im.id);
      scheduler.execute(now);
    } else if (m instanceof WorkerProtocol.HostFailed h) {
      // The host's fault, not the image's: no strike, no lost worker; it keeps the image and waits with it.
      w.hostFailed(ctx.cage());
      CageTask.Image im = state.image((int) h.image());
      ctx.storage().fault(new HostFault(h.errno(), h.reason(), h.path()),
          "image " + h.image() + (im == null ? "" : " (" + progress.inboxRelative(im.source) + ")") + " by worker "
              + w.id());
    } else if (m instanceof WorkerProtocol.Failed f) {
      w.failed(f.reason());
      LOG.warn("cage: worker " + w.id() + " (pid " + w.pid() + ") failed image " + f.image() + ": " + f.reason());
    }
  }
  /**
   * The host's storage is back: each worker that waited with an image tries it again, and the jobs kept back while
   * dispatch was paused are sent.
   */
  void storageBack() {
    double now = clock.now();
    for (WorkerProcess w : new ArrayList<>(state.workers().values())) {
      if (w.images().waitsForHost()) {
        w.resumed(ctx.cage());
        w.send(java.util.List.of(new WorkerProtocol.Resume("the host's storage is back")));
      }
      java.util.List<WorkerProtocol.Job> kept = w.takeKeptBack();
      if (!kept.isEmpty()) {
        w.send(kept);
        if (w.images().inFlight() < 0) {
          progress.startNext(w, now);
        }
      }
    }
  }

  /**
   * The cage must stop writing (its identity was taken over): every worker is killed now, its images go back unblamed,
   * and none starts again (the pool is halted first).
   */
  void halt(String cause) {
    for (WorkerProcess w : new ArrayList<>(state.workers().values())) {
      ctx.pool().kill(w, cause);
      lose(w, cause, false, false);
    }
  }

  /** The half-written output a dead worker leaves (".name.tmp-PID"), removed as soon as it is known dead. */
  private void removeTempOutput(WorkerProcess w) {
    Path tmp = w.takeHalfWritten();
    if (tmp == null) {
      return;
    }
    try {
      Files.deleteIfExists(tmp);
    } catch (IOException e) {
      LOG.warn("cage: cannot remove " + tmp + " of dead worker " + w.id() + ": " + e.getMessage());
    }
  }

  /** A worker process of this run ended. Retired and already-reported ones are simply gone. */
  void onExit(WorkerProcess w, int code) {
    ctx.pool().exited(w);
    try {
      if (w.phase() == WorkerPhase.RETIRING || !state.isCurrent(w)) {
        return;
      }
      String cause = w.killCause() != null ? w.killCause() : ooms.causeOfExit(code);
      // A SIGKILL that neither we nor the kernel's OOM killer sent came from outside (an operator, the
      // host): the image in flight did nothing to earn a strike.
      boolean blame = !OomCounter.KILLED_FROM_OUTSIDE.equals(cause);
      if (helperlab.model.MetricsAccumulator.CAUSE_OOM.equals(cause)) {
        OomCounter.Judgement j = ooms.judge(w, state.liveWorkers(),
            (long) (CageSizing.perWorkerMb(ctx.calibration()) * 1048576));
        blame = j.ownDoing();
        if (!blame) {
          LOG.warn("cage: the kernel killed worker " + w.id() + " (pid " + w.pid() + ") for memory, but " + j.words()
              + ": the host's pressure, no strike"
              + (w.images().inFlight() >= 0 ? " on image " + w.images().inFlight() : ""));
        }
      }
      lose(w, cause, blame, true);
    } finally {
      removeTempOutput(w); // the process is gone: nothing writes to it any more
    }
  }
  /**
   * A worker is lost: its image in flight (if any) was wasted, its start-up too if it never got
   * ready; the scheduler takes its images back and strikes the one in flight.
   */
  void lose(WorkerProcess w, String cause, boolean blame, boolean involuntary) {
    double now = clock.now();
    int inFlightId = w.images().inFlight();
    RunState.Lost lost = state.lose(w, cause, blame);
    if (inFlightId >= 0) {
      CageTask.Image im = lost.inFlight();
      if (im != null) {
        w.lostWhileWriting(im.output);
      }
      sink.on(now, EventType.IMAGE_KILLED, w.id(), im == null ? -1 : im.task.id, inFlightId,
          w.cpuOnImageS(), cause);
    }
    double lostStartup = w.unreadyStartupCpuS();
    sink.on(now, EventType.WORKER_KILLED, w.id(), w.task(), -1, lostStartup, cause);
    if (lost.struck() != null && lost.struck().task.persisted()) {
      ctx.checkpoint().get().strikes(lost.struck().id, lost.struck().strikes());
    }
    if (involuntary && ctx.pool().lost(w)) {
      LOG.warn(String.format("cage: restart breaker open: more than %d workers in a row lost before finishing an image;"
          + " no new worker for %.0f s", ctx.pool().breaker().limit(), ctx.pool().breaker().windowS()));
    }
    scheduler.current().workerLost(now, w.schedulerId(), blame);
    scheduler.execute(now);
  }
  /**
   * The watchdog's round: kill what must die and report it lost. Each worker is judged with what the
   * kernel says of it now, so one that is silent because the host paused or starved it lives on (said
   * once in the log), and a kill the image did not cause is no strike on it.
   */
  void watch(Watchdog dog) {
    double now = ctx.cage();
    int busy = state.busyWorkers();
    double stretch = busy / Math.max(ctx.nominalCores(), 1e-9);
    HostLoad host = HostLoad.read();
    double spent = 0;
    double others = 0;
    int held = 0;
    for (WorkerProcess w : new ArrayList<>(state.workers().values())) {
      CageTask.Image im = w.images().inFlight() >= 0 ? state.image(w.images().inFlight()) : null;
      String excused = w.notes().excuse();
      ProcStat stat = ProcStat.read(w.pid());
      if (stat != null) {
        double since = w.cpuSinceLastRound(stat.cpuS());
        if (im != null) {
          spent += since;
          held += stat.stopped() ? 1 : 0;
        } else {
          others += since;
        }
      }
      Watchdog.Verdict v = dog.judge(w, now, im == null ? 0 : im.predictedS, stretch, stat, host);
      if (v != null) {
        LOG.warn(String.format("cage: watchdog kills worker %d (pid %d): %s: %s%s", w.id(), w.pid(), v.cause(), v.words(),
            v.blame() || im == null ? "" : "; no strike on image " + im.id));
        ctx.pool().kill(w, v.cause());
        lose(w, v.cause(), v.blame(), true);
      } else if (w.notes().excuse() != null && excused == null) { // said once a silence
        LOG.info(String.format("cage: worker %d (pid %d) %s", w.id(), w.pid(), w.notes().excuse()));
      }
    }
    CpuShareMeter.Spent round = new CpuShareMeter.Spent(spent, others, ctx.front().spentSinceLastRound(), held);
    cpuShare.observe(now, busy, ctx.nominalCores(), round, HostCpuTime.read(), host);
  }

}
