package helperlab.policy;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * A help budget in force: may a late helper call one more helper now? Helpers beyond each task's
 * first are counted against {@link PolicySpec.HelpBudget}: at most its ratio of the tasks in flight,
 * never fewer than its minimum. Without a help budget every call is allowed (the worker budget, if
 * any, still applies).
 */
final class HelpBudget {
  private final Scheduler s;
  private final PolicySpec.HelpBudget spec;

  HelpBudget(Scheduler scheduler) {
    this.s = scheduler;
    this.spec = scheduler.policy().helpBudget();
  }

  boolean allowsHelper() {
    return spec == null || extraHelpers() < allowed(spec, s.unfinishedTasks());
  }

  /** Extra helpers the budget allows with {@code tasksInFlight} tasks admitted and not finished. */
  static double allowed(PolicySpec.HelpBudget spec, int tasksInFlight) {
    return Math.max(spec.min(), spec.ratio() * tasksInFlight);
  }

  /** Live workers beyond one per task they serve. */
  private int extraHelpers() {
    Set<TaskState> served = Collections.newSetFromMap(new IdentityHashMap<>());
    for (WorkerState w : s.live) {
      if (w.task != null) {
        served.add(w.task);
      }
    }
    return s.live.size() - served.size();
  }
}
