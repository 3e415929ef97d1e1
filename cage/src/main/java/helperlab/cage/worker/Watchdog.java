package helperlab.cage.worker;

/**
 * Decides when a worker must be killed, and whether its image is to blame: it never said hello, it is
 * hung (no heartbeat and no CPU, nothing runnable), it holds more memory than a worker may, or it has
 * run one image far past that image's prediction. A missing heartbeat alone proves nothing on a busy
 * host: a JVM paused for GC, or starved of CPU by other work, is late to beat but not hung, so the
 * worker is judged by what the kernel says of it ({@link ProcStat}: its CPU moving, a thread waiting
 * for a CPU, stopped from outside). The prediction scales with the image's megapixels and with how
 * many workers share the CPUs, and it is judged by the CPU the worker spent, so a heavy image that is
 * merely slow, or slowed by someone else's load, is not taken for a hung one.
 */
public record Watchdog(double spawnTimeoutS, double heartbeatTimeoutS, long memoryLimitBytes, double overrunFactor,
    double overrunGraceS) {

  public static final String SPAWN_TIMEOUT = "spawn-timeout";
  public static final String HEARTBEAT = "heartbeat";
  public static final String MEMORY = "memory";
  public static final String OVERRUN = "overrun";
  /** Held stopped from outside (SIGSTOP, a debugger) far longer than any pause: given up, not blamed. */
  public static final String STOPPED = "stopped";

  /** CPU a worker must spend between two looks to count as moving: an idle JVM's housekeeping spends less. */
  static final double PROGRESS_CPU_S = 2 * ProcStat.TICK_S;

  /**
   * Why a worker must die, in a word ({@code cause}: the event's note) and in a sentence for the log;
   * {@code blame}: whether the image in flight is the likely cause and takes a strike.
   */
  public record Verdict(String cause, boolean blame, String words) {}

  /**
   * Seconds an image may run before its worker counts as hung.
   *
   * @param predictedS the image's predicted seconds of one core
   * @param stretch how much slower than alone the machine runs now (busy workers over cores, at least 1)
   */
  public double overrunLimitS(double predictedS, double stretch) {
    return overrunGraceS + overrunFactor * predictedS * Math.max(1, stretch);
  }

  /** How long a worker may be held stopped from outside before its image goes to another worker. */
  public double stoppedLimitS() {
    return Math.max(60, 20 * heartbeatTimeoutS);
  }

  /**
   * A worker below this share of one core over its image is making no progress (blocked), not merely
   * starved: a co-tenant that takes the machine slows a worker's CPU rate, it does not stop it.
   */
  static final double STUCK_CPU_SHARE = 0.02;

  /** The cause alone, for a worker whose process cannot be read (rules as if the kernel said nothing). */
  public String verdict(WorkerProcess w, double now, double predictedS, double stretch) {
    Verdict v = judge(w, now, predictedS, stretch, null, null);
    return v == null ? null : v.cause();
  }

  /**
   * Why {@code w} must die now, or null; also notes on {@code w} its CPU progress and, while it is
   * silent but not hung, why ({@link WatchdogNotes#excuse}).
   *
   * @param predictedS its in-flight image's prediction
   * @param stat what the kernel says of it now, null if unknown
   * @param host the host's run queue now, null if unknown
   */
  public Verdict judge(WorkerProcess w, double now, double predictedS, double stretch, ProcStat stat, HostLoad host) {
    if (w.phase() == WorkerPhase.DEFERRED || w.phase() == WorkerPhase.GONE) {
      return null;
    }
    WatchdogNotes notes = w.notes();
    track(notes, now, stat);
    if (stat != null && stat.stopped()) {
      double held = now - notes.stoppedSince();
      if (held > stoppedLimitS()) {
        return new Verdict(STOPPED, false, String.format("held stopped from outside for %.0f s", held));
      }
      if (now - lastSign(w) > heartbeatTimeoutS) {
        notes.excuse(String.format("no heartbeat for %.1f s, stopped from outside (SIGSTOP or a debugger): paused,"
            + " not hung", now - lastSign(w)));
      }
      return null;
    }
    if (w.marks().helloAt() < 0) {
      return starting(w, now, stat);
    }
    double silent = now - lastSign(w);
    if (silent > heartbeatTimeoutS) {
      Verdict hung = silence(w, now, silent, stat, host);
      if (hung != null) {
        return hung;
      }
    } else {
      notes.excuse(null);
    }
    if (memoryLimitBytes > 0 && w.rssBytes() > memoryLimitBytes) {
      return new Verdict(MEMORY, true, String.format("%.0f MiB resident, over the %.0f MiB a worker may hold",
          w.rssBytes() / 1048576.0, memoryLimitBytes / 1048576.0));
    }
    if (w.images().waitsForHost()) {
      return null; // it waits for the host's storage with its image: no time of the image's own
    }
    if (w.images().inFlight() >= 0) {
      double cpu = w.cpuOnImageS(stat == null ? 0 : stat.cpuS());
      return overrun(now - w.images().inFlightSince(), cpu, predictedS, stretch, stat != null && stat.anyRunnable());
    }
    return null;
  }

  /**
   * Its last sign of life: its hello, its last heartbeat or frame, or the end of a stop from outside that the watchdog
   * saw (its silence starts afresh then).
   */
  private static double lastSign(WorkerProcess w) {
    return Math.max(Math.max(w.marks().lastHeartbeat(), w.marks().helloAt()), w.notes().resumedAt());
  }

  /**
   * A worker that has not said hello: given up past the spawn timeout only if its start is stuck (its CPU stands still
   * and no thread waits for a CPU) or runs away (it spent more CPU than the whole timeout). A start the host merely
   * starves is slow, not stuck: at load 30 a JVM gets a few percent of a core and takes tens of seconds to say hello.
   */
  private Verdict starting(WorkerProcess w, double now, ProcStat stat) {
    double waited = now - w.marks().launchedAt();
    if (waited <= spawnTimeoutS) {
      return null;
    }
    if (stat == null) {
      return new Verdict(SPAWN_TIMEOUT, false, String.format("no hello in %.0f s", waited));
    }
    if (stat.cpuS() > spawnTimeoutS) {
      return new Verdict(SPAWN_TIMEOUT, false, String.format("no hello in %.0f s after %.1f CPU-s: its start runs away",
          waited, stat.cpuS()));
    }
    WatchdogNotes notes = w.notes();
    double still = now - Math.max(notes.lastProgressAt(), w.marks().launchedAt());
    if (still <= heartbeatTimeoutS || stat.anyRunnable()) {
      notes.excuse(String.format("no hello in %.0f s but it is starting (%.2f CPU-s so far%s): starved, not stuck",
          waited, stat.cpuS(), stat.anyRunnable() ? ", waiting for a CPU" : ""));
      return null;
    }
    return new Verdict(SPAWN_TIMEOUT, false, String.format("no hello in %.0f s, and no CPU for %.1f s with no thread"
        + " runnable (state %c): its start is stuck", waited, still, stat.state()));
  }

  /** A silent worker: hung only if its CPU stands still and none of its threads waits for a CPU. */
  private Verdict silence(WorkerProcess w, double now, double silent, ProcStat stat, HostLoad host) {
    if (stat == null) {
      return new Verdict(HEARTBEAT, true, String.format("no heartbeat for %.1f s", silent));
    }
    WatchdogNotes notes = w.notes();
    double still = now - Math.max(notes.lastProgressAt(), w.marks().helloAt());
    if (still <= heartbeatTimeoutS) {
      notes.excuse(String.format("no heartbeat for %.1f s but its CPU moves (%.2f s spent): paused for GC or starved"
          + " of CPU, not hung", silent, stat.cpuS()));
      return null;
    }
    if (stat.anyRunnable()) {
      notes.excuse(String.format("no heartbeat for %.1f s, runnable and waiting for a CPU (%s): starved, not hung",
          silent, host == null ? "host run queue unknown" : host));
      return null;
    }
    return new Verdict(HEARTBEAT, true, String.format("no heartbeat and no CPU for %.1f s, no thread runnable (state %c, %s): hung",
        Math.min(silent, still), stat.state(), host == null ? "host run queue unknown" : host));
  }

  /** Follows the worker's CPU and stops: a resumed worker starts its silence afresh. */
  private static void track(WatchdogNotes notes, double now, ProcStat stat) {
    if (stat == null) {
      return;
    }
    if (stat.stopped()) {
      notes.seenStopped(now);
      return;
    }
    notes.seenResumed(now);
    if (stat.cpuS() >= notes.procCpuS() + PROGRESS_CPU_S) {
      notes.cpuMoved(stat.cpuS(), now);
    }
  }

  /**
   * Whether an image has run far past its prediction: it spent more CPU on it than the limit allows (a
   * runaway), or ran past the limit in wall time while hardly using the CPU and with nothing waiting
   * for one (stuck). Wall time alone would take an image slowed by another process's load for a hung one.
   */
  boolean overran(double wallS, double cpuS, double predictedS, double stretch) {
    return overrun(wallS, cpuS, predictedS, stretch, false) != null;
  }

  private Verdict overrun(double wallS, double cpuS, double predictedS, double stretch, boolean waitingForCpu) {
    if (cpuS > overrunLimitS(predictedS, 1)) {
      return new Verdict(OVERRUN, true, String.format("%.1f CPU-s on an image predicted at %.2f s: a runaway",
          cpuS, predictedS));
    }
    if (wallS > overrunLimitS(predictedS, stretch) && cpuS < STUCK_CPU_SHARE * wallS && !waitingForCpu) {
      return new Verdict(OVERRUN, true, String.format("%.1f s on an image predicted at %.2f s with %.2f CPU-s and"
          + " nothing waiting for a CPU: stuck", wallS, predictedS, cpuS));
    }
    return null;
  }
}
