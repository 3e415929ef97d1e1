package helperlab.policy;

/**
 * A help budget in force: may a late helper call one more helper now? Helpers beyond each task's
 * first are counted against {@link PolicySpec.HelpBudgetSettings}: at most its ratio of the tasks in flight,
 * never fewer than its minimum. Without a help budget every call is allowed (the worker budget, if
 * any, still applies).
 */
final class HelpBudget {
  private final Scheduler s;
  private final PolicySpec.HelpBudgetSettings spec;

  HelpBudget(Scheduler scheduler) {
    this.s = scheduler;
    this.spec = scheduler.policy().helpBudget();
  }

  boolean allowsHelper() {
    return spec == null || s.extraWorkers() < allowed(spec, s.unfinishedTasks());
  }

  /** Extra helpers the budget allows with {@code tasksInFlight} tasks admitted and not finished. */
  static double allowed(PolicySpec.HelpBudgetSettings spec, int tasksInFlight) {
    return Math.max(spec.min(), spec.ratio() * tasksInFlight);
  }
}
