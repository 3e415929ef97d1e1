package helperlab.policy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The one scheduler both worlds drive: admission, the task queue, workers, strikes and dead letters,
 * with a policy family deciding who works on what. It has no I/O, no threads and no clock: the driver
 * passes the time into every call and carries out the {@link Command}s it drains afterwards.
 *
 * <p>Protocol: {@link #submit}; then for each {@link Command.Spawn} report {@link #workerReady} (or
 * {@link #workerLost}); for each image of an {@link Command.Assign}, in order, {@link #imageDone};
 * call {@link #tick} at {@link #nextWakeup()}. Call {@link #drain()} after every call.
 */
public final class Scheduler {
  private final PolicySpec policy;
  /** The capacity and cold start admission plans on, and its judgement. */
  private final AdmissionPlan plan;
  private final Strategy strategy;

  private final List<Command> out = new ArrayList<>();
  private final AdmittedTasks tasks = new AdmittedTasks(out);
  private final TaskQueue queue;
  /** Tasks with unowned images, in the policy's order (the strategies read it). */
  final TreeSet<TaskState> waiting;
  private final WorkerTable workers = new WorkerTable();
  /** Live workers, oldest first (the strategies read it). */
  final List<WorkerState> live = workers.live;
  private final Crew crew;
  private final ImageStrikes strikes = new ImageStrikes();
  private double slowdown = 1;
  double now;

  public Scheduler(PolicySpec policy, SchedulerConfig config) {
    this.policy = policy;
    this.plan = new AdmissionPlan(policy, config);
    boolean fifo = policy.family() == PolicySpec.Family.POOL && policy.pool().order() == PolicySpec.Order.FIFO;
    this.queue = new TaskQueue(fifo ? TaskState.BY_ARRIVAL : TaskState.BY_DEADLINE);
    this.waiting = queue.waiting;
    this.crew = new Crew(workers, queue, tasks, plan, out);
    this.strategy = policy.family() == PolicySpec.Family.POOL ? new PoolStrategy(this) : new HelperStrategy(this);
  }

  /**
   * Admission from now on plans on {@code c}'s capacity (a cage that measures the CPU the host lets it
   * have as it goes). Only the capacity and one process's cores may change; what was admitted stays. A
   * batch that cannot fit at this capacity but would on an idle service at the capacity the scheduler
   * began with is not told it can never fit: it is refused with {@code retryS} (the capacity may come back).
   */
  public void replan(SchedulerConfig c, double retryS) {
    plan.replan(c, retryS);
  }

  /**
   * Admission from now on counts the cold start of the policy's standing workers ({@link ColdStart#debtS}):
   * their start-up (this scheduler's last measured one once a worker is ready, else {@code c}'s estimate) and
   * their first images' surcharge, as work ahead of everything admitted. A batch refused only for that starts
   * the workers (so capacity is there once they are warm) and hears when it would fit. Null plans as if every
   * worker were warm (the default). A policy without standing workers (helpers) plans no cold start.
   */
  public void planStartup(ColdStart c) {
    plan.planStartup(c);
  }

  /** A worker's start-up as admission plans it now: the last measured, else the cold start's estimate; NaN without a cold start. */
  public double startupS() {
    return plan.startupS();
  }

  /** Whether {@link #startupS} was measured on this scheduler's own workers. */
  public boolean startupMeasured() {
    return plan.startupMeasured();
  }

  public PolicySpec policy() {
    return policy;
  }

  public SchedulerConfig config() {
    return plan.config();
  }

  // ---- inputs ---------------------------------------------------------------------------------

  /** A batch arrives: admit it (and start work on it) or refuse it. */
  public AdmissionDecision submit(double at, TaskRequest request) {
    advance(at);
    tasks.checkNew(request);
    AdmissionDecision decision = plan.judge(at, request, this);
    if (decision.admitted()) {
      admit(new TaskState(request));
    }
    return decision;
  }

  /**
   * Takes back a task admitted before the driver restarted (or changed policy) without judging it
   * again: its images not yet done, each with the strikes it already had, so a restart neither
   * refuses work it promised nor forgives an image that crashed workers before.
   */
  public void resume(double at, TaskRequest request, Map<Integer, Integer> priorStrikes) {
    advance(at);
    tasks.checkNew(request);
    strikes.carryOver(request.images(), priorStrikes);
    admit(new TaskState(request));
  }

  private void admit(TaskState task) {
    tasks.add(task);
    queue.admitted(task);
    strategy.admitted(task);
  }

  /** A spawned worker has started and warmed up. */
  public void workerReady(double at, int workerId) {
    advance(at);
    WorkerState w = workers.get(workerId);
    if (w.phase != WorkerState.Phase.STARTING) {
      throw new IllegalStateException("worker " + workerId + " reported ready twice");
    }
    w.phase = WorkerState.Phase.IDLE;
    w.idleSince = at;
    plan.measuredStartup(at - w.spawnedAt);
    strategy.workerFree(w);
  }

  /** A worker finished one image of its assignment. */
  public void imageDone(double at, int workerId, int imageId) {
    advance(at);
    WorkerState w = workers.get(workerId);
    ImageJob image = w.takeAssigned(imageId);
    double wall = at - w.inFlightSince;
    if (image.predictedS() > 0 && wall > 0) {
      slowdown = 0.9 * slowdown + 0.1 * (wall / image.predictedS());
    }
    settle(at, w, image, true);
  }

  /**
   * A worker could not begin one image of its assignment because its input is gone: the image ends
   * there, counted dead with no strike, and the worker, unharmed, goes on with the rest.
   */
  public void imageFailed(double at, int workerId, int imageId) {
    advance(at);
    WorkerState w = workers.get(workerId);
    settle(at, w, w.takeAssigned(imageId), false);
  }

  /** An image of a worker's assignment ended, done or dead: its task moves on and an emptied worker is free. */
  private void settle(double at, WorkerState w, ImageJob image, boolean done) {
    w.inFlightSince = at;
    w.imagesDone++;
    tasks.imageEnded(image, done, now);
    if (w.assigned.isEmpty()) {
      w.phase = WorkerState.Phase.IDLE;
      w.idleSince = at;
      strategy.workerFree(w);
    }
  }

  /**
   * A worker died (killed for memory, a missed heartbeat, an overrun, or a crash). Its images go back
   * to their tasks; if {@code blameInFlight}, the image it was working on gets a strike.
   */
  public void workerLost(double at, int workerId, boolean blameInFlight) {
    advance(at);
    WorkerState w = workers.get(workerId);
    workers.remove(w);
    // its images, assigned then share, the first one in flight
    ArrayDeque<ImageJob> first = w.assigned.isEmpty() ? w.share : w.assigned;
    ImageJob inFlight = first.peekFirst();
    if (inFlight != null && blameInFlight && w.phase == WorkerState.Phase.BUSY) {
      int s = strikes.strike(inFlight.id());
      if (s >= plan.config().maxStrikes()) {
        first.pollFirst();
        out.add(new Command.DeadLetter(inFlight, s));
        tasks.imageEnded(inFlight, false, now);
      }
    }
    // the rest go back to the front of their tasks, so each task keeps them in order
    crew.returnAll(w.share);
    crew.returnAll(w.assigned);
    strategy.workerLost(w);
  }

  /** Time passes: timers of the policy (splits, idle workers, autoscaling) fire. */
  public void tick(double at) {
    advance(at);
    strategy.tick();
  }

  /** When the scheduler next wants {@link #tick}; infinity if it does not. */
  public double nextWakeup() {
    return strategy.nextWakeup();
  }

  /** The commands produced since the last drain, in order. */
  public List<Command> drain() {
    List<Command> c = new ArrayList<>(out.size());
    drainTo(c);
    return c;
  }

  /** Drains into {@code into} (a driver's list, reused round after round): the same commands, appended in order. */
  public void drainTo(List<? super Command> into) {
    for (int i = 0; i < out.size(); i++) {
      into.add(out.get(i));
    }
    out.clear();
  }

  // ---- views ----------------------------------------------------------------------------------

  /** Images admitted and not yet handed to any worker. */
  public int queuedImages() {
    return queue.images();
  }

  public int liveWorkers() {
    return live.size();
  }

  public int unfinishedTasks() {
    return tasks.size();
  }

  /** Observed wall time over predicted cost of recent images (1 = as calibrated). */
  public double slowdown() {
    return slowdown;
  }

  public int workerBudget() {
    return plan.config().workerBudget();
  }

  public Iterable<? extends Admission.AdmittedWork> admittedWork() {
    return tasks.view;
  }

  // ---- mechanisms the strategies and the admission plan use ----------------------------------

  /** How many warm workers the policy keeps standing (what a cold start is counted for). */
  int warmTarget() {
    return strategy.warmTarget();
  }

  /** Starts the standing workers now, so capacity is there once they are warm. */
  void warm() {
    strategy.warm();
  }

  /** Starts a worker unless the hard process ceiling is reached; null if it is. */
  WorkerState spawn(TaskState boundTo) {
    return crew.spawn(boundTo, now);
  }

  /** Hands images to a ready worker; the list becomes the command's and must not be changed after. */
  void assign(WorkerState w, List<ImageJob> images) {
    crew.assign(w, images, now);
  }

  /** Hands one image to a ready worker (a helper's next). */
  void assign(WorkerState w, ImageJob image) {
    crew.assign(w, image, now);
  }

  /** Rebinds a ready helper to another task (its own unstarted images go back first). */
  void handOver(WorkerState w, TaskState to) {
    crew.handOver(w, to, now);
  }

  void retire(WorkerState w, String reason) {
    crew.retire(w, reason);
  }

  /** Takes up to {@code n} unowned images from the head of one task (pool hand-out). */
  List<ImageJob> takeFrom(TaskState task, int n) {
    return queue.take(task, n);
  }

  /** {@code count} images of the task were taken from its unowned ones by a strategy itself. */
  void disown(TaskState task, int count) {
    queue.disown(task, count);
  }

  boolean canSpawnWithin(int cap) {
    return crew.canSpawnWithin(cap);
  }

  int startingWorkers() {
    return workers.starting();
  }

  /** Live workers beyond one per task they work for. */
  int extraWorkers() {
    return workers.extra();
  }

  // ---- internals ------------------------------------------------------------------------------

  private void advance(double at) {
    if (at < now) {
      throw new IllegalArgumentException("time went backwards: " + at + " < " + now);
    }
    now = at;
  }
}
