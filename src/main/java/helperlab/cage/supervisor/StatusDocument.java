package helperlab.cage.supervisor;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.config.CageSizing;
import helperlab.cage.measure.CageCalibration;
import helperlab.cage.run.CpuShareMeter;
import helperlab.cage.worker.WorkerProcess;
import helperlab.model.DataFile;
import java.util.Locale;

/** The answer to {@code status}: what the cage runs, its budget and limits, its workers, and its services. */
public final class StatusDocument {
  private StatusDocument() {}

  /**
   * The answer to {@code status}: built on the loop (it reads the run), then, off the loop, a dependency the loop's
   * view holds down is asked now, so one that is back shows back at once.
   */
  public static ObjectNode answer(Supervisor sv) {
    ObjectNode s = sv.onLoop(StatusDocument::of);
    sv.askDependencies(s);
    return s;
  }

  /** Built on the supervisor's thread (it reads the run's state). */
  static ObjectNode of(Supervisor sv) {
    ObjectNode s = DataFile.JSON.createObjectNode();
    s.put("ok", true);
    s.put("pid", ProcessHandle.current().pid());
    s.put("data", sv.config.dataDir().toAbsolutePath().toString());
    s.put("policy", sv.runs.current().policy().id());
    s.put("admission", sv.config.admission());
    ObjectNode r = s.putObject("run");
    r.put("id", sv.runs.current().id);
    r.put("kind", sv.runs.current().kind);
    r.put("started_at", sv.runs.current().startedAt.toString());
    r.put("t", sv.runs.current().now());
    helperlab.model.Interference host = sv.runs.current().cpuShare.measured();
    r.set("interference", helperlab.model.DataFile.JSON.valueToTree(host));
    if (host.starved()) {
      r.put("starved", host.words());
    }
    if (sv.runs.current().isExhibit()) {
      r.put("scenario", sv.runs.current().scenario);
      r.put("seed", sv.runs.current().seed);
      r.put("stops_at_s", sv.runs.current().exhibit().stopS);
    }
    ObjectNode b = s.putObject("budget");
    b.put("workers", sv.budget.workers());
    b.put("by_cpu", sv.budget.byCpu());
    b.put("by_memory", sv.budget.byMemory());
    b.put("reason", sv.budget.reason());
    b.put("per_worker_mb", CageSizing.perWorkerMb(sv.calibration));
    b.put("capacity_cores", sv.schedulerConfig.capacityCores());
    AdmissionCapacity a = sv.runs.admission();
    if (a != null) {
      ObjectNode plan = s.putObject("admission_capacity");
      plan.put("planned_cores", a.plannedCores());
      plan.put("nominal_cores", a.nominalCores());
      plan.put("calibrated", a.calibrated());
      plan.put("calibration_error", a.calibrationError());
      plan.put("cpu_share", a.cpuShare());
      plan.put("share_measured", a.shareMeasured()); // false: a stand-in (previous run, run queue) until measured
      plan.put("previous_run_share", a.previousShare());
      plan.put("window_s", CpuShareMeter.WINDOW_S);
      plan.put("why", a.why());
      double startup = sv.runs.current().scheduler().startupS();
      if (!Double.isNaN(startup)) {
        plan.put("cold_start", a.coldStart(sv.calibration).words(startup, sv.runs.current().scheduler().startupMeasured()));
      }
      if (sv.runs.current().isExhibit()) {
        plan.put("exhibit", "this exhibit plans on the nominal capacity, as the simulator does");
        plan.put("planned_cores", a.nominalCores());
      }
    }
    s.set("limits", DataFile.JSON.valueToTree(sv.limits));
    s.put("capped", sv.cage.capped());
    s.put("cage", sv.cage.status());
    if (sv.cage.cpuCapped()) {
      s.put("cpu_share", sv.cage.cpuShare()); // below 1 while an exhibit's slowdown holds the cap lower
    }
    s.put("max_processes", sv.config.maxProcesses());
    s.put("processes", sv.pool.running());
    s.put("deferred_spawns", sv.pool.deferredCount());
    ArrayNode ws = s.putArray("workers");
    for (WorkerProcess w : sv.pool.all()) {
      ObjectNode o = ws.addObject();
      o.put("id", w.id());
      o.put("pid", w.pid());
      o.put("phase", w.phase().name().toLowerCase(Locale.ROOT));
      o.put("task", w.task());
      o.put("image", w.inFlight());
      o.put("rss_mb", w.rssBytes() / (1024.0 * 1024.0));
      o.put("waits_for_host", w.waitsForHost()); // the host's storage failed its image: it waits with it
    }
    s.put("queue", sv.runs.current().scheduler().queuedImages());
    s.put("unfinished_batches", sv.runs.current().unfinishedTasks());
    ObjectNode br = s.putObject("breaker");
    br.put("open", sv.pool.breakerOpen());
    br.put("trips", sv.pool.breaker().trips());
    br.put("limit", sv.pool.breaker().limit());
    br.put("window_s", sv.pool.breaker().windowS());
    ObjectNode pg = s.putObject("postgres");
    pg.put("url", sv.store.url());
    pg.put("up", sv.checkpointer.up());
    pg.put("backlog", sv.checkpointer.backlog());
    pg.put("error", sv.checkpointer.lastError());
    s.set("storage", sv.storage.json());
    ObjectNode lease = s.putObject("lease");
    helperlab.cage.store.LeaseStatus l = sv.store.lease();
    lease.put("state", l.state().wire()); // held, retaking (its session died; writes still fenced), lost
    lease.put("identity", sv.config.identity().id());
    lease.put("epoch", l.epoch());
    lease.put("since", l.since().toString());
    lease.put("why", l.why());
    ObjectNode rd = s.putObject("redis");
    rd.put("up", sv.stream.up());
    rd.put("pending", sv.stream.pending());
    rd.put("error", sv.stream.lastError());
    rd.put("stream", sv.stream.key(sv.runs.current().id));
    s.put("cds", sv.launcher.cdsStatus());
    s.put("samples", sv.samplesStatus());
    s.put("calibration", sv.calibration.name());
    s.put("calibrated", sv.calibration.measuredOnACage());
    s.set("calibration_check", CageCalibration.checkJson(sv.config.calibration(), sv.config.dataDir(), sv.calibration));
    s.put("watchdog_memory_limit_mb", sv.watchdog.memoryLimitBytes() / (1024.0 * 1024.0));
    return s;
  }
}
