package helperlab.lab.remote;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The run time during which the link to the cage was down: the spells it came back from, and the one it is in now
 * (drawn as a band that grows until the link is back). The follower's thread reports; the window reads.
 */
final class LinkGaps {
  private final List<RemoteRun.Gap> closed = new CopyOnWriteArrayList<>();
  /** While the link is down: the run time of the last line before it went, and when (wall ms) it was received. */
  private volatile double downFromS = -1;
  private volatile long downSinceMs;
  private volatile boolean stale;
  /** The follower's thread only: the run time the current spell began at, or -1. */
  private double downAtT = -1;

  /** The link went down after the line of run time {@code lastT}, received at wall time {@code lastLineMs}. */
  void wentDown(double lastT, long lastLineMs) {
    downAtT = lastT;
    downSinceMs = lastLineMs;
    downFromS = lastT;
    stale = true;
  }

  /**
   * The link is back after {@code downMs} without a line (counted from the last line before the gap, so the band
   * covers the time it took to notice, too); {@code lastT} is the run time of the last line seen.
   */
  void cameBack(double lastT, long downMs) {
    double from = downAtT < 0 ? lastT : downAtT;
    // the open band goes before the closed one comes: a reader never sees both for one gap
    downFromS = -1;
    stale = false;
    closed.add(new RemoteRun.Gap(from, from + Math.max(0.2, downMs / 1000.0)));
    downAtT = -1;
  }

  /**
   * The gap the link is in at wall time {@code nowMs}, from the last sample received to the run time it would be at
   * then (the cage keeps real time), or null when the link is up.
   */
  RemoteRun.Gap open(long nowMs) {
    double from = downFromS;
    if (from < 0 || !stale) {
      return null;
    }
    // in half seconds, so the band's edge moves (and the chart redraws it) twice a second, not every frame
    return new RemoteRun.Gap(from, from + Math.max(0.5, Math.ceil((nowMs - downSinceMs) / 500.0) / 2));
  }

  boolean stale() {
    return stale;
  }

  List<RemoteRun.Gap> closed() {
    return List.copyOf(closed);
  }
}
