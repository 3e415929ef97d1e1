package helperlab.cage.run;

import helperlab.cage.store.StoredBatch;
import helperlab.cage.worker.Watchdog;
import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerProtocol;
import helperlab.drive.Driver;
import helperlab.model.EventLog;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.MetricsAccumulator;
import helperlab.model.RunEvent;
import helperlab.model.RunMetrics;
import helperlab.model.SampleRecorder;
import helperlab.model.Samples;
import helperlab.model.Task;
import helperlab.policy.AdmissionDecision;
import helperlab.policy.AdmissionMode;
import helperlab.policy.Client;
import helperlab.policy.PolicySpec;
import helperlab.policy.Scheduler;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.Trigger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One run of the cage (live, or an exhibit), driving the pure scheduler with real time and real
 * worker processes exactly as the simulator drives it with virtual time: every input is stamped
 * with the seconds since the run began, then the scheduler's commands are drained and carried out
 * (spawn, assign, retire, task finished, dead letter). Everything that happens is reported once,
 * through the same event vocabulary, to the run's metrics, event log, samples and journal.
 * It puts the run's parts together and hands each only what it uses: who holds what is {@link RunState}'s,
 * batches come in through {@link TaskIntake}, workers are heard by {@link WorkerFrames}, the scheduler's commands
 * are carried out by {@link RealWorld}. Used only on the supervisor's thread.
 */
public final class CageRun {
  static final String END = "end-of-run";
  static final String POLICY_CHANGE = "policy-change";

  public final String id;
  public final String kind;
  public final String scenario;
  public final long seed;
  final String policyAtStart;
  final AdmissionMode admission;
  public final Instant startedAt;
  /** How much of its CPU the host left this run (measured at the watchdog's rounds). */
  public final CpuShareMeter cpuShare = new CpuShareMeter();
  private final RunContext ctx;
  private final RunClock clock;
  private final Exhibit exhibit;
  private final MetricsAccumulator metrics = new MetricsAccumulator();
  private final EventLog log = new EventLog();
  private final SampleRecorder samples = new SampleRecorder();
  private final RunJournal journal;
  private final EventSink sink;
  private final Driver driver;
  /** Who holds what: tasks, images, workers and ids, changed only through its operations. */
  private final RunState state;
  private final TaskProgress progress;
  private final TaskIntake intake;
  private final WorkerFrames frames;
  /** Plays the exhibit (null for a live run). */
  private final ExhibitPlayer player;
  /** A slowdown trigger's hold on the CPU cap (does nothing without one). */
  private final CpuSqueeze squeeze;
  /** The recovery from the exhibit's trigger, measured as it happens (null without one). */
  private final RecoveryMeter recovery;
  private PolicySpec policy;
  private Scheduler scheduler;
  private boolean stopped;

  /** {@code startedAt}: the instant its clock starts at zero (read from the cage's clock). */
  CageRun(RunContext ctx, String id, String kind, PolicySpec policy, AdmissionMode admission, Exhibit exhibit,
      Instant startedAt) {
    this.ctx = ctx;
    this.id = id;
    this.kind = kind;
    this.exhibit = exhibit;
    this.scenario = exhibit == null ? "live" : exhibit.scenario;
    this.seed = exhibit == null ? 0 : exhibit.seed;
    this.policyAtStart = policy.id();
    this.policy = policy;
    this.admission = admission;
    this.startedAt = startedAt;
    this.clock = new RunClock(startedAt, ctx.clock()::nanoTime);
    this.journal = new RunJournal(id, ctx.stream(), ctx.checkpoint());
    Trigger trigger = exhibit == null ? null : exhibit.trigger;
    this.recovery = trigger == null ? null : new RecoveryMeter(RecoveryMeter.Windows.EXHIBIT);
    this.sink = recovery == null ? EventSink.tee(metrics, log, samples, journal)
        : EventSink.tee(metrics, log, samples, journal, recovery);
    this.squeeze = new CpuSqueeze(trigger, ctx.pool().cage(), sink, ctx.cpuCapWatch());
    this.scheduler = new Scheduler(policy, ctx.schedulerConfig());
    this.state = exhibit == null ? new RunState(0, List.of()) : new RunState(exhibit.tasks.size(), exhibit.playedTasks());
    RunScheduler commands = new RunScheduler() {
      @Override
      public Scheduler current() {
        return scheduler;
      }

      @Override
      public void execute(double now) {
        driver.execute(now);
      }
    };
    Client client = exhibit == null ? null : new Client(policy.client(), state::newTaskId);
    this.progress = new TaskProgress(state, sink, ctx, client);
    this.intake = new TaskIntake(id, clock, state, sink, commands, progress, ctx);
    this.frames = new WorkerFrames(clock, state, sink, commands, progress, ctx, cpuShare);
    this.player = exhibit == null ? null : new ExhibitPlayer(exhibit, client, clock, state, sink, commands, ctx,
        ctx.config().outbox().resolve("exhibit-" + id));
    this.driver = new Driver(into -> scheduler.drainTo(into), into -> {
      if (client != null) {
        client.drainTo(into);
      }
    }, new RealWorld(state, ctx.pool(), sink, progress, player, ctx.storage()), sink);
  }

  /** Seconds since the run began: the scheduler's clock. Never goes back. */
  public double now() {
    return clock.now();
  }

  public PolicySpec policy() {
    return policy;
  }

  public Scheduler scheduler() {
    return scheduler;
  }

  public boolean isExhibit() {
    return exhibit != null;
  }

  public Exhibit exhibit() {
    return exhibit;
  }

  public RunContext context() {
    return ctx;
  }

  public int eventSeq() {
    return journal.lastEventSeq();
  }

  public int sampleSeq() {
    return journal.lastSampleSeq();
  }

  public int unfinishedTasks() {
    return scheduler.unfinishedTasks();
  }

  public CageTask taskOfBatch(long batchId) {
    return state.taskOfBatch(batchId);
  }

  /** The open batches of this run (for a GET or status). */
  Map<Integer, CageTask> tasks() {
    return state.tasks();
  }

  public int lastTaskId() {
    return state.lastTaskId();
  }

  // ---- batches in ---------------------------------------------------------------------------

  /** A live batch from the intake or the big button: admitted or refused now. */
  public AdmissionDecision offer(StoredBatch b) {
    return intake.offer(b);
  }

  /** A batch admitted before a restart (or carried over from another run): taken back without judging it again. */
  public void resume(StoredBatch b) {
    intake.resume(b);
  }

  // ---- exhibits ------------------------------------------------------------------------------

  /** Sends the exhibit's batches that are due, fires the client's timers, plays a slowdown's edges. */
  public void exhibitStep() {
    if (player == null || stopped) {
      return;
    }
    double now = clock.now();
    squeeze.step(now);
    player.step(now);
  }

  /** When the exhibit next needs the loop: an arrival, a client timer, a slowdown's edge, or its hard stop. */
  public double exhibitWakeup() {
    if (player == null || stopped) {
      return Double.POSITIVE_INFINITY;
    }
    return Math.min(player.wakeup(), squeeze.nextEdgeS());
  }

  /** The exhibit has sent everything and all of it is settled, or its time is up. */
  public boolean exhibitOver() {
    if (player == null) {
      return false;
    }
    double now = clock.now();
    boolean over = player.over(now);
    if (over) {
      squeeze.step(now); // a window the loop was too late for is still played, however briefly
    }
    return over;
  }

  // ---- workers -------------------------------------------------------------------------------

  public void onFrame(WorkerProcess w, WorkerProtocol.FromWorker m) {
    frames.onFrame(w, m);
  }

  public void onExit(WorkerProcess w, int code) {
    frames.onExit(w, code);
  }

  public void watch(Watchdog dog) {
    if (!stopped) {
      frames.watch(dog);
    }
  }

  // ---- time, samples, policy, end ---------------------------------------------------------------

  public void tickIfDue() {
    if (stopped) {
      return;
    }
    double now = clock.now();
    if (scheduler.nextWakeup() <= now) {
      scheduler.tick(now);
      driver.execute(now);
    }
  }

  public void sample() {
    if (stopped) {
      return;
    }
    double now = clock.now();
    double mb = ctx.pool().memoryBytes() / (1024.0 * 1024.0);
    sink.memory(now, mb);
    sink.sample(now, state.liveWorkers(), state.busyWorkers(), scheduler.queuedImages(), mb, metrics);
  }

  /**
   * A new policy for the rest of the run: the current workers are stopped (work in flight is lost and counted), a
   * scheduler with the new policy takes every unfinished task back, strikes and all.
   */
  public void switchPolicy(PolicySpec next) {
    double now = clock.now();
    sink.on(now, EventType.POLICY_SET, -1, -1, -1, 0, next.id());
    for (WorkerProcess w : new ArrayList<>(state.workers().values())) {
      stopWorker(w, POLICY_CHANGE, now);
    }
    state.newGeneration();
    policy = next;
    scheduler = new Scheduler(next, ctx.schedulerConfig());
    for (CageTask t : state.tasks().values()) {
      if (!t.finished() && t.openImages() > 0) {
        scheduler.resume(now, t.request(ctx.calibration()), t.strikes());
      }
    }
    driver.execute(now);
  }

  /** The host's storage is back (see {@link WorkerFrames#storageBack}). */
  public void storageBack() {
    if (!stopped) {
      frames.storageBack();
    }
  }

  /** The cage must stop writing (see {@link WorkerFrames#halt}). */
  public void halt(String cause) {
    if (!stopped) {
      frames.halt(cause);
    }
  }

  private void stopWorker(WorkerProcess w, String why, double now) {
    if (w.images().inFlight() >= 0) {
      CageTask.Image im = state.image(w.images().inFlight());
      sink.on(now, EventType.IMAGE_KILLED, w.id(), im == null ? -1 : im.task.id, w.images().inFlight(), w.cpuOnImageS(),
          why);
    }
    double startup = w.unreadyStartupCpuS();
    ctx.pool().kill(w, why);
    sink.on(now, EventType.WORKER_EXITED, w.id(), w.task(), -1, startup, why);
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
    double now = clock.now();
    squeeze.restore(now, END);
    for (WorkerProcess w : new ArrayList<>(state.workers().values())) {
      stopWorker(w, END, now);
    }
    state.dismissAll();
    if (player != null) {
      player.client().close(now);
      driver.carryOutClientActions(now);
    }
    double mb = ctx.pool().memoryBytes() / (1024.0 * 1024.0);
    sink.memory(now, mb);
    sink.sample(now, 0, 0, scheduler.queuedImages(), mb, metrics);
    stopped = true;
  }

  /**
   * What a run's record is made of: where it stands ({@code endS}, its end once stopped), its tasks as offered, its
   * events, samples and metrics, and the recovery from an exhibit's trigger (null without one).
   */
  record Story(double endS, List<Task> tasks, List<RunEvent> events, Samples samples, RunMetrics metrics,
      RecoveryMeter recovery) {}

  /** The run's story as it stands (after {@link #stop()}: all of it). */
  Story story() {
    return new Story(clock.last(), state.recordTasks(), log.events(), samples.samples(), metrics.metrics(),
        recovery);
  }

  /** Closes the run's stream with its last entry. */
  void endStream(String json) {
    journal.end(json);
  }
}
