package helperlab.policy;

/** A policy family's decisions, on top of the scheduler's shared mechanisms. */
interface Strategy {
  /** A task was admitted (its images are queued). */
  void admitted(TaskState task);

  /** A worker is ready and has nothing assigned: give it work, keep it idle, or let it go. */
  void workerFree(WorkerState w);

  /** A worker died; its images are back in their tasks' queues. */
  void workerLost(WorkerState w);

  void tick();

  double nextWakeup();
}
