package helperlab.cage.supervisor;

import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.run.Exhibit;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.protocol.ctl.ExhibitEnded;
import helperlab.protocol.ctl.ExhibitStarted;
import helperlab.protocol.ctl.PolicySwitched;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * What ctl changes about the run on: the live run's policy, and an exhibit that takes the live run's
 * place until it has played out. Used only on the supervisor's thread.
 */
public final class RunSwitcher {
  private final CurrentRun runs;
  private final MachineSpec machine;
  private final PresetCatalog presets;
  private final Supplier<Calibration> calibration;
  private final SampleLibraryLoader sampleLoader;
  private final CgroupCage cage;
  private PolicySpec livePolicy;
  private CompletableFuture<ExhibitEnded> exhibitDone;

  /** {@code calibration} is the cage's as it is when an exhibit starts ({@code ctl calibrate} may replace it). */
  RunSwitcher(CurrentRun runs, MachineSpec machine, PresetCatalog presets, Supplier<Calibration> calibration,
      SampleLibraryLoader sampleLoader, CgroupCage cage, PolicySpec livePolicy) {
    this.runs = runs;
    this.machine = machine;
    this.presets = presets;
    this.calibration = calibration;
    this.sampleLoader = sampleLoader;
    this.cage = cage;
    this.livePolicy = livePolicy;
  }

  PolicySpec livePolicy() {
    return livePolicy;
  }

  public PolicySwitched setPolicy(String id) {
    if (id == null || !PolicyCatalog.has(id)) {
      throw new IllegalArgumentException("unknown policy '" + id + "'; known: " + String.join(", ", PolicyCatalog.ids()));
    }
    if (runs.current().isExhibit()) {
      throw new IllegalStateException("an exhibit is running; set the policy when it ends");
    }
    PolicySpec p = PolicyCatalog.get(id);
    String before = runs.current().policy().id();
    runs.current().switchPolicy(p);
    livePolicy = p;
    PolicySwitched o = new PolicySwitched(true, id, before);
    return o;
  }

  /** Starts an exhibit (the live run ends first; it must be idle). */
  public ExhibitStarted startExhibit(String policyId, String scenarioName, Double offeredLoad, long seed, double durationS,
      double graceS, Trigger trigger, CompletableFuture<ExhibitEnded> done) {
    Exhibit.checkRequest(policyId, scenarioName, durationS, graceS, trigger, cage.cpuCapped());
    Exhibit.checkLoad(offeredLoad);
    if (runs.current().isExhibit()) {
      throw new IllegalStateException("an exhibit is already running (" + runs.current().id + ")");
    }
    if (runs.current().unfinishedTasks() > 0) {
      throw new IllegalStateException("the cage is busy with " + runs.current().unfinishedTasks()
          + " unfinished batches; start the exhibit when they are done");
    }
    SampleLibrary lib = sampleLoader.samples();
    if (lib == null) {
      throw new IllegalStateException("no sample library yet: " + sampleLoader.status());
    }
    PolicySpec policy = PolicyCatalog.get(policyId);
    ScenarioSpec scenario = offeredLoad == null ? ScenarioSpec.builtIn(scenarioName)
        : ScenarioSpec.builtIn(scenarioName).withLoad(offeredLoad);
    Exhibit ex = new Exhibit(scenario, seed, durationS, graceS, trigger, policy, machine,
        calibration.get(), presets, lib);
    runs.endRun();
    try {
      runs.startRun("exhibit", policy, ex);
    } catch (SQLException e) {
      throw new IllegalStateException(e.getMessage());
    }
    exhibitDone = done;
    return ex.startedAnswer(runs.current().id, policyId, calibration.get(), runs.probeMs());
  }

  /** The exhibit has played out: its record is written, the live run starts again, and a waiting ctl hears the metrics. */
  void finishExhibit() {
    RunRecord record = runs.endRun();
    CompletableFuture<ExhibitEnded> done = exhibitDone;
    exhibitDone = null;
    try {
      runs.startRun("live", livePolicy, null);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    if (done != null) {
      boolean recovered = record.recovery() != null;
      done.complete(new ExhibitEnded(true, record.id(), DataFile.JSON.valueToTree(record.metrics()),
          recovered ? record.trigger() : null, recovered ? record.recovery() : null));
    }
  }

  /** The cage is stopping: a ctl waiting for the exhibit's end hears that it will not come. */
  void cancelExhibit() {
    if (exhibitDone != null) {
      exhibitDone.completeExceptionally(new IllegalStateException("the cage stopped"));
    }
  }
}
