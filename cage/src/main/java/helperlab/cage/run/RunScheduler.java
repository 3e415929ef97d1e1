package helperlab.cage.run;

import helperlab.policy.Scheduler;

/**
 * The run's scheduler as the run's helpers use it: the one in charge now (a policy change puts another in its place),
 * and carrying out what it (and an exhibit's client) asked, once told something.
 */
interface RunScheduler {
  Scheduler current();

  /** Carries out the scheduler's commands until it has nothing left to ask. */
  void execute(double now);
}
