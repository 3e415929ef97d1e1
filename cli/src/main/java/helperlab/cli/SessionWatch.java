package helperlab.cli;

import helperlab.remote.CtlExit;
import java.io.PrintWriter;
import java.util.Optional;

/**
 * Ends a {@code ctl} whose session has gone: over SSH it is the child of its session's {@code sshd}, and when
 * that session is killed or dropped the process that started ctl ends (ctl is handed to init) while ctl could
 * go on following a run for nobody. Its other signs are watched elsewhere: a hang-up (SIGHUP) ends the JVM by
 * its default handler, and a reader that is gone shows when the next answer line cannot be written (a follow
 * writes one at least every 2 s). Its stdin closing is no sign: every {@code echo ... | ctl} closes it at once.
 */
final class SessionWatch {
  /** How often the parent is looked at. */
  static final long POLL_MS = 500;

  private SessionWatch() {}

  /** Watches this process's parent from a daemon thread; when it is gone, says so on {@code err} and exits 3. */
  static void start(PrintWriter err) {
    Optional<ProcessHandle> parent = ProcessHandle.current().parent();
    if (parent.isEmpty() || parent.get().pid() == 1) {
      return; // started by init (a container's entry point): there is no session to outlive
    }
    ProcessHandle started = parent.get();
    Thread t = new Thread(() -> {
      while (alive(started)) {
        try {
          Thread.sleep(POLL_MS);
        } catch (InterruptedException e) {
          return;
        }
      }
      err.println("helper-lab ctl: the process that started this ctl (" + started.pid() + ", its SSH session or"
          + " shell) has ended; stopping, as nobody reads the answers");
      err.flush();
      System.exit(CtlExit.UNREACHABLE.code);
    }, "ctl-session-watch");
    t.setDaemon(true);
    t.start();
  }

  /** The parent still runs and is still ours (a process whose parent dies is handed to init or a subreaper). */
  private static boolean alive(ProcessHandle parent) {
    return parent.isAlive() && ProcessHandle.current().parent().map(p -> p.pid() == parent.pid()).orElse(false);
  }
}
