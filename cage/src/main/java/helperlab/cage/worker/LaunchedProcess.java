package helperlab.cage.worker;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The OS process behind a worker's handle, from its launch until it is seen to exit, and the pipes to it (a message
 * sent after the exit is refused by the pipe): sending to it, killing it, waiting for its end. Only its handle holds
 * it; the pool reaches it through the handle's launch, kill and exited.
 */
final class LaunchedProcess {
  private Process process;
  /** Its stdin and the reader of its stdout, once launched. */
  private WorkerPipes pipes;

  /** Takes {@code p} and starts its reader thread, which hands {@code worker}'s frames and then its exit to inbox. */
  void launch(Process p, WorkerProcess worker, Consumer<WorkerSignal> inbox) {
    process = p;
    pipes = WorkerPipes.open(p, worker, inbox);
  }

  /** Its process has exited. */
  void exited() {
    process = null;
  }

  /** Whether a process stands behind it that has not been seen to exit. */
  boolean running() {
    return process != null;
  }

  /** Waits up to {@code seconds} for the process to exit. */
  void awaitExit(long seconds) throws InterruptedException {
    if (process != null) {
      process.waitFor(seconds, TimeUnit.SECONDS);
    }
  }

  /** Sends messages in one write; false if the process is no longer listening (or was never launched). */
  boolean send(List<? extends WorkerProtocol.ToWorker> messages) {
    return pipes != null && pipes.send(messages);
  }

  void kill() {
    if (process != null) {
      process.destroyForcibly();
    }
  }
}
