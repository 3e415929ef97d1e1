package helperlab.cage.worker;

import helperlab.cage.limits.CgroupCage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The worker processes that exist on the machine, whatever run or scheduler spawned them: starting
 * them (into the cage's cgroup, with a pid file so a restarted supervisor can clear leftovers), the
 * hard ceiling on real processes that no policy can lift, the restart breaker, stopping and killing.
 * Used only on the supervisor's thread.
 */
public final class WorkerPool {
  /** A retiring worker that has not exited after this long is killed. */
  static final double RETIRE_GRACE_S = 5;

  private final WorkerLauncher launcher;
  private final CgroupCage cage;
  private final RestartBreaker breaker;
  private final int ceiling;
  private final Path pidDir;
  private final Consumer<WorkerSignal> inbox;
  private final java.util.function.DoubleSupplier clock;
  private final List<WorkerProcess> all = new ArrayList<>();
  private final java.util.ArrayDeque<WorkerProcess> deferred = new java.util.ArrayDeque<>();
  private int launches;
  private int launchFailures;
  private String lastLaunchError;
  /** Why no worker may start any more (the cage lost its identity), null while they may. */
  private String halted;

  /**
   * @param clock the supervisor's clock (seconds, never going back): worker times and the breaker use
   *     it, whatever run is on
   */
  public WorkerPool(WorkerLauncher launcher, CgroupCage cage, RestartBreaker breaker, int ceiling, Path runDir,
      Consumer<WorkerSignal> inbox, java.util.function.DoubleSupplier clock) throws IOException {
    this.clock = clock;
    this.launcher = launcher;
    this.cage = cage;
    this.breaker = breaker;
    this.ceiling = ceiling;
    this.pidDir = runDir.resolve("workers");
    this.inbox = inbox;
    Files.createDirectories(pidDir);
  }

  /** Kills workers a previous supervisor left behind (it was killed before it could stop them). */
  public static int killLeftovers(Path runDir) {
    Path dir = runDir.resolve("workers");
    int killed = 0;
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        try {
          long pid = Long.parseLong(f.getFileName().toString());
          String cmdline = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ');
          if (cmdline.contains(" " + WorkerMain.class.getName())) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            killed++;
          }
        } catch (IOException | NumberFormatException e) {
          // already gone
        }
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      // nothing to clear
    }
    return killed;
  }

  public WorkerLauncher launcher() {
    return launcher;
  }

  public RestartBreaker breaker() {
    return breaker;
  }

  public CgroupCage cage() {
    return cage;
  }

  public int ceiling() {
    return ceiling;
  }

  /** A new worker, started now if the breaker and the ceiling allow, else held until they do. */
  public WorkerProcess spawn(int id, int schedulerId, int generation, int task) {
    WorkerProcess w = new WorkerProcess(id, schedulerId, generation, task, clock.getAsDouble());
    all.add(w);
    deferred.addLast(w);
    pump();
    return w;
  }

  public double now() {
    return clock.getAsDouble();
  }

  /** Starts held workers while the breaker is closed and real processes are under the ceiling. */
  public void pump() {
    double now = clock.getAsDouble();
    while (halted == null && !deferred.isEmpty() && !breaker.isOpen(now) && running() < ceiling) {
      WorkerProcess w = deferred.pollFirst();
      if (w.phase() != WorkerPhase.DEFERRED) {
        continue;
      }
      try {
        Process p = launcher.start(true, cage);
        w.launch(p, now, inbox);
        launches++;
        try {
          cage.add(p.pid());
        } catch (IOException e) {
          lastLaunchError = "cannot put worker " + p.pid() + " in the cage's cgroup: " + e.getMessage();
        }
        try {
          Files.writeString(pidDir.resolve(Long.toString(p.pid())), "");
        } catch (IOException e) {
          // the worker runs all the same (a full data directory is the host's fault, not a failed launch); only a
          // supervisor killed before it exits could not find it to clear it
          lastLaunchError = "cannot write worker " + p.pid() + "'s pid file: " + e.getMessage();
        }
      } catch (IOException e) {
        // It never started: reported lost like any worker that dies young.
        launchFailures++;
        lastLaunchError = e.getMessage();
        w.launchFailed(now, e.getMessage());
        inbox.accept(new WorkerSignal.Exit(w, -1));
      }
    }
  }

  /**
   * No worker starts from now on, for good ({@code why}: the cage lost its identity to another and must not write);
   * the ones running are killed by the run that holds them.
   */
  public void halt(String why) {
    halted = why;
  }

  /** Why no worker may start any more, null while they may. */
  public String halted() {
    return halted;
  }

  /** OS processes of workers that have not exited (retiring and killed ones included until they go). */
  public int running() {
    int n = 0;
    for (WorkerProcess w : all) {
      if (w.hasProcess()) {
        n++;
      }
    }
    return n;
  }

  public int deferredCount() {
    int n = 0;
    for (WorkerProcess w : deferred) {
      if (w.phase() == WorkerPhase.DEFERRED) {
        n++;
      }
    }
    return n;
  }

  public List<WorkerProcess> all() {
    return all;
  }

  /** Asks an idle worker to exit. */
  public void retire(WorkerProcess w) {
    if (w.retire(clock.getAsDouble())) {
      all.remove(w);
      return;
    }
    if (!w.send(new WorkerProtocol.Stop("retired"))) {
      w.kill();
    }
  }

  /** Kills a worker now; its exit still comes through the inbox and is then forgotten. */
  public void kill(WorkerProcess w, String cause) {
    if (w.condemn(cause)) {
      all.remove(w);
      return;
    }
    w.kill();
  }

  /** A lost worker counts against the breaker unless it had finished an image; true if the breaker opened. */
  public boolean lost(WorkerProcess w) {
    return breaker.lost(clock.getAsDouble(), w.imagesFinished() > 0);
  }

  /** A worker finished an image: progress, which the breaker counts from. */
  public void progress() {
    breaker.progress();
  }

  public boolean breakerOpen() {
    return breaker.isOpen(clock.getAsDouble());
  }

  /** The process has exited: forget it. */
  public void exited(WorkerProcess w) {
    all.remove(w);
    if (w.pid() > 0) {
      try {
        Files.deleteIfExists(pidDir.resolve(Long.toString(w.pid())));
      } catch (IOException e) {
        // a stale pid file is cleared at the next start
      }
    }
    w.exited();
  }

  /** Kills retiring workers that did not exit in time; reads everyone's memory for the watchdog. */
  public void sweep() {
    double now = clock.getAsDouble();
    for (WorkerProcess w : all) {
      if (!w.hasProcess()) {
        continue;
      }
      if (w.phase() == WorkerPhase.RETIRING && now - w.marks().retiredAt() > RETIRE_GRACE_S) {
        w.kill();
      } else if (w.phase() == WorkerPhase.STARTING || w.phase() == WorkerPhase.READY) {
        long rss = ProcStat.rssBytes(w.pid());
        if (rss >= 0) { // else gone already
          w.residentRead(rss);
        }
      }
    }
  }

  /** Memory of all running workers: the cgroup's count when capped, else the sum of their RSS. */
  public long memoryBytes() {
    long fromCgroup = cage.usageBytes();
    if (fromCgroup > 0) {
      return fromCgroup;
    }
    long sum = 0;
    for (WorkerProcess w : all) {
      if (w.hasProcess()) {
        sum += w.rssBytes();
      }
    }
    return sum;
  }

  public int launches() {
    return launches;
  }

  public int launchFailures() {
    return launchFailures;
  }

  public String lastLaunchError() {
    return lastLaunchError;
  }

  /** Kills every worker and waits (briefly) for them to go. */
  public void shutdown() {
    for (WorkerProcess w : all) {
      if (w.hasProcess()) {
        w.kill();
      }
    }
    for (WorkerProcess w : new ArrayList<>(all)) {
      if (w.hasProcess()) {
        try {
          w.awaitExit(2);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        exited(w);
      }
    }
    all.clear();
    deferred.clear();
  }
}
