package helperlab.cage.worker;

/** What a worker's reader thread hands to the supervisor: each frame the worker wrote, then its exit. */
public sealed interface WorkerSignal {
  WorkerProcess worker();

  /** A frame the worker wrote on its stdout. */
  record Frame(WorkerProcess worker, WorkerProtocol.FromWorker message) implements WorkerSignal {}

  /** The worker's process has exited with {@code code} (after its last frame). */
  record Exit(WorkerProcess worker, int code) implements WorkerSignal {}
}
