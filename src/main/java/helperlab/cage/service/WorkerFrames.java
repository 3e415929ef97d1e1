package helperlab.cage.service;

import helperlab.cage.worker.HostLoad;
import helperlab.cage.worker.ProcStat;
import helperlab.cage.worker.Watchdog;
import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerProtocol;
import helperlab.model.EventType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;

/** What a run's workers tell it (frames), how they end (exits), and the watchdog's round over them. */
final class WorkerFrames {
  private final CageRun run;

  WorkerFrames(CageRun run) {
    this.run = run;
  }

  void onFrame(WorkerProcess w, helperlab.cage.worker.WorkerProtocol.FromWorker m) {
    if (run.stopped || !run.state.isCurrent(w)) {
      if (m instanceof WorkerProtocol.Heartbeat || m instanceof WorkerProtocol.Hello) {
        w.lastHeartbeat = run.ctx.cage();
      }
      return; // retiring, killed, or from before a policy change: nothing it says changes the schedule
    }
    double now = run.now();
    double cage = run.ctx.cage();
    if (m instanceof WorkerProtocol.Hello) {
      w.helloAt = cage;
      w.lastHeartbeat = cage;
    } else if (m instanceof WorkerProtocol.Heartbeat h) {
      w.lastHeartbeat = cage;
      w.lastCpuS = h.cpuS();
    } else if (m instanceof WorkerProtocol.Ready r) {
      w.readyAt = cage;
      w.lastHeartbeat = cage;
      w.phase = WorkerProcess.Phase.READY;
      w.startupCpuS = r.startupCpuS();
      w.lastCpuS = r.startupCpuS();
      run.sink.on(now, EventType.WORKER_READY, w.id, w.task, -1, r.startupCpuS(), null);
      run.scheduler().workerReady(now, w.schedulerId);
      run.execute(now);
    } else if (m instanceof WorkerProtocol.Done d) {
      CageTask.Image im = run.state.imageDone(w, (int) d.image());
      if (im == null) {
        return;
      }
      w.lastCpuS = d.cpuTotalS();
      run.sink.on(now, EventType.IMAGE_DONE, w.id, im.task.id, im.id, d.cpuS(), d.alreadyPublished() ? "already published" : null);
      if (im.task.persisted()) {
        run.ctx.checkpoint().get().imageDone(im.id, Instant.now());
      }
      run.progress.startNext(w, now); // it goes straight on with its assignment
      run.scheduler().imageDone(now, w.schedulerId, im.id);
      run.execute(now);
    } else if (m instanceof WorkerProtocol.Failed f && f.inputGone()) {
      CageTask.Image im = run.state.inputGone(w, (int) f.image());
      if (im == null) {
        return;
      }
      run.progress.inputGone(im, f.reason(), now);
      run.progress.startNext(w, now);
      run.scheduler().imageFailed(now, w.schedulerId, im.id);
      run.execute(now);
    } else if (m instanceof WorkerProtocol.Failed f) {
      w.killCause = "failed: " + f.reason();
      run.ctx.log().println("cage: worker " + w.id + " (pid " + w.pid + ") failed image " + f.image() + ": " + f.reason());
    }
  }
  /** The half-written output a dead worker leaves (".name.tmp-PID"), removed as soon as it is known dead. */
  private void removeTempOutput(WorkerProcess w) {
    if (w.halfWritten == null || w.pid <= 0) {
      return;
    }
    Path tmp = w.halfWritten.resolveSibling("." + w.halfWritten.getFileName() + ".tmp-" + w.pid);
    try {
      Files.deleteIfExists(tmp);
    } catch (IOException e) {
      run.ctx.log().println("cage: cannot remove " + tmp + " of dead worker " + w.id + ": " + e.getMessage());
    }
    w.halfWritten = null;
  }

  /** A worker process of this run ended. Retired and already-reported ones are simply gone. */
  void onExit(WorkerProcess w, int code) {
    run.ctx.pool().exited(w);
    try {
      if (w.phase == WorkerProcess.Phase.RETIRING || run.stopped || !run.state.isCurrent(w)) {
        return;
      }
      String cause = w.killCause != null ? w.killCause : run.ooms.causeOfExit(code);
      // A SIGKILL that neither we nor the kernel's OOM killer sent came from outside (an operator, the
      // host): the image in flight did nothing to earn a strike.
      run.lose(w, cause, !OomCounter.KILLED_FROM_OUTSIDE.equals(cause), true);
    } finally {
      removeTempOutput(w); // the process is gone: nothing writes to it any more
    }
  }
  /**
   * A worker is lost: its image in flight (if any) was wasted, its start-up too if it never got
   * ready; the scheduler takes its images back and strikes the one in flight.
   */
  void lose(WorkerProcess w, String cause, boolean blame, boolean involuntary) {
    double now = run.now();
    int inFlightId = w.inFlight;
    RunState.Lost lost = run.state.lose(w, cause, blame);
    if (inFlightId >= 0) {
      CageTask.Image im = lost.inFlight();
      w.halfWritten = im == null ? null : im.output;
      run.sink.on(now, EventType.IMAGE_KILLED, w.id, im == null ? -1 : im.task.id, inFlightId,
          Math.max(0, w.lastCpuS - w.cpuAtImageStart), cause);
    }
    double lostStartup = w.readyAt < 0 ? Math.max(w.lastCpuS, 0) : 0;
    run.sink.on(now, EventType.WORKER_KILLED, w.id, w.task, -1, lostStartup, cause);
    if (lost.struck() != null && lost.struck().task.persisted()) {
      run.ctx.checkpoint().get().strikes(lost.struck().id, lost.struck().strikes);
    }
    if (involuntary && run.ctx.pool().lost()) {
      run.ctx.log().printf("cage: restart breaker open: more than %d workers lost in %.0f s; no new worker for %.0f s%n",
          run.ctx.pool().breaker().limit(), run.ctx.pool().breaker().windowS(), run.ctx.pool().breaker().windowS());
    }
    run.scheduler().workerLost(now, w.schedulerId, blame);
    run.execute(now);
  }
  /**
   * The watchdog's round: kill what must die and report it lost. Each worker is judged with what the
   * kernel says of it now, so one that is silent because the host paused or starved it lives on (said
   * once in the log), and a kill the image did not cause is no strike on it.
   */
  void watch(Watchdog dog) {
    if (run.stopped) {
      return;
    }
    double now = run.ctx.cage();
    int busy = run.state.busyWorkers();
    double stretch = busy / Math.max(run.ctx.nominalCores(), 1e-9);
    HostLoad host = HostLoad.read();
    double spent = 0;
    for (WorkerProcess w : new ArrayList<>(run.state.workers().values())) {
      CageTask.Image im = w.inFlight >= 0 ? run.state.image(w.inFlight) : null;
      String excused = w.excuse;
      ProcStat stat = ProcStat.read(w.pid);
      if (stat != null) {
        if (im != null && w.cpuSeenS >= 0) {
          spent += Math.max(0, stat.cpuS() - w.cpuSeenS);
        }
        w.cpuSeenS = stat.cpuS();
      }
      Watchdog.Verdict v = dog.judge(w, now, im == null ? 0 : im.predictedS, stretch, stat, host);
      if (v != null) {
        run.ctx.log().printf("cage: watchdog kills worker %d (pid %d): %s: %s%s%n", w.id, w.pid, v.cause(), v.words(),
            v.blame() || im == null ? "" : "; no strike on image " + im.id);
        run.ctx.pool().kill(w, v.cause());
        run.lose(w, v.cause(), v.blame(), true);
      } else if (w.excuse != null && excused == null) { // said once a silence
        run.ctx.log().printf("cage: worker %d (pid %d) %s%n", w.id, w.pid, w.excuse);
      }
    }
    run.cpuShare.observe(now, busy, run.ctx.nominalCores(), spent, host);
  }

}
