package helperlab.cage.worker;

/**
 * What the watchdog has seen of one worker from outside (its CPU and stops, from /proc) and why it lets a silent one
 * live: the watchdog's own bookkeeping, not the worker's. The handle carries it because it lives and dies with the
 * worker ({@link Watchdog} is a record of limits, one for all workers), but only the watchdog writes it: the
 * supervisor's frames never touch it, and the watchdog never writes the handle.
 */
public final class WatchdogNotes {
  /** The process's CPU (from /proc) when the watchdog last saw it move, and when that was. */
  private double procCpuS = -1;
  private double lastProgressAt = -1;
  /** Since when it has been seen stopped from outside, -1 while it is not. */
  private double stoppedSince = -1;
  /** When it was last seen running again after a stop: its silence counts from then at the earliest. */
  private double resumedAt = -1;
  /** Why the watchdog lets it live while it is silent (paused, starved), null while it beats. */
  private String excuse;

  WatchdogNotes() {}

  /** Why the watchdog lets it live while it is silent, null while it beats. */
  public String excuse() {
    return excuse;
  }

  double procCpuS() {
    return procCpuS;
  }

  double lastProgressAt() {
    return lastProgressAt;
  }

  double stoppedSince() {
    return stoppedSince;
  }

  double resumedAt() {
    return resumedAt;
  }

  /** The watchdog lets it live while it is silent, for {@code why}; null once it beats again. */
  void excuse(String why) {
    excuse = why;
  }

  /** Seen stopped from outside at {@code now}; the first sighting counts. */
  void seenStopped(double now) {
    if (stoppedSince < 0) {
      stoppedSince = now;
    }
  }

  /** Seen running again after a stop from outside: its silence starts afresh at {@code now}. */
  void seenResumed(double now) {
    if (stoppedSince >= 0) {
      stoppedSince = -1;
      lastProgressAt = now;
      resumedAt = now;
    }
  }

  /** Its CPU (from /proc) moved on to {@code cpuS}: progress at {@code now}. */
  void cpuMoved(double cpuS, double now) {
    procCpuS = cpuS;
    lastProgressAt = now;
  }
}
