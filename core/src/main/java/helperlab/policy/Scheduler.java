package helperlab.policy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
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

  private final TreeSet<TaskState> admitted = new TreeSet<>(TaskState.BY_DEADLINE);
  /** The admitted tasks as admission reads them (a view, made once: admission asks at every submit). */
  private final Iterable<? extends Admission.AdmittedWork> admittedView = Collections.unmodifiableSet(admitted);
  private final IdTable<TaskState> tasks = new IdTable<>();
  private final TaskQueue queue;
  /** Tasks with unowned images, in the policy's order (the strategies read it). */
  final TreeSet<TaskState> waiting;
  private final WorkerTable workers = new WorkerTable();
  /** Live workers, oldest first (the strategies read it). */
  final List<WorkerState> live = workers.live;
  private final IdTable<Integer> strikes = new IdTable<>();
  private final List<Command> out = new ArrayList<>();
  private double slowdown = 1;
  double now;

  public Scheduler(PolicySpec policy, SchedulerConfig config) {
    this.policy = policy;
    this.plan = new AdmissionPlan(policy, config);
    boolean fifo = policy.family() == PolicySpec.Family.POOL && policy.pool().order() == PolicySpec.Order.FIFO;
    this.queue = new TaskQueue(fifo ? TaskState.BY_ARRIVAL : TaskState.BY_DEADLINE);
    this.waiting = queue.waiting;
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
    checkNew(request);
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
    checkNew(request);
    for (ImageJob image : request.images()) {
      Integer s = priorStrikes.get(image.id());
      if (s != null && s > 0) {
        strikes.put(image.id(), s);
      }
    }
    admit(new TaskState(request));
  }

  private void checkNew(TaskRequest request) {
    if (tasks.containsKey(request.id())) {
      throw new IllegalArgumentException("task " + request.id() + " was already submitted");
    }
  }

  private void admit(TaskState task) {
    tasks.put(task.id, task);
    admitted.add(task);
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
    TaskState task = tasks.get(image.task());
    if (done) {
      task.done++;
    } else {
      task.dead++;
    }
    task.remainingPredicted -= image.predictedS();
    finishIfDone(task);
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
      Integer before = strikes.get(inFlight.id());
      int s = (before == null ? 0 : before) + 1;
      strikes.put(inFlight.id(), s);
      if (s >= plan.config().maxStrikes()) {
        first.pollFirst();
        out.add(new Command.DeadLetter(inFlight, s));
        TaskState task = tasks.get(inFlight.task());
        task.dead++;
        task.remainingPredicted -= inFlight.predictedS();
        finishIfDone(task);
      }
    }
    // the rest go back to the front of their tasks, last first, so each task keeps them in order
    for (ImageJob image = w.share.pollLast(); image != null; image = w.share.pollLast()) {
      returnImage(image);
    }
    for (ImageJob image = w.assigned.pollLast(); image != null; image = w.assigned.pollLast()) {
      returnImage(image);
    }
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
    return admitted.size();
  }

  /** Observed wall time over predicted cost of recent images (1 = as calibrated). */
  public double slowdown() {
    return slowdown;
  }

  public int workerBudget() {
    return plan.config().workerBudget();
  }

  public Iterable<? extends Admission.AdmittedWork> admittedWork() {
    return admittedView;
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
    if (live.size() >= plan.config().maxProcesses()) {
      return null;
    }
    WorkerState w = workers.start(boundTo, now);
    out.add(new Command.Spawn(w.id, boundTo == null ? -1 : boundTo.id));
    return w;
  }

  /** Hands images to a ready worker; the list becomes the command's and must not be changed after. */
  void assign(WorkerState w, List<ImageJob> images) {
    assign(w, images, Collections.unmodifiableList(images));
  }

  /** Hands one image to a ready worker (a helper's next). */
  void assign(WorkerState w, ImageJob image) {
    List<ImageJob> images = List.of(image); // unmodifiable already
    assign(w, images, images);
  }

  private void assign(WorkerState w, List<ImageJob> images, List<ImageJob> unmodifiable) {
    if (w.phase == WorkerState.Phase.STARTING) {
      throw new IllegalStateException("worker " + w.id + " is not ready");
    }
    if (w.assigned.isEmpty()) {
      w.inFlightSince = now;
    }
    for (int i = 0; i < images.size(); i++) { // by index: addAll would go through an iterator and a lambda
      w.assigned.addLast(images.get(i));
    }
    w.phase = WorkerState.Phase.BUSY;
    out.add(new Command.Assign(w.id, unmodifiable));
  }

  /** Rebinds a ready helper to another task (its own unstarted images go back first). */
  void handOver(WorkerState w, TaskState to) {
    if (!w.assigned.isEmpty()) {
      throw new IllegalStateException("worker " + w.id + " still has images");
    }
    giveBack(w);
    workers.rebind(w, to);
    w.lastSplitAt = now;
    out.add(new Command.Handover(w.id, to.id));
  }

  void retire(WorkerState w, String reason) {
    if (!w.assigned.isEmpty()) {
      throw new IllegalStateException("worker " + w.id + " still has images");
    }
    giveBack(w);
    workers.remove(w);
    out.add(new Command.Retire(w.id, reason));
  }

  /** Takes up to {@code n} unowned images from the head of one task (pool hand-out). */
  List<ImageJob> takeFrom(TaskState task, int n) {
    return queue.take(task, n);
  }

  boolean canSpawnWithin(int cap) {
    return live.size() < Math.min(cap, plan.config().maxProcesses());
  }

  int startingWorkers() {
    return workers.starting();
  }

  // ---- internals ------------------------------------------------------------------------------

  private void advance(double at) {
    if (at < now) {
      throw new IllegalArgumentException("time went backwards: " + at + " < " + now);
    }
    now = at;
  }

  /** Live workers beyond one per task they work for. */
  int extraWorkers() {
    return workers.extra();
  }

  private void returnImage(ImageJob image) {
    queue.putBack(tasks.get(image.task()), image);
  }

  private void finishIfDone(TaskState task) {
    if (task.finished()) {
      admitted.remove(task);
      tasks.remove(task.id);
      boolean met = task.dead == 0 && now <= task.deadline + 1e-9;
      out.add(new Command.TaskFinished(task.id, now, met, task.dead));
    }
  }

  /** Sends unowned images of a task back in order (first image ends up first). */
  void giveBack(WorkerState w) {
    for (ImageJob image = w.share.pollLast(); image != null; image = w.share.pollLast()) {
      returnImage(image);
    }
  }

  ArrayDeque<ImageJob> unownedOf(TaskState task) {
    return task.unowned;
  }

  void disown(TaskState task, int count) {
    queue.disown(task, count);
  }
}
