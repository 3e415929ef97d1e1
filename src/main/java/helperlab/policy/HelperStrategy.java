package helperlab.policy;

import java.util.ArrayList;
import java.util.List;

/**
 * One helper process per task, handed its task's images one at a time. A late helper calls for
 * help: it gives part of its images to new helpers, who may split again (the box). With a budget,
 * all helpers together stay within the worker budget and waiting tasks are served earliest deadline
 * first; with yield, a helper steps aside at an image boundary for a more urgent waiting task.
 */
final class HelperStrategy implements Strategy {
  /** How often late helpers are checked between image boundaries. */
  static final double CHECK_INTERVAL_S = 1;

  private final Scheduler s;
  private final PolicySpec.Split split;
  private final int cap;
  private final HelpBudget helpBudget;

  HelperStrategy(Scheduler scheduler) {
    this.s = scheduler;
    this.helpBudget = new HelpBudget(scheduler);
    this.split = scheduler.policy().split();
    SchedulerConfig c = scheduler.config();
    this.cap = scheduler.policy().budgeted() ? c.workerBudget() : c.maxProcesses();
  }

  @Override
  public void admitted(TaskState task) {
    startHelpers();
  }

  @Override
  public void workerFree(WorkerState w) {
    if (split.yieldToUrgent() && shouldYield(w)) {
      s.retire(w, "yield");
      startHelpers();
      return;
    }
    if (w.share.isEmpty() && w.task.queued) {
      adopt(w, w.task); // images of its own task came back from a lost sibling
    }
    maybeSplit(w);
    if (!w.share.isEmpty()) {
      s.assign(w, List.of(w.share.pollFirst()));
    } else {
      s.retire(w, "done");
      startHelpers();
    }
  }

  @Override
  public void workerLost(WorkerState w) {
    startHelpers();
  }

  @Override
  public void tick() {
    if (split.trigger() != PolicySpec.Trigger.NONE) {
      for (WorkerState w : new ArrayList<>(s.live)) {
        if (w.phase == WorkerState.Phase.BUSY) {
          maybeSplit(w);
        }
      }
    }
    startHelpers();
  }

  @Override
  public double nextWakeup() {
    if (split.trigger() == PolicySpec.Trigger.NONE) {
      return Double.POSITIVE_INFINITY;
    }
    // Checked every interval while any helper lives (cheaper than finding which could split).
    return s.live.isEmpty() ? Double.POSITIVE_INFINITY
        : Math.floor(s.now / CHECK_INTERVAL_S) * CHECK_INTERVAL_S + CHECK_INTERVAL_S;
  }

  /** Gives each waiting task (earliest deadline first) a helper while the cap allows. */
  private void startHelpers() {
    while (!s.waiting.isEmpty() && s.canSpawnWithin(cap)) {
      TaskState task = s.waiting.first();
      WorkerState w = s.spawn(task);
      if (w == null) {
        return;
      }
      adopt(w, task);
    }
  }

  private void adopt(WorkerState w, TaskState task) {
    int n = task.unowned.size();
    w.share.addAll(task.unowned);
    task.unowned.clear();
    s.disown(task, n);
  }

  private boolean shouldYield(WorkerState w) {
    if (w.share.isEmpty() || s.waiting.isEmpty() || s.canSpawnWithin(cap)) {
      return false;
    }
    return TaskState.BY_DEADLINE.compare(s.waiting.first(), w.task) < 0;
  }

  private void maybeSplit(WorkerState w) {
    if (split.trigger() == PolicySpec.Trigger.NONE || w.share.isEmpty()) {
      return;
    }
    double now = s.now;
    if (now - w.lastSplitAt < split.cooldownS() || !s.canSpawnWithin(cap) || !helpBudget.allowsHelper()) {
      return;
    }
    boolean busy = !w.assigned.isEmpty();
    // A free helper is about to take the next image itself, so it must keep one.
    int spare = w.share.size() - (busy ? 0 : 1);
    if (spare < 1) {
      return;
    }
    int helpers = split.trigger() == PolicySpec.Trigger.TIMER ? timerHelpers(w) : forecastHelpers(w, busy);
    if (helpers < 1) {
      return;
    }
    helpers = Math.min(helpers, spare);
    w.lastSplitAt = now;
    // The helper keeps the front of its share; each new helper takes an equal slice of the back.
    int total = w.share.size() + (busy ? 1 : 0);
    int perHelper = Math.max(1, total / (helpers + 1));
    for (int i = 0; i < helpers && w.share.size() - (busy ? 0 : 1) >= 1; i++) {
      if (i > 0 && !helpBudget.allowsHelper()) {
        return;
      }
      WorkerState h = s.spawn(w.task);
      if (h == null) {
        return;
      }
      h.lastSplitAt = now;
      int give = Math.min(perHelper, w.share.size() - (busy ? 0 : 1));
      List<ImageJob> slice = new ArrayList<>(give);
      for (int k = 0; k < give; k++) {
        slice.add(0, w.share.pollLast());
      }
      h.share.addAll(slice);
      if (!s.canSpawnWithin(cap)) {
        return;
      }
    }
  }

  /** The timer: past its fraction of the deadline window the task is late; split in two. */
  private int timerHelpers(WorkerState w) {
    TaskState t = w.task;
    return s.now - t.arrival > split.timerFraction() * t.window() ? 1 : 0;
  }

  /**
   * The forecast: this helper's images at the observed slowdown; if they will not be done by the
   * deadline, as many helpers as it takes, counting their start-up, and none if start-up alone is
   * too late to help.
   */
  private int forecastHelpers(WorkerState w, boolean busy) {
    double slowdown = s.slowdown();
    double work = 0;
    for (ImageJob image : w.share) {
      work += image.predictedS();
    }
    double remaining = work * slowdown;
    if (busy) {
      ImageJob inFlight = w.assigned.peekFirst();
      remaining += Math.max(0, inFlight.predictedS() * slowdown - (s.now - w.inFlightSince));
    }
    double left = w.task.deadline - s.now;
    if (remaining <= left) {
      return 0;
    }
    double usable = left - s.config().spawnEstimateS() * slowdown;
    if (usable <= 0) {
      return 0;
    }
    int needed = (int) Math.ceil(remaining / usable);
    int room = Math.min(cap, s.config().maxProcesses()) - s.liveWorkers();
    return Math.min(needed - 1, room);
  }
}
