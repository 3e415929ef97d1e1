package helperlab.cage.worker;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Consumer;

/**
 * The pipes to one worker process: messages out on its stdin, and on a reader thread its frames in from its stdout,
 * then its exit, handed to the supervisor's inbox as {@link WorkerSignal}s.
 */
final class WorkerPipes {
  private final OutputStream stdin;

  private WorkerPipes(Process p) {
    this.stdin = new BufferedOutputStream(p.getOutputStream());
  }

  /** The pipes of {@code p}, whose reader thread (named for {@code worker}) starts now. */
  static WorkerPipes open(Process p, WorkerProcess worker, Consumer<WorkerSignal> inbox) {
    WorkerPipes pipes = new WorkerPipes(p);
    Thread reader = new Thread(() -> read(p, worker, inbox), "worker-" + worker.id() + "-frames");
    reader.setDaemon(true);
    reader.start();
    return pipes;
  }

  private static void read(Process p, WorkerProcess worker, Consumer<WorkerSignal> inbox) {
    InputStream in = new BufferedInputStream(p.getInputStream());
    try {
      while (true) {
        WorkerProtocol.FromWorker m = WorkerProtocol.read(in, WorkerProtocol.FromWorker.class);
        if (m == null) {
          break;
        }
        inbox.accept(new WorkerSignal.Frame(worker, m));
      }
    } catch (IOException | RuntimeException e) {
      // a broken stream ends like an exit: the supervisor sees the process go
    }
    int code;
    try {
      code = p.waitFor();
    } catch (InterruptedException e) {
      code = -1;
    }
    inbox.accept(new WorkerSignal.Exit(worker, code));
  }

  /** Sends messages in one write; false if the process is no longer listening (its exit is on the way). */
  boolean send(List<? extends WorkerProtocol.ToWorker> messages) {
    try {
      for (WorkerProtocol.ToWorker m : messages) {
        WorkerProtocol.writeUnflushed(stdin, m);
      }
      stdin.flush();
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
