package helperlab.cage.supervisor;

import helperlab.cage.config.CageConfig;
import helperlab.cage.run.CageClock;
import helperlab.cage.run.CageRun;
import helperlab.cage.run.CpuShareMeter;
import helperlab.cage.run.Exhibit;
import helperlab.cage.run.RunContext;
import helperlab.cage.run.RunLifecycle;
import helperlab.cage.store.Checkpoint;
import helperlab.cage.store.Checkpointer;
import helperlab.model.Calibration;
import helperlab.model.RunRecord;
import helperlab.policy.PolicySpec;
import helperlab.policy.SchedulerConfig;
import java.sql.SQLException;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The cage's runs one after another, on the supervisor's thread: the run on now, that run ended with its record and
 * the next one (live, or an exhibit) started in its place; the admission each live run plans on; and the checkpoint
 * being filled, handed to be written with the run's cursors.
 */
final class RunSequence implements CurrentRun {
  private final CageConfig config;
  /** What this cage is, to a scheduler, without a margin. */
  private final SchedulerConfig nominal;
  private final Supplier<Calibration> calibration;
  private final DailyProbe probe;
  private final SampleLibraryLoader samples;
  private final RunLifecycle lifecycle;
  /** The context of a run whose scheduler plans on the given configuration and fills the given checkpoint. */
  private final BiFunction<SchedulerConfig, Supplier<Checkpoint>, RunContext> contexts;
  private final Checkpointer checkpointer;
  private final CageClock clock;
  private CageRun run;
  /** What the current run's admission plans on (decided as each run starts, then after each watchdog round). */
  private volatile AdmissionCapacity admission;
  private volatile SchedulerConfig runConfig;
  /** The speed probe taken when the current run started (null when none could be). */
  private Double probeMs;
  private volatile Checkpoint checkpoint = new Checkpoint();

  /** {@code calibration} is the cage's as it is when a run starts ({@code ctl calibrate} may replace it). */
  RunSequence(CageConfig config, SchedulerConfig nominal, Supplier<Calibration> calibration, SupervisorParts parts,
      BiFunction<SchedulerConfig, Supplier<Checkpoint>, RunContext> contexts, CageClock clock) {
    this.config = config;
    this.nominal = nominal;
    this.calibration = calibration;
    this.probe = parts.probe();
    this.samples = parts.sampleLoader();
    this.lifecycle = parts.lifecycle();
    this.checkpointer = parts.checkpointer();
    this.contexts = contexts;
    this.clock = clock;
  }

  /**
   * Starts the next run. With {@code sync} a PostgreSQL away fails the start (at the cage's start); without, its row
   * goes with the next checkpoint.
   */
  void start(String kind, PolicySpec policy, Exhibit exhibit, boolean sync) throws SQLException {
    Calibration c = calibration.get();
    probeMs = probe.measure(samples.samples()); // before the run's clock starts: arrivals keep their times
    admission = AdmissionCapacity.decide(nominal.capacityCores(), c, run == null ? null : run.cpuShare.measured());
    // An exhibit plans as the simulator does, so that it stays comparable with its replay.
    runConfig = exhibit != null ? nominal : admission.applyTo(nominal);
    run = lifecycle.open(contexts.apply(runConfig, () -> checkpoint), kind, policy, exhibit, sync, checkpoint);
    if (exhibit == null && config.scheduling().admissionFollowsHost() && config.scheduling().admissionColdStart()) {
      run.scheduler().planStartup(admission.coldStart(c));
    }
  }

  @Override
  public CageRun current() {
    return run;
  }

  @Override
  public void startRun(String kind, PolicySpec policy, Exhibit exhibit) throws SQLException {
    start(kind, policy, exhibit, false);
  }

  /** Ends the current run: its workers stop, its record is written (file, PostgreSQL) and its stream closed. */
  @Override
  public RunRecord endRun() {
    RunRecord record = lifecycle.close(run, probeMs, checkpoint);
    checkpointNow();
    return record;
  }

  /**
   * Admission follows the share of its CPU the run measures it gets (after each watchdog round, which
   * measures it); an exhibit keeps the nominal capacity, as its replay in the simulator does. With
   * {@code admission_follows_host} off the run keeps the plan it began with.
   */
  @Override
  public void followHost() {
    if (admission == null || run.isExhibit() || !config.scheduling().admissionFollowsHost()) {
      return;
    }
    Calibration c = calibration.get();
    admission = admission.follow(run.cpuShare, c);
    if (run.scheduler().config().capacityCores() != admission.plannedCores()) {
      run.scheduler().replan(admission.applyTo(nominal), CpuShareMeter.WINDOW_S);
      if (config.scheduling().admissionColdStart()) {
        run.scheduler().planStartup(admission.coldStart(c));
      }
    }
  }

  @Override
  public Double probeMs() {
    return probeMs;
  }

  @Override
  public Checkpoint checkpoint() {
    return checkpoint;
  }

  @Override
  public void checkpointNow() {
    Checkpoint cp = checkpoint;
    checkpoint = new Checkpoint();
    cp.cursor(run.id, run.eventSeq(), run.sampleSeq(), clock.instant());
    checkpointer.submit(cp);
  }

  /** What the current run's admission plans on (any thread). */
  AdmissionCapacity admission() {
    return admission;
  }

  /** What the current run's scheduler is told (any thread). */
  SchedulerConfig runConfig() {
    return runConfig;
  }
}
