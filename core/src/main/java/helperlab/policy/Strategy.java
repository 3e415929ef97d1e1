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

  /**
   * How many workers the policy keeps warm for admission's capacity, or 0 when it has no standing workers
   * (a helper is spawned for its batch): then admission plans no {@link ColdStart}.
   */
  default int warmTarget() {
    return 0;
  }

  /** Starts workers up to {@link #warmTarget} without work for them: a batch refused for their start-up finds them ready later. */
  default void warm() {}
}
