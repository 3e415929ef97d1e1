package helperlab.policy;

import java.util.ArrayDeque;

/**
 * One helper process per task, handed its task's images one at a time. A late helper calls for
 * help: it gives part of its images to new helpers, who may split again (the box). With a budget,
 * all helpers together stay within the worker budget and waiting tasks are served earliest deadline
 * first. With yield, when the budget is full a helper steps aside at an image boundary for a more urgent
 * task: one waiting for a helper, or one whose helpers are late by the policy's own trigger (the freed
 * slot is then that task's split). The yielding process is handed over to the urgent task, not killed
 * and replaced; its own unstarted images go back to its task, which waits for a slot.
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
    if (split.yieldToUrgent()) {
      yieldIfUrgent(w);
    }
    if (w.share.isEmpty() && w.task.queued) {
      adopt(w, w.task); // images of its own task came back from a lost sibling
    }
    maybeSplit(w);
    if (!w.share.isEmpty()) {
      s.assign(w, w.share.pollFirst());
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
    if (split.trigger() != PolicySpec.CallForHelp.NONE) {
      // the helpers alive now: a split only adds workers (at the end), so no copy of the list is needed
      int alive = s.live.size();
      for (int i = 0; i < alive; i++) {
        WorkerState w = s.live.get(i);
        if (w.phase == WorkerState.Phase.BUSY) {
          maybeSplit(w);
        }
      }
    }
    startHelpers();
  }

  @Override
  public double nextWakeup() {
    if (split.trigger() == PolicySpec.CallForHelp.NONE) {
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
    if (w.share.isEmpty()) {
      // as always here (a new helper, or one whose share ran out or went back): the images change hands
      // whole, without copying them one by one
      ArrayDeque<ImageJob> images = task.unowned;
      task.unowned = w.share;
      w.share = images;
    } else {
      w.share.addAll(task.unowned);
      task.unowned.clear();
    }
    s.disown(task, n);
  }

  /**
   * At an image boundary with the budget full, hands this helper over to the most urgent task ahead of
   * its own: a waiting one (it takes the unowned images), or a late one that has helpers (it takes the
   * slice a split would have given a new helper). Ties go to the waiting task.
   */
  private void yieldIfUrgent(WorkerState w) {
    if (w.share.isEmpty() || s.canSpawnWithin(cap)) {
      return;
    }
    TaskState waiting = s.waiting.isEmpty() ? null : s.waiting.first();
    if (waiting != null && (waiting == w.task || TaskState.BY_DEADLINE.compare(waiting, w.task) >= 0)) {
      waiting = null;
    }
    WorkerState late = null;
    for (WorkerState h : s.live) {
      if (h == w || h.task == w.task || TaskState.BY_DEADLINE.compare(h.task, w.task) >= 0) {
        continue;
      }
      if (late != null && TaskState.BY_DEADLINE.compare(h.task, late.task) >= 0) {
        continue;
      }
      if (wantsHelp(h)) {
        late = h;
      }
    }
    if (waiting != null && (late == null || TaskState.BY_DEADLINE.compare(waiting, late.task) <= 0)) {
      s.handOver(w, waiting);
      adopt(w, waiting);
    } else if (late != null) {
      s.handOver(w, late.task);
      late.lastSplitAt = s.now;
      moveSlice(late, spareOf(late) > 0 ? Math.max(1, sizeOf(late) / 2) : 0, w.share);
    }
  }

  /** Whether a helper's split trigger would call for help now, were there a free slot. */
  private boolean wantsHelp(WorkerState h) {
    if (split.trigger() == PolicySpec.CallForHelp.NONE || spareOf(h) < 1 || s.now - h.lastSplitAt < split.cooldownS()) {
      return false;
    }
    return split.trigger() == PolicySpec.CallForHelp.TIMER ? timerHelpers(h) > 0 : forecastNeeded(h) > 1;
  }

  /** Images a helper can give away: a free helper is about to take the next one itself, so it keeps one. */
  private static int spareOf(WorkerState h) {
    return h.share.size() - (h.assigned.isEmpty() ? 1 : 0);
  }

  /** A helper's images not yet done, counting the one in flight. */
  private static int sizeOf(WorkerState h) {
    return h.share.size() + (h.assigned.isEmpty() ? 0 : 1);
  }

  /** Moves up to {@code n} of a helper's spare images from the back of its share to the back of {@code to}, in order. */
  private static void moveSlice(WorkerState h, int n, ArrayDeque<ImageJob> to) {
    int give = Math.min(n, spareOf(h));
    if (give <= 0) {
      return;
    }
    ImageJob[] slice = new ImageJob[give];
    for (int k = give - 1; k >= 0; k--) {
      slice[k] = h.share.pollLast();
    }
    for (ImageJob image : slice) {
      to.addLast(image);
    }
  }

  private void maybeSplit(WorkerState w) {
    if (split.trigger() == PolicySpec.CallForHelp.NONE || w.share.isEmpty()) {
      return;
    }
    double now = s.now;
    if (now - w.lastSplitAt < split.cooldownS() || !s.canSpawnWithin(cap) || !helpBudget.allowsHelper()) {
      return;
    }
    int spare = spareOf(w);
    if (spare < 1) {
      return;
    }
    int helpers = split.trigger() == PolicySpec.CallForHelp.TIMER ? timerHelpers(w) : forecastHelpers(w);
    if (helpers < 1) {
      return;
    }
    helpers = Math.min(helpers, spare);
    w.lastSplitAt = now;
    // The helper keeps the front of its share; each new helper takes an equal slice of the back.
    int perHelper = Math.max(1, sizeOf(w) / (helpers + 1));
    for (int i = 0; i < helpers && spareOf(w) >= 1; i++) {
      if (i > 0 && !helpBudget.allowsHelper()) {
        return;
      }
      WorkerState h = s.spawn(w.task);
      if (h == null) {
        return;
      }
      h.lastSplitAt = now;
      moveSlice(w, perHelper, h.share);
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
  private int forecastHelpers(WorkerState w) {
    int needed = forecastNeeded(w);
    int room = Math.min(cap, s.config().maxProcesses()) - s.liveWorkers();
    return Math.min(needed - 1, room);
  }

  /** Processes the forecast says this helper's images need to be done by the deadline (1 = on time alone). */
  private int forecastNeeded(WorkerState w) {
    boolean busy = !w.assigned.isEmpty();
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
      return 1;
    }
    double usable = left - s.config().spawnEstimateS() * slowdown;
    if (usable <= 0) {
      return 1;
    }
    return (int) Math.ceil(remaining / usable);
  }
}
