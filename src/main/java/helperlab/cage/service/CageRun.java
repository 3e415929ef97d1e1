package helperlab.cage.service;

import helperlab.cage.events.EventStream;
import helperlab.cage.store.Checkpoint;
import helperlab.cage.store.StoredBatch;
import helperlab.cage.worker.Watchdog;
import helperlab.cage.worker.WorkerPool;
import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerProtocol;
import helperlab.drive.Driver;
import helperlab.model.Calibration;
import helperlab.model.EventLog;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.MetricsAccumulator;
import helperlab.model.SampleRecorder;
import helperlab.model.Task;
import helperlab.policy.AdmissionDecision;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicySpec;
import helperlab.policy.Scheduler;
import helperlab.policy.SchedulerConfig;
import helperlab.policy.TaskRequest;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.Trigger;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One run of the cage (live, or an exhibit), driving the pure scheduler with real time and real
 * worker processes exactly as the simulator drives it with virtual time: every input is stamped
 * with the seconds since the run began, then the scheduler's commands are drained and carried out
 * (spawn, assign, retire, task finished, dead letter). Everything that happens is reported once,
 * through the same event vocabulary, to the run's metrics, event log, samples and journal.
 * Used only on the supervisor's thread.
 */
final class CageRun {
  static final String END = "end-of-run";
  static final String POLICY_CHANGE = "policy-change";

  /**
   * What a run needs from the cage around it. {@code schedulerConfig} is what its scheduler plans on (with the
   * admission margin); {@code nominalCores} the capacity without it, against which the CPU the workers
   * wanted is counted.
   */
  record Context(CageConfig config, Calibration calibration, helperlab.model.PresetCatalog presets,
      SchedulerConfig schedulerConfig, double nominalCores, MachineSpec machine, WorkerPool pool, EventStream stream,
      Supplier<Checkpoint> checkpoint, PrintStream log, java.util.function.DoubleConsumer cpuCapWatch) {
    /** The supervisor's clock, which worker times are kept in (a run's own clock starts at zero). */
    double cage() {
      return pool.now();
    }
  }

  final String id;
  final String kind;
  final String scenario;
  final long seed;
  final String policyAtStart;
  final AdmissionMode admission;
  final Instant startedAt;
  final long t0;
  final Context ctx;
  final Exhibit exhibit;
  /** How much of its CPU the host left this run (measured at the watchdog's rounds). */
  final CpuShareMeter cpuShare = new CpuShareMeter();
  final MetricsAccumulator metrics = new MetricsAccumulator();
  final EventLog log = new EventLog();
  final SampleRecorder samples = new SampleRecorder();
  final RunJournal journal;
  final EventSink sink;
  final Driver driver;
  final WorkerFrames frames = new WorkerFrames(this);
  final ExhibitPlayer player = new ExhibitPlayer(this);
  final TaskIntake intake = new TaskIntake(this);
  final TaskProgress progress = new TaskProgress(this);
  /** A slowdown trigger's hold on the CPU cap (does nothing without one). */
  final CpuSqueeze squeeze;
  /** The recovery from the exhibit's trigger, measured as it happens (null without one). */
  final RecoveryMeter recovery;

  /** Who holds what: tasks, images, workers and ids, changed only through its operations. */
  final RunState state;
  private PolicySpec policy;
  private Scheduler scheduler;
  final OomCounter ooms;
  double lastNow;
  boolean stopped;

  CageRun(Context ctx, String id, String kind, PolicySpec policy, AdmissionMode admission, Exhibit exhibit) {
    this.ctx = ctx;
    this.id = id;
    this.kind = kind;
    this.exhibit = exhibit;
    this.scenario = exhibit == null ? "live" : exhibit.scenario;
    this.seed = exhibit == null ? 0 : exhibit.seed;
    this.policyAtStart = policy.id();
    this.policy = policy;
    this.admission = admission;
    this.startedAt = Instant.now();
    this.t0 = System.nanoTime();
    this.journal = new RunJournal(id, ctx.stream(), ctx.checkpoint());
    Trigger trigger = exhibit == null ? null : exhibit.trigger;
    this.recovery = trigger == null ? null : new RecoveryMeter(RecoveryMeter.Windows.EXHIBIT);
    this.sink = recovery == null ? EventSink.tee(metrics, log, samples, journal)
        : EventSink.tee(metrics, log, samples, journal, recovery);
    this.squeeze = new CpuSqueeze(this, trigger);
    this.driver = new Driver(into -> scheduler.drainTo(into), into -> {
      if (exhibit != null) {
        exhibit.client.drainTo(into);
      }
    }, new RealWorld(this), sink);
    this.scheduler = new Scheduler(policy, ctx.schedulerConfig());
    this.state = exhibit == null ? new RunState(0, List.of()) : new RunState(exhibit.tasks.size(), exhibit.playedTasks());
    this.ooms = new OomCounter(ctx.pool().cage());
    if (exhibit != null) {
      exhibit.client = new helperlab.policy.Client(policy.client(), state::newTaskId);
    }
  }

  /** Seconds since the run began: the scheduler's clock. Never goes back. */
  double now() {
    double t = (System.nanoTime() - t0) / 1e9;
    lastNow = Math.max(lastNow, t);
    return lastNow;
  }

  double toRunS(Instant at) {
    return (at.toEpochMilli() - startedAt.toEpochMilli()) / 1000.0;
  }

  Instant toInstant(double s) {
    return startedAt.plusNanos((long) (s * 1e9));
  }

  PolicySpec policy() {
    return policy;
  }

  Scheduler scheduler() {
    return scheduler;
  }

  boolean isExhibit() {
    return exhibit != null;
  }

  Exhibit exhibit() {
    return exhibit;
  }

  boolean stopped() {
    return stopped;
  }

  int eventSeq() {
    return journal.lastEventSeq();
  }

  int sampleSeq() {
    return journal.lastSampleSeq();
  }

  int unfinishedTasks() {
    return scheduler.unfinishedTasks();
  }

  Map<Integer, WorkerProcess> workers() {
    return state.workers();
  }

  CageTask taskOfBatch(long batchId) {
    return state.taskOfBatch(batchId);
  }

  // ---- batches in ---------------------------------------------------------------------------

  /** A live batch from the intake or the big button: admitted or refused now. */
  AdmissionDecision offer(StoredBatch b) {
    return intake.offer(b);
  }

  /** A batch admitted before a restart (or carried over from another run): taken back without judging it again. */
  void resume(StoredBatch b) {
    intake.resume(b);
  }

  int lastTaskId() {
    return state.lastTaskId();
  }

  /**
   * A new policy for the rest of the run: a scheduler of its own takes over; the caller has stopped the old
   * workers and begun a new generation.
   */
  void switchPolicy(PolicySpec next) {
    policy = next;
    scheduler = new Scheduler(next, ctx.schedulerConfig());
  }

  Task recordTask(CageTask t, double now) {
    double arrival = Math.max(0, Math.min(t.arrivalS, now));
    double deadline = Math.max(arrival + 1e-3, t.deadlineS);
    List<ImageSpec> specs = t.images.stream().map(im -> new ImageSpec(im.width, im.height)).toList();
    return new Task(t.id, arrival, t.preset, deadline, specs);
  }

  double flatWork(CageTask t) {
    Double ms = ctx.calibration().flatAverageMs().get(t.preset);
    if (ms != null) {
      return ms / 1000.0 * t.images.size();
    }
    return t.images.stream().mapToDouble(im -> im.predictedS).sum();
  }

  // ---- exhibits ------------------------------------------------------------------------------

  void exhibitStep() {
    player.exhibitStep();
  }

  double exhibitWakeup() {
    return player.exhibitWakeup();
  }

  boolean exhibitOver() {
    return player.exhibitOver();
  }

  void sendCopy(int taskId, int copy, double now) {
    player.sendCopy(taskId, copy, now);
  }

  // ---- workers -------------------------------------------------------------------------------

  void onFrame(WorkerProcess w, WorkerProtocol.FromWorker m) {
    frames.onFrame(w, m);
  }

  void onExit(WorkerProcess w, int code) {
    frames.onExit(w, code);
  }

  void watch(Watchdog dog) {
    frames.watch(dog);
  }

  void lose(WorkerProcess w, String cause, boolean blame, boolean involuntary) {
    frames.lose(w, cause, blame, involuntary);
  }

  // ---- commands --------------------------------------------------------------------------------

  /** Carries out what the scheduler (and an exhibit's client) asked, until neither has anything left. */
  void execute(double now) {
    driver.execute(now);
  }

  // ---- time, samples, policy, end ---------------------------------------------------------------

  void tickIfDue() {
    if (stopped) {
      return;
    }
    double now = now();
    if (scheduler.nextWakeup() <= now) {
      scheduler.tick(now);
      execute(now);
    }
  }

  void sample() {
    if (stopped) {
      return;
    }
    double now = now();
    int live = state.liveWorkers();
    int busy = state.busyWorkers();
    double mb = ctx.pool().memoryBytes() / (1024.0 * 1024.0);
    sink.memory(now, mb);
    sink.sample(now, live, busy, scheduler.queuedImages(), mb, metrics);
  }

  void stopWorker(WorkerProcess w, String why, double now) {
    if (w.inFlight >= 0) {
      CageTask.Image im = state.image(w.inFlight);
      sink.on(now, EventType.IMAGE_KILLED, w.id, im == null ? -1 : im.task.id, w.inFlight,
          Math.max(0, w.lastCpuS - w.cpuAtImageStart), why);
    }
    double startup = w.readyAt < 0 ? Math.max(0, w.lastCpuS) : 0;
    ctx.pool().kill(w, why);
    sink.on(now, EventType.WORKER_EXITED, w.id, w.task, -1, startup, why);
    state.release(w);
  }

  /**
   * Ends the run: stops its workers, settles an exhibit's open tasks (as the simulator does at the
   * end of a run), takes a last sample. A live run's unfinished batches stay admitted in the store
   * for the next run to take back.
   */
  void stop() {
    if (stopped) {
      return;
    }
    double now = now();
    squeeze.restore(now, END);
    for (WorkerProcess w : new ArrayList<>(state.workers().values())) {
      stopWorker(w, END, now);
    }
    state.dismissAll();
    if (exhibit != null) {
      exhibit.client.close(now);
      driver.carryOutClientActions(now);
    }
    double mb = ctx.pool().memoryBytes() / (1024.0 * 1024.0);
    sink.memory(now, mb);
    sink.sample(now, 0, 0, scheduler.queuedImages(), mb, metrics);
    stopped = true;
  }

  /** Closes the run's stream with its last entry. */
  void endStream(String json) {
    journal.end(json);
  }

  /** The open batches of this run (for a GET or status). */
  Map<Integer, CageTask> tasks() {
    return state.tasks();
  }

  TaskRequest requestOf(CageTask t) {
    return t.request(flatWork(t));
  }
}
