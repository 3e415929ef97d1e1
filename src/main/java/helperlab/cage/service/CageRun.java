package helperlab.cage.service;

import helperlab.cage.events.EventStream;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.store.Checkpoint;
import helperlab.cage.store.StoredBatch;
import helperlab.cage.worker.Watchdog;
import helperlab.cage.worker.WorkerPool;
import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerProtocol;
import helperlab.drive.Driver;
import helperlab.drive.World;
import helperlab.model.Calibration;
import helperlab.model.EventLog;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.MetricsAccumulator;
import helperlab.model.RunRecord;
import helperlab.model.SampleRecorder;
import helperlab.model.Task;
import helperlab.policy.AdmissionDecision;
import helperlab.policy.AdmissionMode;
import helperlab.policy.Command;
import helperlab.policy.PolicySpec;
import helperlab.policy.Scheduler;
import helperlab.policy.SchedulerConfig;
import helperlab.policy.TaskRequest;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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

  /** What a run needs from the cage around it. */
  record Context(CageConfig config, Calibration calibration, helperlab.model.PresetCatalog presets,
      SchedulerConfig schedulerConfig, MachineSpec machine, WorkerPool pool, EventStream stream,
      Supplier<Checkpoint> checkpoint, PrintStream log) {
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
  private final long t0;
  private final Context ctx;
  private final Exhibit exhibit;
  final MetricsAccumulator metrics = new MetricsAccumulator();
  private final EventLog log = new EventLog();
  private final SampleRecorder samples = new SampleRecorder();
  private final RunJournal journal;
  private final EventSink sink;
  private final Driver driver;

  private PolicySpec policy;
  private Scheduler scheduler;
  private int generation;
  private final Map<Integer, WorkerProcess> workers = new HashMap<>();
  private final Map<Integer, CageTask> tasks = new LinkedHashMap<>();
  private final Map<Integer, CageTask.Image> images = new HashMap<>();
  private final Map<Long, CageTask> byBatch = new HashMap<>();
  private final List<Task> recordTasks = new ArrayList<>();
  private int nextTask;
  private int nextWorker;
  private int nextLocalImage = 1;
  private long oomSeen;
  private double lastNow;
  private boolean stopped;

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
    this.sink = EventSink.tee(metrics, log, samples, journal);
    this.driver = new Driver(() -> scheduler.drain(), () -> exhibit == null ? List.of() : exhibit.client.drain(),
        new RealWorld(), sink);
    this.scheduler = new Scheduler(policy, ctx.schedulerConfig());
    this.nextTask = exhibit == null ? 0 : exhibit.tasks.size();
    this.oomSeen = oomKills();
    if (exhibit != null) {
      recordTasks.addAll(exhibit.playedTasks());
      exhibit.client = new helperlab.policy.Client(policy.client(), () -> nextTask++);
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
    return workers;
  }

  CageTask taskOfBatch(long batchId) {
    return byBatch.get(batchId);
  }

  // ---- batches in ---------------------------------------------------------------------------

  /** A live batch from the intake or the big button: admitted or refused now. */
  AdmissionDecision offer(StoredBatch b) {
    double now = now();
    CageTask t = newTask(nextTask++, b, now, toRunS(b.deadlineAt()), b.id());
    sink.on(now, EventType.SUBMITTED, -1, t.id, -1, -1, b.origin());
    AdmissionDecision d;
    if (!(t.deadlineS > now)) {
      d = AdmissionDecision.refuse(-1, "its deadline passed before it could be admitted");
    } else {
      d = scheduler.submit(now, t.request(flatWork(t)));
    }
    if (d.admitted()) {
      register(t);
      sink.on(now, EventType.ADMITTED, -1, t.id, -1, 0, null);
    } else {
      sink.on(now, EventType.REFUSED, -1, t.id, -1, d.retryAfterS(), d.reason());
      sink.on(now, EventType.TASK_TURNED_AWAY, -1, t.id, -1, 0, null);
    }
    recordTasks.add(recordTask(t, now));
    execute(now);
    return d;
  }

  int lastTaskId() {
    return nextTask - 1;
  }

  /** A batch admitted before a restart (or carried over from another run): taken back without judging it again. */
  void resume(StoredBatch b) {
    double now = now();
    CageTask t = newTask(nextTask++, b, toRunS(b.arrivedAt()), toRunS(b.deadlineAt()), b.id());
    for (int i = 0; i < b.images().size(); i++) {
      StoredBatch.StoredImage s = b.images().get(i);
      CageTask.Image im = t.images.get(i);
      im.strikes = s.strikes();
      switch (s.state()) {
        case "done" -> {
          im.state = CageTask.ImageState.DONE;
          t.done++;
        }
        case "dead" -> {
          im.state = CageTask.ImageState.DEAD;
          t.dead++;
        }
        case "cancelled" -> im.state = CageTask.ImageState.CANCELLED;
        default -> { }
      }
    }
    sink.on(now, EventType.SUBMITTED, -1, t.id, -1, -1, "recovered");
    sink.on(now, EventType.ADMITTED, -1, t.id, -1, 0, "recovered");
    recordTasks.add(recordTask(t, now));
    ctx.checkpoint().get().batchRun(b.id(), id, t.id);
    register(t);
    if (t.openImages() == 0) {
      finishTask(t, now, t.dead == 0 && now <= t.deadlineS);
    } else {
      scheduler.resume(now, t.request(flatWork(t)), t.strikes());
    }
    execute(now);
  }

  private CageTask newTask(int taskId, StoredBatch b, double arrivalS, double deadlineS, long batchId) {
    CageTask t = new CageTask(taskId, batchId, b.origin(), b.preset(), b.longEdge(), arrivalS, deadlineS,
        b.deadlineAt(), taskId);
    for (StoredBatch.StoredImage s : b.images()) {
      t.images.add(new CageTask.Image((int) s.id(), t, s.idx(), Path.of(s.source()), Path.of(s.output()), s.width(),
          s.height(), s.predictedS()));
    }
    return t;
  }

  private void register(CageTask t) {
    tasks.put(t.id, t);
    if (t.persisted()) {
      byBatch.put(t.batchId, t);
    }
    for (CageTask.Image im : t.images) {
      images.put(im.id, im);
    }
  }

  private Task recordTask(CageTask t, double now) {
    double arrival = Math.max(0, Math.min(t.arrivalS, now));
    double deadline = Math.max(arrival + 1e-3, t.deadlineS);
    List<ImageSpec> specs = t.images.stream().map(im -> new ImageSpec(im.width, im.height)).toList();
    return new Task(t.id, arrival, t.preset, deadline, specs);
  }

  private double flatWork(CageTask t) {
    Double ms = ctx.calibration().flatAverageMs().get(t.preset);
    if (ms != null) {
      return ms / 1000.0 * t.images.size();
    }
    return t.images.stream().mapToDouble(im -> im.predictedS).sum();
  }

  // ---- exhibits ------------------------------------------------------------------------------

  /** Sends the exhibit's batches that are due and fires the client's timers. */
  void exhibitStep() {
    if (exhibit == null || stopped) {
      return;
    }
    double now = now();
    for (Task t : exhibit.due(now)) {
      exhibit.client.arrive(now, t.id(), t.deadlineS());
    }
    if (exhibit.client.nextWakeup() <= now) {
      exhibit.client.tick(now);
    }
    execute(now);
  }

  /** When the exhibit next needs the loop: an arrival, a client timer, or its hard stop. */
  double exhibitWakeup() {
    if (exhibit == null || stopped) {
      return Double.POSITIVE_INFINITY;
    }
    return Math.min(Math.min(exhibit.nextArrivalS(), exhibit.client.nextWakeup()), exhibit.stopS);
  }

  /** The exhibit has sent everything and all of it is settled, or its time is up. */
  boolean exhibitOver() {
    if (exhibit == null) {
      return false;
    }
    double now = now();
    return now >= exhibit.stopS || (now >= exhibit.durationS && exhibit.allSent()
        && exhibit.client.openTasks() == 0 && scheduler.unfinishedTasks() == 0);
  }

  private void sendCopy(int taskId, int copy, double now) {
    Task t = exhibit.tasks.get(taskId);
    List<SampleLibrary.Sample> picks = exhibit.samples.get(taskId);
    int longEdge = ctx.presets().get(t.preset()).longEdge();
    CageTask c = new CageTask(copy, -1, "exhibit", t.preset(), longEdge, now, t.deadlineS(),
        toInstant(t.deadlineS()), taskId);
    Path dir = ctx.config().outbox().resolve("exhibit-" + id).resolve(Integer.toString(copy));
    for (int i = 0; i < picks.size(); i++) {
      SampleLibrary.Sample s = picks.get(i);
      Path out = dir.resolve(String.format(java.util.Locale.ROOT, "%04d_%s", i, s.file()));
      double predicted = ctx.calibration().forecastSeconds(s.megapixels(), t.preset());
      c.images.add(new CageTask.Image(nextLocalImage++, c, i, exhibit.library.path(s), out, s.width(), s.height(),
          predicted));
    }
    sink.on(now, EventType.SUBMITTED, -1, copy, -1, copy == taskId ? -1 : taskId, null);
    AdmissionDecision d = t.deadlineS() > now ? scheduler.submit(now, c.request(flatWork(c)))
        : AdmissionDecision.refuse(-1, "its deadline passed before it was sent");
    if (d.admitted()) {
      register(c);
      sink.on(now, EventType.ADMITTED, -1, copy, -1, 0, null);
      exhibit.client.admitted(now, copy);
    } else {
      sink.on(now, EventType.REFUSED, -1, copy, -1, d.retryAfterS(), d.reason());
      exhibit.client.refused(now, copy, d.retryAfterS());
    }
  }

  // ---- workers -------------------------------------------------------------------------------

  void onFrame(WorkerProcess w, helperlab.cage.worker.WorkerProtocol.FromWorker m) {
    if (w.phase == WorkerProcess.Phase.GONE || w.generation != generation || stopped
        || workers.get(w.schedulerId) != w) {
      if (m instanceof WorkerProtocol.Heartbeat || m instanceof WorkerProtocol.Hello) {
        w.lastHeartbeat = ctx.cage();
      }
      return; // retiring, killed, or from before a policy change: nothing it says changes the schedule
    }
    double now = now();
    double cage = ctx.cage();
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
      sink.on(now, EventType.WORKER_READY, w.id, w.task, -1, r.startupCpuS(), null);
      scheduler.workerReady(now, w.schedulerId);
      execute(now);
    } else if (m instanceof WorkerProtocol.Done d) {
      CageTask.Image im = images.get((int) d.image());
      if (im == null || !w.assigned.remove(im.id)) {
        return;
      }
      w.inFlight = -1;
      w.lastCpuS = d.cpuTotalS();
      im.state = CageTask.ImageState.DONE;
      im.worker = -1;
      im.task.done++;
      sink.on(now, EventType.IMAGE_DONE, w.id, im.task.id, im.id, d.cpuS(), d.alreadyPublished() ? "already published" : null);
      if (im.task.persisted()) {
        ctx.checkpoint().get().imageDone(im.id, Instant.now());
      }
      startNext(w, now); // it goes straight on with its assignment
      scheduler.imageDone(now, w.schedulerId, im.id);
      execute(now);
    } else if (m instanceof WorkerProtocol.Failed f) {
      w.killCause = "failed: " + f.reason();
      ctx.log().println("cage: worker " + w.id + " (pid " + w.pid + ") failed image " + f.image() + ": " + f.reason());
    }
  }

  /** A worker process of this run ended. Retired and already-reported ones are simply gone. */
  void onExit(WorkerProcess w, int code) {
    ctx.pool().exited(w);
    if (w.phase == WorkerProcess.Phase.RETIRING || w.phase == WorkerProcess.Phase.GONE || stopped
        || w.generation != generation || workers.get(w.schedulerId) != w) {
      return;
    }
    String cause = w.killCause != null ? w.killCause : classify(code);
    lose(w, cause, true, true);
  }

  /** Why a worker we did not kill died, from its exit code and the kernel's OOM count. */
  private String classify(int code) {
    if (code == 137 || code == 9) { // SIGKILL, not sent by us
      long ooms = oomKills();
      if (ooms > oomSeen) {
        oomSeen++;
        return MetricsAccumulator.CAUSE_OOM;
      }
      return "killed";
    }
    return "crash (exit " + code + ")";
  }

  private long oomKills() {
    CgroupCage cage = ctx.pool().cage();
    if (cage.capped()) {
      return cage.oomKills();
    }
    try {
      for (String line : Files.readAllLines(Path.of("/proc/vmstat"))) {
        if (line.startsWith("oom_kill ")) {
          return Long.parseLong(line.substring(9).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      // unknown
    }
    return 0;
  }

  /**
   * A worker is lost: its image in flight (if any) was wasted, its start-up too if it never got
   * ready; the scheduler takes its images back and strikes the one in flight.
   */
  private void lose(WorkerProcess w, String cause, boolean blame, boolean involuntary) {
    double now = now();
    w.phase = WorkerProcess.Phase.GONE;
    workers.remove(w.schedulerId);
    if (w.inFlight >= 0) {
      CageTask.Image im = images.get(w.inFlight);
      sink.on(now, EventType.IMAGE_KILLED, w.id, im == null ? -1 : im.task.id, w.inFlight,
          Math.max(0, w.lastCpuS - w.cpuAtImageStart), cause);
    }
    double lostStartup = w.readyAt < 0 ? Math.max(w.lastCpuS, 0) : 0;
    sink.on(now, EventType.WORKER_KILLED, w.id, w.task, -1, lostStartup, cause);
    boolean struck = false;
    for (int imageId : w.assigned) {
      CageTask.Image im = images.get(imageId);
      if (im != null && im.open()) {
        if (blame && !struck) {
          im.strikes++;
          struck = true;
          if (im.task.persisted()) {
            ctx.checkpoint().get().strikes(im.id, im.strikes);
          }
        }
        im.state = CageTask.ImageState.QUEUED;
        im.worker = -1;
      }
    }
    w.assigned.clear();
    w.inFlight = -1;
    if (involuntary && ctx.pool().lost()) {
      ctx.log().printf("cage: restart breaker open: more than %d workers lost in %.0f s; no new worker for %.0f s%n",
          ctx.pool().breaker().limit(), ctx.pool().breaker().windowS(), ctx.pool().breaker().windowS());
    }
    scheduler.workerLost(now, w.schedulerId, blame);
    execute(now);
  }

  /** The watchdog's round: kill what must die and report it lost. */
  void watch(Watchdog dog) {
    if (stopped) {
      return;
    }
    double now = ctx.cage();
    int busy = 0;
    for (WorkerProcess w : workers.values()) {
      if (w.inFlight >= 0) {
        busy++;
      }
    }
    double stretch = busy / Math.max(ctx.schedulerConfig().capacityCores(), 1e-9);
    for (WorkerProcess w : new ArrayList<>(workers.values())) {
      CageTask.Image im = w.inFlight >= 0 ? images.get(w.inFlight) : null;
      String cause = dog.verdict(w, now, im == null ? 0 : im.predictedS, stretch);
      if (cause != null) {
        ctx.log().printf("cage: watchdog kills worker %d (pid %d): %s%n", w.id, w.pid, cause);
        ctx.pool().kill(w, cause);
        lose(w, cause, !Watchdog.SPAWN_TIMEOUT.equals(cause), true);
      }
    }
  }

  // ---- commands --------------------------------------------------------------------------------

  /** Carries out what the scheduler (and an exhibit's client) asked, until neither has anything left. */
  private void execute(double now) {
    driver.execute(now);
  }

  /** What the scheduler's commands mean in the cage: real worker processes, files and dead letters. */
  private final class RealWorld implements World {
    @Override
    public void spawn(double now, Command.Spawn s) {
      WorkerProcess w = ctx.pool().spawn(nextWorker++, s.worker(), generation, s.task());
      workers.put(s.worker(), w);
      sink.on(now, EventType.WORKER_SPAWNED, w.id, s.task(), -1, 0, null);
    }

    @Override
    public void assign(double now, Command.Assign a) {
      WorkerProcess w = workers.get(a.worker());
      if (w == null) {
        return;
      }
      List<WorkerProtocol.Job> jobs = new ArrayList<>(a.images().size());
      for (var job : a.images()) {
        CageTask.Image im = images.get(job.id());
        im.state = CageTask.ImageState.ASSIGNED;
        im.worker = w.id;
        w.assigned.addLast(im.id);
        jobs.add(new WorkerProtocol.Job(im.id, im.source.toString(), im.output.toString(), im.task.longEdge));
      }
      w.send(jobs);
      if (w.inFlight < 0) {
        startNext(w, now); // an idle worker starts as soon as it reads its first job
      }
    }

    @Override
    public void retire(double now, Command.Retire r) {
      WorkerProcess w = workers.remove(r.worker());
      if (w == null) {
        return;
      }
      ctx.pool().retire(w);
      double startup = w.readyAt < 0 ? Math.max(0, w.lastCpuS) : 0;
      sink.on(now, EventType.WORKER_EXITED, w.id, w.task, -1, startup, r.reason());
    }

    @Override
    public void taskFinished(double now, Command.TaskFinished f) {
      CageTask t = tasks.get(f.task());
      boolean met = f.met() && t.dead == 0;
      finishTask(t, now, met);
    }

    @Override
    public void deadLetter(double now, Command.DeadLetter d) {
      CageTask.Image im = images.get(d.image().id());
      CageRun.this.deadLetter(im, d.strikes(), now);
    }

    @Override
    public void send(double now, int task, int copy) {
      sendCopy(task, copy, now);
    }
  }

  /** The worker's next assigned image begins now (it takes them in order, back to back). */
  private void startNext(WorkerProcess w, double now) {
    Integer next = w.assigned.peekFirst();
    if (next == null) {
      return;
    }
    CageTask.Image im = images.get(next);
    w.inFlight = im.id;
    w.inFlightSince = ctx.cage();
    w.cpuAtImageStart = w.lastCpuS;
    im.state = CageTask.ImageState.RUNNING;
    sink.on(now, EventType.IMAGE_STARTED, w.id, im.task.id, im.id, 0, null);
  }

  private void finishTask(CageTask t, double now, boolean met) {
    t.state = met ? "met" : "late";
    t.finishedS = now;
    if (t.persisted()) {
      ctx.checkpoint().get().batchState(t.batchId, t.state, Instant.now());
    }
    if (exhibit != null) {
      exhibit.client.finished(now, t.id, t.dead == 0);
    } else {
      sink.on(now, met ? EventType.TASK_MET : EventType.TASK_LATE, -1, t.id, -1, now - t.deadlineS,
          t.dead > 0 ? t.dead + " image(s) dead-lettered" : null);
    }
  }

  /** An image that crashed too many workers: recorded, and its file put in the dead letters. */
  private void deadLetter(CageTask.Image im, int strikes, double now) {
    im.state = CageTask.ImageState.DEAD;
    im.strikes = strikes;
    im.task.dead++;
    boolean shared = images.values().stream().anyMatch(o -> o != im && o.open() && o.source.equals(im.source));
    String moved = DeadLetters.file(im.id, im.source, ctx.config().inbox(), ctx.config().deadLetters(), shared);
    sink.on(now, EventType.IMAGE_DEAD, -1, im.task.id, im.id, strikes, null);
    if (im.task.persisted()) {
      ctx.checkpoint().get().imageDead(im.id, im.task.batchId, im.source.toString(), moved, strikes,
          "crashed " + strikes + " workers");
    }
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
    int live = 0;
    int busy = 0;
    for (WorkerProcess w : workers.values()) {
      if (w.process != null) {
        live++;
      }
      if (w.inFlight >= 0) {
        busy++;
      }
    }
    double mb = ctx.pool().memoryBytes() / (1024.0 * 1024.0);
    sink.memory(now, mb);
    sink.sample(now, live, busy, scheduler.queuedImages(), mb, metrics);
  }

  /**
   * A new policy for the rest of the run: the current workers are stopped (work in flight is lost
   * and counted), a scheduler with the new policy takes every unfinished task back, strikes and all.
   */
  void switchPolicy(PolicySpec next) {
    double now = now();
    sink.on(now, EventType.POLICY_SET, -1, -1, -1, 0, next.id());
    for (WorkerProcess w : new ArrayList<>(workers.values())) {
      stopWorker(w, POLICY_CHANGE, now);
    }
    workers.clear();
    for (CageTask.Image im : images.values()) {
      if (im.open()) {
        im.state = CageTask.ImageState.QUEUED;
        im.worker = -1;
      }
    }
    generation++;
    policy = next;
    scheduler = new Scheduler(next, ctx.schedulerConfig());
    for (CageTask t : tasks.values()) {
      if (!t.finished() && t.openImages() > 0) {
        scheduler.resume(now, t.request(flatWork(t)), t.strikes());
      }
    }
    execute(now);
  }

  private void stopWorker(WorkerProcess w, String why, double now) {
    if (w.inFlight >= 0) {
      CageTask.Image im = images.get(w.inFlight);
      sink.on(now, EventType.IMAGE_KILLED, w.id, im == null ? -1 : im.task.id, w.inFlight,
          Math.max(0, w.lastCpuS - w.cpuAtImageStart), why);
    }
    double startup = w.readyAt < 0 ? Math.max(0, w.lastCpuS) : 0;
    ctx.pool().kill(w, why);
    sink.on(now, EventType.WORKER_EXITED, w.id, w.task, -1, startup, why);
    w.assigned.clear();
    w.inFlight = -1;
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
    for (WorkerProcess w : new ArrayList<>(workers.values())) {
      stopWorker(w, END, now);
    }
    workers.clear();
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

  /** The run's record, in the same format the simulator writes. */
  RunRecord record(Double speedProbeMs) {
    double end = lastNow;
    double duration = exhibit != null ? exhibit.durationS : end;
    String host;
    try {
      host = java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      host = "unknown";
    }
    return new RunRecord(RunRecord.FORMAT, id, RunRecord.KIND_REAL, policyAtStart, scenario, ctx.machine(), seed,
        admission.id(), ctx.calibration(), speedProbeMs, duration, recordTasks, log.events(), samples.samples(),
        metrics.metrics(), null, startedAt.toString(), host, exhibit != null ? exhibit.stopS : null);
  }

  /** The open batches of this run (for a GET or status). */
  Map<Integer, CageTask> tasks() {
    return tasks;
  }

  TaskRequest requestOf(CageTask t) {
    return t.request(flatWork(t));
  }
}
