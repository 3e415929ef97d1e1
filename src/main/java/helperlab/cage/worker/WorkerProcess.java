package helperlab.cage.worker;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * One worker process as the supervisor sees it: its ids (in the run, and in the scheduler that
 * spawned it), its process, what it was sent and has started, and what the watchdog watches (start,
 * heartbeats, CPU, memory). A reader thread turns its frames into supervisor inputs and, after the
 * last frame, its exit. Everything else is touched only on the supervisor's thread.
 */
public final class WorkerProcess {
  /** Where a worker is in its life, as the supervisor sees it. */
  public enum Phase {
    /** Spawned by the scheduler but held back (breaker open, or the real process ceiling reached). */
    DEFERRED,
    STARTING,
    READY,
    /** Told to stop; it may still be running. */
    RETIRING,
    /** Lost (killed or crashed) and reported; any frames still coming are ignored. */
    GONE
  }

  /** What a worker's reader thread hands to the supervisor. */
  public sealed interface Signal {}

  public record Frame(WorkerProcess worker, WorkerProtocol.FromWorker message) implements Signal {}

  public record Exit(WorkerProcess worker, int code) implements Signal {}

  public final int id;
  public final int schedulerId;
  public final int generation;
  public int task; // the task it works for: a yielding helper is handed over to another
  final double spawnedAt;
  public Phase phase = Phase.DEFERRED;
  public Process process;
  public long pid = -1;
  double launchedAt = -1;
  public double helloAt = -1;
  public double readyAt = -1;
  public double lastHeartbeat = -1;
  public double lastCpuS;
  public double startupCpuS;
  /** Images sent and not yet reported done, in order. */
  public final ArrayDeque<Integer> assigned = new ArrayDeque<>();
  public int inFlight = -1;
  public double inFlightSince;
  public double cpuAtImageStart;
  public long rssBytes;
  public String killCause;
  /** The process's CPU (from /proc) when the watchdog last saw it move, and when that was. */
  double procCpuS = -1;
  double lastProgressAt = -1;
  /** Its CPU (from /proc) at the last watchdog round, for the run's CPU share; -1 before the first. */
  public double cpuSeenS = -1;
  /** Since when it has been seen stopped from outside, -1 while it is not. */
  double stoppedSince = -1;
  /** Why the watchdog lets it live while it is silent (paused, starved), null while it beats. */
  public String excuse;
  /** The output of the image it had in hand when lost: its temp file goes once the process is gone. */
  public Path halfWritten;
  double retiredAt = -1;
  private OutputStream stdin;

  /**
   * A handle no process stands behind yet, as the pool makes one before it launches it: what a test of a run's
   * bookkeeping holds, with no process started.
   */
  public static WorkerProcess unlaunched(int id, int schedulerId, int generation, int task) {
    return new WorkerProcess(id, schedulerId, generation, task, 0);
  }

  WorkerProcess(int id, int schedulerId, int generation, int task, double spawnedAt) {
    this.id = id;
    this.schedulerId = schedulerId;
    this.generation = generation;
    this.task = task;
    this.spawnedAt = spawnedAt;
  }

  public int id() {
    return id;
  }

  public Phase phase() {
    return phase;
  }

  public long pid() {
    return pid;
  }

  boolean alive() {
    return process != null && process.isAlive();
  }

  /** Starts the process and its reader thread, which hands frames and then the exit to {@code inbox}. */
  void launch(Process p, double now, Consumer<Signal> inbox) {
    this.process = p;
    this.pid = p.pid();
    this.launchedAt = now;
    this.phase = Phase.STARTING;
    this.stdin = new BufferedOutputStream(p.getOutputStream());
    Thread reader = new Thread(() -> read(p, inbox), "worker-" + id + "-frames");
    reader.setDaemon(true);
    reader.start();
  }

  private void read(Process p, Consumer<Signal> inbox) {
    InputStream in = new BufferedInputStream(p.getInputStream());
    try {
      while (true) {
        WorkerProtocol.FromWorker m = WorkerProtocol.read(in, WorkerProtocol.FromWorker.class);
        if (m == null) {
          break;
        }
        inbox.accept(new Frame(this, m));
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
    inbox.accept(new Exit(this, code));
  }

  /** Sends a message; false if the process is no longer listening (its exit is on the way). */
  boolean send(WorkerProtocol.ToWorker message) {
    return send(java.util.List.of(message));
  }

  /** Sends messages in one write; false if the process is no longer listening. */
  public boolean send(java.util.List<? extends WorkerProtocol.ToWorker> messages) {
    if (stdin == null) {
      return false;
    }
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

  void kill() {
    if (process != null) {
      process.destroyForcibly();
    }
  }

  /** Resident memory from /proc (what the kernel charges it), 0 if it cannot be read. */
  long readRss() {
    if (pid <= 0) {
      return 0;
    }
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmRSS:")) {
          String[] parts = line.substring(6).trim().split("\\s+");
          rssBytes = Long.parseLong(parts[0]) * 1024;
          return rssBytes;
        }
      }
    } catch (IOException | RuntimeException e) {
      // gone already
    }
    return 0;
  }
}
