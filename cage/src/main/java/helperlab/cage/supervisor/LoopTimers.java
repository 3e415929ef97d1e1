package helperlab.cage.supervisor;

/** When the supervisor's own rounds are next due, in cage seconds: the watchdog's, the sample's, the checkpoint's. */
final class LoopTimers {
  /** The watchdog looks this often (heartbeats come every second; a worker is given several). */
  static final double WATCH_EVERY_S = 0.5;

  private final double sampleS;
  private final double checkpointS;
  private double nextWatch;
  private double nextSample;
  private double nextCheckpoint;
  private double lastCheckpoint = Double.NEGATIVE_INFINITY;
  /** An early checkpoint (a batch ended) waits at least this long after the last one, so a flood of ends batches up. */
  static final double SOON_GAP_S = 0.1;

  LoopTimers(double now, double sampleS, double checkpointS) {
    this.sampleS = sampleS;
    this.checkpointS = checkpointS;
    this.nextWatch = now;
    this.nextSample = now;
    this.nextCheckpoint = now + checkpointS;
  }

  /** The earliest of the three. */
  double next() {
    return Math.min(nextWatch, Math.min(nextSample, nextCheckpoint));
  }

  /** True if the watchdog's round is due at {@code now}; the next one is then set. */
  boolean watchDue(double now) {
    if (now < nextWatch) {
      return false;
    }
    nextWatch = now + WATCH_EVERY_S;
    return true;
  }

  /** True if a sample is due; samples keep their period unless the loop fell a whole period behind. */
  boolean sampleDue(double now) {
    if (now < nextSample) {
      return false;
    }
    nextSample += sampleS;
    if (nextSample < now) {
      nextSample = now + sampleS;
    }
    return true;
  }

  /**
   * True if a checkpoint is due: its period is up, or {@code soon} (something a client waits for, a batch's end, is in
   * the one being filled) and {@link #SOON_GAP_S} has passed since the last; the next one is then set.
   */
  boolean checkpointDue(double now, boolean soon) {
    if (now < nextCheckpoint && !(soon && now >= lastCheckpoint + SOON_GAP_S)) {
      return false;
    }
    lastCheckpoint = now;
    nextCheckpoint = now + checkpointS;
    return true;
  }
}
