package helperlab.drive;

import helperlab.policy.Command;

/**
 * What the scheduler's commands mean in one world: the simulator's virtual machine or the cage's
 * real processes. {@link Driver} decides when each is called; a world only says what happens.
 */
public interface World {
  /** Before each round of commands: let the world catch up (the simulator kills workers over its memory). */
  default void settle(double now) {}

  void spawn(double now, Command.Spawn s);

  void assign(double now, Command.Assign a);

  void retire(double now, Command.Retire r);

  /** A yielding helper's process now works for another task (relabelled, not restarted). */
  void handover(double now, Command.Handover h);

  void taskFinished(double now, Command.TaskFinished f);

  void deadLetter(double now, Command.DeadLetter d);

  /** The client sends (or re-sends) a task: {@code copy} is the id of this attempt. */
  void send(double now, int task, int copy);
}
