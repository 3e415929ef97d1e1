package helperlab.sim;

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
import helperlab.policy.Client;
import helperlab.drive.Driver;
import helperlab.drive.World;
import helperlab.policy.Command;
import helperlab.policy.ImageJob;
import helperlab.policy.Scheduler;
import helperlab.policy.TaskRequest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * The discrete-event simulator: it feeds a scenario's batches through the client model and the
 * scheduler, carries out the scheduler's commands on the machine model (processor sharing,
 * contention, spawn and warm-up, memory and OOM kills), and reports every event to the metrics
 * (and, when recording, to the run's event log and samples). Time is virtual.
 *
 * <p>Batch use: {@link #run()}. Live use (the lab): {@link #advanceTo} in steps of virtual time,
 * {@link #press} to send a batch now, {@link #trigger} to start a trigger now, {@link #finish()} to end; an observer sink sees every event
 * and sample as it happens.
 */
public final class Simulation {
  private static final double NO_LIMIT = 0;
  private static final String END = "end-of-run";
  /** How far past the limit growing images go before the OOM killer strikes (past rounding). */
  private static final double OVER_LIMIT_MB = 1e-6;

  private final SimSetup setup;
  private final Scheduler scheduler;
  private final Client client;
  private final Machine machine;
  private final PhaseHeap heap = new PhaseHeap();
  private final MetricsAccumulator metrics = new MetricsAccumulator();
  private final EventLog log;
  private final SampleRecorder samples;
  private final EventSink sink;
  private final Driver driver;

  private final double spawnWork;
  private final double warmupWork;
  private final double privateMb;
  private final double helloMb;
  private final double sharedMb;
  /** Memory a worker holds above idle once it has resized an image, by the image's megapixels. */
  private final DoubleUnaryOperator imageMb;
  private final double memoryLimit;
  private final MemoryRamp ramp = MemoryRamp.MEASURED;
  /** The highest memory reported so far: an upper bound below it cannot make a new peak. */
  private double peakReported;
  private final double speed;
  private final boolean sampling;
  /** Whether a sink reads a refusal's reason (none in a sweep: it is then never put into words). */
  private final boolean refusalWords;
  /** The run's trigger, null when there is none (or it is of size 0: then nothing may differ). */
  private Trigger trigger;
  /** A live spike's extra batches still to come, in arrival order (see {@link #trigger}). */
  private final ArrayDeque<Task> spikeBatches = new ArrayDeque<>();
  /** Slowdown edges carried out so far: 0 none, 1 the co-tenant arrived, 2 it left. */
  private int slowdownEdges;

  private final List<Proc> procs = new ArrayList<>();
  private final List<Proc> live = new ArrayList<>();
  /** The scenario's tasks, in arrival order. */
  private final List<Task> arrivals;
  private final double[] arrivalS;
  /** Tasks by id: the scenario's, then pressed ones (retry copies take ids but have no entry). */
  private final List<Task> taskById;
  private final List<List<ImageJob>> jobsById;
  private double[] flatById;
  private int nextTaskId;
  /** Per image id: megapixels and true work; copied on first write (retry copies, pressed batches). */
  private double[] imageMp;
  private double[] imageWork;
  private boolean ownImageArrays;
  private int images;
  private double memory;
  private double now;
  private long steps;
  private int nextArrival;
  private double nextSample;
  private int sameTimeSteps;
  private double lastTime = -1;
  private boolean finished;

  private enum Phase { SPAWNING, WARMING, IDLE, RUNNING, GONE }

  private static final class Proc {
    final int id;
    /** The task it works for (a helper handed over on yield changes task); -1 for a pool worker. */
    int task;
    Phase phase = Phase.SPAWNING;
    /**
     * Private memory it holds apart from images: none while its JVM starts, the JVM's own at hello,
     * all of it once the warm-up has compiled and allocated.
     */
    double privateHeldMb;
    int epoch;
    double cpuStart;
    double startupCpu;
    final ArrayDeque<ImageJob> queue = new ArrayDeque<>();
    ImageJob current;
    /** Images it has started: a fresh worker's first ones cost more (its JIT is still compiling). */
    int imagesStarted;
    /**
     * Image memory it holds: the high-water mark of its images, kept until it exits, because a JVM
     * does not give back the heap a large image grew.
     */
    double heldImageMb;
    /** The image it is resizing: what it held before it, and where the progress clock stood at its start. */
    double imageFromMb;
    double imageStartProgress;
    double imageWork;

    Proc(int id, int task) {
      this.id = id;
      this.task = task;
    }
  }

  public Simulation(SimSetup setup) {
    this(setup, new Workload(setup.tasks(), setup.calibration(), setup.machine().speedOrDefault(), setup.workFactor()), null);
  }

  /** A run whose events and samples are also shown to {@code observer} as they happen (live charts). */
  public Simulation(SimSetup setup, EventSink observer) {
    this(setup, new Workload(setup.tasks(), setup.calibration(), setup.machine().speedOrDefault(), setup.workFactor()), observer);
  }

  /** A run on a workload already computed for the same tasks, calibration and machine speed. */
  Simulation(SimSetup setup, Workload workload) {
    this(setup, workload, null);
  }

  /** A run on a shared workload whose events and samples are also shown to {@code observer} (a sweep's meters). */
  Simulation(SimSetup setup, Workload workload, EventSink observer) {
    this.setup = setup;
    this.arrivals = setup.tasks();
    this.arrivalS = workload.arrivalS;
    if (arrivalS.length != arrivals.size()) {
      throw new IllegalArgumentException("the workload is of " + arrivalS.length + " tasks, the run's of " + arrivals.size());
    }
    this.taskById = new ArrayList<>(arrivals);
    this.jobsById = new ArrayList<>(workload.jobs);
    this.flatById = workload.flatWork;
    this.nextTaskId = arrivals.size();
    this.scheduler = new Scheduler(setup.policy(), setup.schedulerConfig());
    this.client = new Client(setup.policy().client(), () -> nextTaskId++);
    MachineSpec m = setup.machine();
    Calibration c = setup.calibration();
    this.speed = m.speedOrDefault();
    this.machine = new Machine(m.cores(), speed, setup.contention(), c.startupParallelism());
    this.spawnWork = m.spawnCpuS(c) * setup.workFactor();
    this.warmupWork = m.warmupCpuS(c) * setup.workFactor();
    this.privateMb = m.workerPrivateMb(c);
    this.helloMb = Math.min(c.helloMb(), privateMb);
    this.sharedMb = m.workerSharedMb(c);
    this.imageMb = m.hasImageMbPerMp() ? mp -> m.imageMbPerMp(c) * mp : c::imageMb;
    this.memoryLimit = m.hasMemoryLimit() ? m.memoryMb() : NO_LIMIT;
    List<EventSink> sinks = new ArrayList<>(List.of(metrics));
    if (setup.record()) {
      this.log = new EventLog();
      this.samples = new SampleRecorder();
      sinks.add(log);
      sinks.add(samples);
    } else {
      this.log = null;
      this.samples = null;
    }
    if (observer != null) {
      sinks.add(observer);
    }
    this.sink = sinks.size() == 1 ? metrics : EventSink.tee(sinks.toArray(EventSink[]::new));
    this.driver = new Driver(scheduler::drain, client::drain, new SimulatedWorld(), sink);
    this.sampling = samples != null || observer != null;
    this.refusalWords = sink.readsRefusalReasons();
    this.nextSample = sampling ? 0 : Double.POSITIVE_INFINITY;
    this.images = workload.imageCount();
    this.imageMp = workload.megapixels;
    this.imageWork = workload.trueWork;
    this.trigger = setup.trigger() == null || setup.trigger().isNone() ? null : setup.trigger();
  }

  // ---- driving ----------------------------------------------------------------------------------

  /** Runs the scenario to the end (all arrivals served, or the horizon) and returns the result. */
  public SimResult run() {
    double horizon = setup.durationS() + Math.max(600, setup.durationS());
    while (!quiescent() && step(horizon)) {
      // one event per step
    }
    return finish();
  }

  /**
   * Runs until everything is served or the hard stop {@code stopS}, whichever comes first; at the
   * stop, what is still running is stopped and open tasks settle, as a cage exhibit's hard stop does.
   */
  public SimResult runUntil(double stopS) {
    while (!quiescent() && step(stopS)) {
      // one event per step
    }
    if (!quiescent() && stopS > now) {
      advanceTo(stopS);
    }
    return finish();
  }

  /**
   * Processes every event up to virtual time {@code until} and moves the clock there (live use; the
   * run goes on past its scenario's end, idle, until {@link #finish()}).
   */
  public void advanceTo(double until) {
    if (finished) {
      throw new IllegalStateException("the run is finished");
    }
    while (step(until)) {
      // one event per step
    }
    if (until > now) {
      machine.advanceTo(until);
      now = until;
    }
  }

  /**
   * Sends a batch now (the big helper button): same images and deadline window as {@code batch},
   * arriving at the current time. Returns its task id.
   */
  public int press(Task batch) {
    if (finished) {
      throw new IllegalStateException("the run is finished");
    }
    return arriveNow(batch);
  }

  /**
   * Live use: a trigger from {@code t.atS()} (not before the run's clock) for its duration, as if the
   * scenario had carried it: a slowdown or cost jump changes the machine from then; a spike sends
   * {@code spikeBatches} (batches drawn from the scenario's mix, arriving within the window, e.g.
   * {@link ArrivalGenerator#spikeBatches}) on top of the scenario's arrivals. A trigger of size 0
   * changes nothing. One trigger at a time: a new one may start once the last one has ended.
   */
  public void trigger(Trigger t, List<Task> spikeBatches) {
    if (finished) {
      throw new IllegalStateException("the run is finished");
    }
    if (t.atS() < now) {
      throw new IllegalArgumentException("a trigger cannot start in the past: it starts at t=" + t.atS()
          + " s but the run is at t=" + now + " s");
    }
    if (trigger != null && trigger.endS() > t.atS()) {
      throw new IllegalStateException("a " + trigger.label() + " trigger runs until t=" + trigger.endS()
          + " s; a new one may start after it");
    }
    for (Task b : spikeBatches) {
      if (t.kind() != Trigger.Kind.SPIKE || !t.activeAt(b.arrivalS())) {
        throw new IllegalArgumentException("spike batches must arrive within a spike's window ["
            + t.atS() + ", " + t.endS() + ") s; one arrives at " + b.arrivalS() + " s");
      }
    }
    if (t.isNone()) {
      return;
    }
    trigger = t;
    slowdownEdges = 0;
    spikeBatches.stream().sorted(java.util.Comparator.comparingDouble(Task::arrivalS)).forEach(this.spikeBatches::add);
  }

  /** A batch arriving now with the same images and deadline window as {@code batch}; returns its task id. */
  private int arriveNow(Task batch) {
    int id = nextTaskId++;
    Task task = new Task(id, now, batch.preset(), now + batch.windowS(), batch.images());
    while (taskById.size() <= id) {
      taskById.add(null);
      jobsById.add(null);
    }
    taskById.set(id, task);
    List<ImageJob> jobs = new ArrayList<>(task.images().size());
    for (ImageSpec image : task.images()) {
      double cost = setup.calibration().forecastSeconds(image.megapixels(), task.preset());
      int imageId = addImage(image.megapixels(), setup.calibration().trueSeconds(image, task.preset()) * image.noise() * setup.workFactor());
      jobs.add(new ImageJob(imageId, id, cost / speed));
    }
    jobsById.set(id, List.copyOf(jobs));
    if (flatById.length <= id) {
      flatById = Arrays.copyOf(flatById, Math.max(id + 1, flatById.length * 2));
    }
    flatById[id] = setup.calibration().flatMillis(task.preset()) / 1000.0 / speed * task.images().size();
    client.arrive(now, id, task.deadlineS());
    execute();
    return id;
  }

  /** The trigger in force or last run (null when none), as started by the scenario or {@link #trigger}. */
  public Trigger currentTrigger() {
    return trigger;
  }

  /** Ends the run: stops what is still running, settles open tasks, and returns the result. */
  public SimResult finish() {
    if (!finished) {
      finished = true;
      stopEverything();
    }
    List<Task> tasks = taskById.stream().filter(t -> t != null).toList();
    return new SimResult(setup, metrics.metrics(), log == null ? List.of() : log.events(),
        samples == null ? null : samples.samples(), steps, machine.cpuTotal(), now, tasks);
  }

  public double now() {
    return now;
  }

  public int liveWorkers() {
    return live.size();
  }

  public int busyWorkers() {
    return machine.runnable();
  }

  public int queuedImages() {
    return scheduler.queuedImages();
  }

  /** The workers' resident memory now, running images grown as far as their progress. */
  public double memoryMb() {
    return residentMb();
  }

  public MetricsAccumulator totals() {
    return metrics;
  }

  public SimSetup setup() {
    return setup;
  }

  /** The scenario has delivered all its batches and nothing is left in the system. */
  public boolean quiescent() {
    return nextArrival >= arrivals.size() && scheduler.unfinishedTasks() == 0 && client.openTasks() == 0;
  }

  // ---- the event loop ---------------------------------------------------------------------------

  /** Handles the next event if it is due by {@code until}; false if there is none by then. */
  private boolean step(double until) {
    double tProc = nextCompletion();
    double tTask = nextArrival < arrivalS.length ? arrivalS[nextArrival] : Double.POSITIVE_INFINITY;
    double tSched = scheduler.nextWakeup();
    double tClient = client.nextWakeup();
    double tTrigger = nextSlowdownEdge();
    double tSpike = spikeBatches.isEmpty() ? Double.POSITIVE_INFINITY : spikeBatches.peekFirst().arrivalS();
    double t = Math.min(Math.min(Math.min(tProc, tTask), Math.min(Math.min(tSched, tClient), nextSample)),
        Math.min(tTrigger, tSpike));
    double tMemory = nextMemoryCrossing();
    boolean memoryStep = tMemory < t;
    t = Math.min(t, tMemory);
    if (t > until || t == Double.POSITIVE_INFINITY) {
      return false;
    }
    t = Math.max(t, now);
    sameTimeSteps = t == lastTime ? sameTimeSteps + 1 : 0;
    if (sameTimeSteps > 1_000_000) {
      throw new IllegalStateException("simulation stuck at t=" + t + " (" + setup.policy().id() + ")");
    }
    lastTime = t;
    machine.advanceTo(t);
    now = t;
    steps++;
    if (overMemory()) {
      // growing images crossed the limit since the last event: the kernel kills before anything else
      // happens, and the next step looks again at what is due
      killWhileOverMemory();
      execute();
      return true;
    }
    if (memoryStep) {
      return true; // the growing images reached the limit's edge but, by rounding, not past it
    }
    if (t == tTrigger) {
      // the co-tenant comes or goes: every running process carries on at the new rate
      slowdownEdges++;
      machine.setCpuLeft(trigger.cpuLeftAt(t));
    } else if (t == tProc) {
      complete();
    } else if (t == tSpike) {
      arriveNow(spikeBatches.pollFirst());
      return true; // arriving ran the scheduler already
    } else if (t == tTask) {
      Task task = arrivals.get(nextArrival++);
      client.arrive(now, task.id(), task.deadlineS());
    } else if (t == tSched) {
      scheduler.tick(now);
    } else if (t == tClient) {
      client.tick(now);
    } else {
      sink.sample(now, live.size(), machine.runnable(), scheduler.queuedImages(), residentMb(), metrics);
      nextSample += setup.sampleEveryS();
    }
    execute();
    return true;
  }

  private double nextSlowdownEdge() {
    if (trigger == null || trigger.kind() != Trigger.Kind.SLOWDOWN || slowdownEdges >= 2) {
      return Double.POSITIVE_INFINITY;
    }
    return slowdownEdges == 0 ? trigger.atS() : trigger.endS();
  }

  private int addImage(double megapixels, double work) {
    if (!ownImageArrays) {
      imageMp = Arrays.copyOf(imageMp, Math.max(16, images * 2));
      imageWork = Arrays.copyOf(imageWork, Math.max(16, images * 2));
      ownImageArrays = true;
    } else if (images == imageMp.length) {
      imageMp = Arrays.copyOf(imageMp, images * 2);
      imageWork = Arrays.copyOf(imageWork, images * 2);
    }
    imageMp[images] = megapixels;
    imageWork[images] = work;
    return images++;
  }

  private double nextCompletion() {
    while (!heap.isEmpty()) {
      Proc p = procs.get(heap.topProc());
      if (p.epoch == heap.topEpoch() && p.phase != Phase.GONE && p.phase != Phase.IDLE) {
        return machine.timeToReach(heap.topKey());
      }
      heap.pop();
    }
    return Double.POSITIVE_INFINITY;
  }

  private void complete() {
    Proc p = procs.get(heap.topProc());
    heap.pop();
    double cpu = stopRunning(p);
    switch (p.phase) {
      case SPAWNING -> {
        p.startupCpu += cpu;
        hold(p, helloMb);
        run(p, Phase.WARMING, warmupWork);
      }
      case WARMING -> {
        p.startupCpu += cpu;
        p.phase = Phase.IDLE;
        hold(p, privateMb);
        sink.on(now, EventType.WORKER_READY, p.id, p.task, -1, p.startupCpu, null);
        scheduler.workerReady(now, p.id);
      }
      case RUNNING -> {
        ImageJob done = p.current;
        p.current = null;
        p.phase = Phase.IDLE;
        sink.on(now, EventType.IMAGE_DONE, p.id, done.task(), done.id(), cpu, null);
        startNext(p); // the worker goes straight on with its assignment
        scheduler.imageDone(now, p.id, done.id());
      }
      default -> throw new IllegalStateException("process " + p.id + " completed in phase " + p.phase);
    }
  }

  private void hold(Proc p, double privateMb) {
    memory += privateMb - p.privateHeldMb;
    p.privateHeldMb = privateMb;
  }

  private void run(Proc p, Phase phase, double work) {
    p.phase = phase;
    p.cpuStart = machine.cpuClock();
    p.epoch++;
    boolean startingUp = startingUp(p);
    machine.addRunnable(startingUp);
    heap.push(machine.progress() + work / machine.weight(startingUp), p.id, p.epoch);
  }

  private static boolean startingUp(Proc p) {
    return p.phase == Phase.SPAWNING || p.phase == Phase.WARMING;
  }

  /** Takes a runnable process off the CPU; returns the CPU it used in its current phase. */
  private double stopRunning(Proc p) {
    boolean startingUp = startingUp(p);
    double cpu = machine.weight(startingUp) * (machine.cpuClock() - p.cpuStart);
    machine.removeRunnable(startingUp);
    return cpu;
  }

  private void startNext(Proc p) {
    ImageJob next = p.queue.pollFirst();
    if (next == null) {
      return;
    }
    p.current = next;
    p.imageFromMb = p.heldImageMb;
    double needs = imageMb.applyAsDouble(imageMp[next.id()]);
    if (needs > p.heldImageMb) {
      memory += needs - p.heldImageMb;
      p.heldImageMb = needs;
    }
    sink.on(now, EventType.IMAGE_STARTED, p.id, next.task(), next.id(), 0, null);
    double work = imageWork[next.id()] * setup.calibration().workerImageFactor(p.imagesStarted++);
    if (trigger != null) {
      work *= trigger.costFactorAt(now);
    }
    p.imageStartProgress = machine.progress();
    p.imageWork = work;
    run(p, Phase.RUNNING, work);
  }

  /** Carries out what the scheduler and the client asked for, until neither has anything left. */
  private void execute() {
    driver.execute(now);
    reportMemory();
  }

  /**
   * Reports the memory held now. {@code memory} charges every running image all it will need, an upper
   * bound; the resident total (images grown as far as their progress) is worked out only when that bound
   * could make a new peak.
   */
  private void reportMemory() {
    double mb = memory > peakReported ? residentMb() : memory;
    peakReported = Math.max(peakReported, mb);
    sink.memory(now, mb);
  }

  /** The workers' resident memory now: {@code memory} less what running images have yet to grow. */
  private double residentMb() {
    if (!ramp.gradual()) {
      return memory;
    }
    double mb = memory;
    for (Proc p : live) {
      if (p.phase == Phase.RUNNING) {
        mb -= p.heldImageMb - residentImageMb(p);
      }
    }
    return mb;
  }

  /** The image memory a worker holds now, its current image grown as far as its progress. */
  private double residentImageMb(Proc p) {
    if (p.phase != Phase.RUNNING || !ramp.gradual()) {
      return p.heldImageMb;
    }
    double share = p.imageWork > 0 ? (machine.progress() - p.imageStartProgress) * machine.weight(false) / p.imageWork : 1;
    return ramp.imageMb(p.imageFromMb, p.heldImageMb, share);
  }

  /** What the scheduler's commands mean on the simulated machine. */
  private final class SimulatedWorld implements World {
    @Override
    public void settle(double at) {
      killWhileOverMemory();
    }

    @Override
    public void assign(double at, Command.Assign a) {
      Proc p = procs.get(a.worker());
      if (p.phase == Phase.GONE) {
        return; // killed in the same instant; the scheduler already took its images back
      }
      List<ImageJob> images = a.images();
      for (int i = 0; i < images.size(); i++) { // by index: addAll would go through an iterator and a lambda
        p.queue.addLast(images.get(i));
      }
      if (p.phase == Phase.IDLE) {
        startNext(p);
      }
    }

    @Override
    public void spawn(double at, Command.Spawn s) {
      Proc p = new Proc(s.worker(), s.task());
      if (p.id != procs.size()) {
        throw new IllegalStateException("worker ids must be sequential");
      }
      procs.add(p);
      if (live.isEmpty()) {
        memory += sharedMb;
      }
      live.add(p);
      sink.on(now, EventType.WORKER_SPAWNED, p.id, p.task, -1, 0, null);
      run(p, Phase.SPAWNING, spawnWork);
    }

    @Override
    public void handover(double at, Command.Handover h) {
      procs.get(h.worker()).task = h.task();
    }

    @Override
    public void retire(double at, Command.Retire r) {
      Proc p = procs.get(r.worker());
      if (p.phase == Phase.GONE) {
        return;
      }
      remove(p);
      sink.on(now, EventType.WORKER_EXITED, p.id, p.task, -1, 0, r.reason());
    }

    @Override
    public void taskFinished(double at, Command.TaskFinished f) {
      client.finished(now, f.task(), f.deadImages() == 0);
    }

    @Override
    public void deadLetter(double at, Command.DeadLetter d) {
      sink.on(now, EventType.IMAGE_DEAD, -1, d.image().task(), d.image().id(), d.strikes(), null);
    }

    @Override
    public void send(double at, int task, int copy) {
      submit(task, copy);
    }
  }

  private void submit(int taskId, int copy) {
    Task task = taskById.get(taskId);
    List<ImageJob> jobs = jobsById.get(taskId);
    if (copy != taskId) {
      List<ImageJob> copied = new ArrayList<>(jobs.size());
      for (ImageJob original : jobs) {
        copied.add(new ImageJob(addImage(imageMp[original.id()], imageWork[original.id()]), copy, original.predictedS()));
      }
      jobs = copied;
    }
    sink.on(now, EventType.SUBMITTED, -1, copy, -1, copy == taskId ? -1 : taskId, null);
    TaskRequest request = new TaskRequest(copy, now, task.deadlineS(), jobs, flatById[taskId]);
    AdmissionDecision d = scheduler.submit(now, request);
    if (d.admitted()) {
      sink.on(now, EventType.ADMITTED, -1, copy, -1, 0, null);
      client.admitted(now, copy);
    } else {
      sink.on(now, EventType.REFUSED, -1, copy, -1, d.retryAfterS(), refusalWords ? d.reason() : null);
      client.refused(now, copy, d.retryAfterS());
    }
  }

  /**
   * Past the memory limit the kernel kills the worker with the most points (never the supervisor), as
   * often as it takes. The limit is checked at every event, so growing images that cross it between
   * events are caught at the next one.
   */
  private void killWhileOverMemory() {
    while (overMemory()) {
      OomKiller killer = new OomKiller(memoryLimit);
      for (Proc p : live) {
        killer.consider(p.id, p.privateHeldMb + residentImageMb(p), OomKiller.WORKER_OOM_SCORE_ADJ);
      }
      kill(procs.get(killer.victim()), MetricsAccumulator.CAUSE_OOM);
    }
  }

  /**
   * When the growing images take the workers past the memory limit, if no event comes first: between
   * events every running image grows linearly with the progress clock, so the crossing is solved for
   * (infinite when the upper bound is within the limit or nothing grows). Past a ramp's end an image
   * stops growing, so with a ramp shorter than the image this is early, never late: the next step looks again.
   */
  private double nextMemoryCrossing() {
    if (!ramp.gradual() || memoryLimit <= 0 || memory <= memoryLimit + 1e-9) {
      return Double.POSITIVE_INFINITY;
    }
    double total = memory;
    double mbPerProgress = 0;
    for (Proc p : live) {
      if (p.phase == Phase.RUNNING) {
        double resident = residentImageMb(p);
        total -= p.heldImageMb - resident;
        if (resident < p.heldImageMb && p.imageWork > 0) {
          mbPerProgress += (p.heldImageMb - p.imageFromMb) * machine.weight(false) / (ramp.fullAtShare() * p.imageWork);
        }
      }
    }
    if (mbPerProgress <= 0 || total > memoryLimit + 1e-9) {
      return Double.POSITIVE_INFINITY; // nothing grows, or already past (the step's own check kills)
    }
    double t = machine.timeToReach(machine.progress() + (memoryLimit + OVER_LIMIT_MB - total) / mbPerProgress);
    return t > now ? t : Double.POSITIVE_INFINITY;
  }

  /** The workers hold more than the limit (the upper bound is checked first: it is free). */
  private boolean overMemory() {
    return memoryLimit > 0 && memory > memoryLimit + 1e-9 && !live.isEmpty() && residentMb() > memoryLimit + 1e-9;
  }

  private void kill(Proc p, String cause) {
    boolean wasRunning = p.phase == Phase.RUNNING;
    double lostStartup = 0;
    if (p.phase != Phase.IDLE) {
      double cpu = stopRunning(p);
      if (wasRunning) {
        sink.on(now, EventType.IMAGE_KILLED, p.id, p.current.task(), p.current.id(), cpu, cause);
      } else {
        lostStartup = p.startupCpu + cpu;
      }
    }
    remove(p);
    sink.on(now, EventType.WORKER_KILLED, p.id, p.task, -1, lostStartup, cause);
    scheduler.workerLost(now, p.id, wasRunning);
  }

  private void remove(Proc p) {
    p.phase = Phase.GONE;
    p.epoch++;
    p.queue.clear();
    p.current = null;
    live.remove(p);
    memory -= p.privateHeldMb;
    p.privateHeldMb = 0;
    memory -= p.heldImageMb;
    p.heldImageMb = 0;
    if (live.isEmpty()) {
      memory -= sharedMb;
    }
  }

  /** Stops what is still running at the end, and settles the client's open tasks. */
  private void stopEverything() {
    for (Proc p : new ArrayList<>(live)) {
      double startup = 0;
      if (p.phase == Phase.RUNNING) {
        double cpu = stopRunning(p);
        sink.on(now, EventType.IMAGE_KILLED, p.id, p.current.task(), p.current.id(), cpu, END);
      } else if (startingUp(p)) {
        startup = p.startupCpu + stopRunning(p);
      }
      remove(p);
      sink.on(now, EventType.WORKER_EXITED, p.id, p.task, -1, startup, END);
    }
    client.close(now);
    driver.carryOutClientActions(now);
    reportMemory();
    if (sampling) {
      sink.sample(now, 0, 0, scheduler.queuedImages(), residentMb(), metrics);
    }
  }
}
