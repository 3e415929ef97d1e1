package helperlab.cage.supervisor;

import helperlab.cage.config.CageSizing;
import helperlab.cage.limits.CgroupLimits;
import helperlab.cage.measure.CageCalibration;
import helperlab.cage.run.CageRun;
import helperlab.cage.run.CpuShareMeter;
import helperlab.cage.store.LeaseStatus;
import helperlab.cage.worker.WorkerPool;
import helperlab.cage.worker.WorkerProcess;
import helperlab.model.DataFile;
import helperlab.model.Interference;
import helperlab.protocol.CageStatusReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The answer to {@code status}: what the cage runs, its budget and limits, its workers, and its services, as the
 * protocol's {@link CageStatusReport} (which the lab reads back).
 */
public final class StatusDocument {
  private StatusDocument() {}

  /**
   * The answer to {@code status}: built on the loop (it reads the run), then, off the loop, a dependency the loop's
   * view holds down is asked now, so one that is back shows back at once.
   */
  public static CageStatusReport answer(Supervisor sv) {
    return sv.askDependencies(sv.onLoop(StatusDocument::of));
  }

  /** Built on the supervisor's thread (it reads the run's state). */
  static CageStatusReport of(Supervisor sv) {
    CageRun run = sv.runs.current();
    WorkerPool pool = sv.pool;
    LeaseStatus l = sv.store.lease();
    return new CageStatusReport(true, ProcessHandle.current().pid(), sv.config.dataDir().toAbsolutePath().toString(),
        run.policy().id(), sv.config.scheduling().admission(), run(run),
        new CageStatusReport.Budget(sv.budget.workers(), sv.budget.byCpu(), sv.budget.byMemory(), sv.budget.reason(),
            CageSizing.perWorkerMb(sv.calibration), sv.schedulerConfig.capacityCores()),
        plan(sv, run), limits(sv.limits), sv.cage.capped(), sv.cage.status(),
        sv.cage.cpuCapped() ? sv.cage.cpuShare() : null, // below 1 while an exhibit's slowdown holds the cap lower
        sv.config.limits().maxProcesses(), pool.running(), pool.deferredCount(), workers(pool),
        run.scheduler().queuedImages(), run.unfinishedTasks(),
        new CageStatusReport.Breaker(pool.breakerOpen(), pool.breaker().trips(), pool.breaker().limit(),
            pool.breaker().windowS()),
        new CageStatusReport.Postgres(sv.store.url(), sv.checkpointer.up(), sv.checkpointer.backlog(),
            sv.checkpointer.lastError(), null, null),
        sv.storage.status(),
        // held, retaking (its session died; writes still fenced), lost
        new CageStatusReport.Lease(l.state().wire(), sv.config.identity().id(), l.epoch(), l.since().toString(),
            l.why()),
        new CageStatusReport.Redis(sv.stream.up(), sv.stream.pending(), sv.stream.lastError(),
            sv.stream.key(run.id), null, null),
        sv.launcher.cdsStatus(), sv.samplesStatus(), sv.calibration.name(), sv.calibration.measuredOnACage(),
        CageCalibration.check(sv.config.home().calibration(), sv.config.dataDir(), sv.calibration),
        sv.watchdog.memoryLimitBytes() / (1024.0 * 1024.0));
  }

  private static CageStatusReport.Run run(CageRun run) {
    Interference host = run.cpuShare.measured();
    boolean exhibit = run.isExhibit();
    return new CageStatusReport.Run(run.id, run.kind, run.startedAt.toString(), run.now(),
        DataFile.JSON.valueToTree(host), host.starved() ? host.words() : null, exhibit ? run.scenario : null,
        exhibit ? run.seed : null, exhibit ? run.exhibit().stopS : null);
  }

  /** What the run's admission plans on (none before the first run has decided it). */
  private static CageStatusReport.AdmissionPlan plan(Supervisor sv, CageRun run) {
    AdmissionCapacity a = sv.runs.admission();
    if (a == null) {
      return null;
    }
    double startup = run.scheduler().startupS();
    String coldStart = Double.isNaN(startup) ? null
        : a.coldStart(sv.calibration).words(startup, run.scheduler().startupMeasured());
    boolean exhibit = run.isExhibit();
    return new CageStatusReport.AdmissionPlan(exhibit ? a.nominalCores() : a.plannedCores(), a.nominalCores(),
        a.calibrated(), a.calibrationError(), a.cpuShare(), a.shareMeasured(), a.previousShare(),
        CpuShareMeter.WINDOW_S, a.why(), coldStart,
        exhibit ? "this exhibit plans on the nominal capacity, as the simulator does" : null);
  }

  private static CageStatusReport.Limits limits(CgroupLimits l) {
    List<CageStatusReport.Candidate> candidates = new ArrayList<>();
    for (CgroupLimits.Candidate c : l.candidates()) {
      candidates.add(new CageStatusReport.Candidate(c.what(), c.value(), c.source()));
    }
    return new CageStatusReport.Limits(l.cpus(), l.cpusFrom(), l.memoryBytes(), l.memoryFrom(), l.cgroupVersion(),
        candidates);
  }

  private static List<CageStatusReport.Worker> workers(WorkerPool pool) {
    List<CageStatusReport.Worker> ws = new ArrayList<>();
    for (WorkerProcess w : pool.all()) {
      ws.add(new CageStatusReport.Worker(w.id(), w.pid(), w.phase().name().toLowerCase(Locale.ROOT), w.task(),
          w.images().inFlight(), w.rssBytes() / (1024.0 * 1024.0), w.images().waitsForHost()));
    }
    return ws;
  }
}
