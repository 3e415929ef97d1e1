package helperlab.cage.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.image.SampleLibrary;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;

/**
 * What ctl changes about the run on: the live run's policy, and an exhibit that takes the live run's
 * place until it has played out. Used only on the supervisor's thread.
 */
final class RunSwitchboard {
  private final Supervisor sv;
  private PolicySpec livePolicy;
  private CompletableFuture<ObjectNode> exhibitDone;

  RunSwitchboard(Supervisor sv, PolicySpec livePolicy) {
    this.sv = sv;
    this.livePolicy = livePolicy;
  }

  PolicySpec livePolicy() {
    return livePolicy;
  }

  ObjectNode setPolicy(String id) {
    if (id == null || !PolicyCatalog.has(id)) {
      throw new IllegalArgumentException("unknown policy '" + id + "'; known: " + String.join(", ", PolicyCatalog.ids()));
    }
    if (sv.run.isExhibit()) {
      throw new IllegalStateException("an exhibit is running; set the policy when it ends");
    }
    PolicySpec p = PolicyCatalog.get(id);
    String before = sv.run.policy().id();
    PolicySwitch.apply(sv.run, p);
    livePolicy = p;
    ObjectNode o = DataFile.JSON.createObjectNode();
    o.put("ok", true);
    o.put("policy", id);
    o.put("was", before);
    return o;
  }

  /** Starts an exhibit (the live run ends first; it must be idle). */
  ObjectNode startExhibit(String policyId, String scenarioName, long seed, double durationS, double graceS,
      Trigger trigger, CompletableFuture<ObjectNode> done) {
    Exhibit.checkRequest(policyId, scenarioName, durationS, graceS, trigger, sv.cage.cpuCapped());
    if (sv.run.isExhibit()) {
      throw new IllegalStateException("an exhibit is already running (" + sv.run.id + ")");
    }
    if (sv.run.unfinishedTasks() > 0) {
      throw new IllegalStateException("the cage is busy with " + sv.run.unfinishedTasks()
          + " unfinished batches; start the exhibit when they are done");
    }
    SampleLibrary lib = sv.samples();
    if (lib == null) {
      throw new IllegalStateException("no sample library yet: " + sv.samplesStatus());
    }
    PolicySpec policy = PolicyCatalog.get(policyId);
    Exhibit ex = new Exhibit(ScenarioSpec.builtIn(scenarioName), seed, durationS, graceS, trigger, policy, sv.machine(),
        sv.calibration, sv.presets(), lib);
    sv.endRun();
    try {
      sv.startRun("exhibit", policy, ex, false);
    } catch (SQLException e) {
      throw new IllegalStateException(e.getMessage());
    }
    exhibitDone = done;
    return ex.startedAnswer(sv.run.id, policyId, sv.calibration, sv.runProbeMs);
  }

  /** The exhibit has played out: its record is written, the live run starts again, and a waiting ctl hears the metrics. */
  void finishExhibit() {
    RunRecord record = sv.endRun();
    CompletableFuture<ObjectNode> done = exhibitDone;
    exhibitDone = null;
    try {
      sv.startRun("live", livePolicy, null, false);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    if (done != null) {
      ObjectNode o = DataFile.JSON.createObjectNode();
      o.put("ok", true);
      o.put("run", record.id());
      o.set("metrics", DataFile.JSON.valueToTree(record.metrics()));
      if (record.recovery() != null) {
        o.set("trigger", record.trigger());
        o.set("recovery", record.recovery());
      }
      done.complete(o);
    }
  }

  /** The cage is stopping: a ctl waiting for the exhibit's end hears that it will not come. */
  void cancelExhibit() {
    if (exhibitDone != null) {
      exhibitDone.completeExceptionally(new IllegalStateException("the cage stopped"));
    }
  }
}
