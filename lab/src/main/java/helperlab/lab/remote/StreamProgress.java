package helperlab.lab.remote;

import java.util.List;

/**
 * How far an exhibit's event stream has come: the run time of its last line, when the last sample arrived, the
 * original batches submitted, the entries seen ({@link StreamSequence}) and the spells the link was down
 * ({@link LinkGaps}). The follower's thread writes; the window reads the ids' counts and the gaps.
 */
final class StreamProgress {
  private final StreamSequence ids = new StreamSequence();
  private final LinkGaps gaps = new LinkGaps();
  // the follower's thread only
  private double lastT;
  private long lastLineMs = System.currentTimeMillis();
  private int submitted;

  /** The stream entry {@code id} arrived. */
  void saw(String id) {
    ids.saw(id);
  }

  /** A sample of run time {@code t} arrived. */
  void sample(double t) {
    lastT = Math.max(lastT, t);
    lastLineMs = System.currentTimeMillis();
  }

  /** An event of run time {@code t} arrived; {@code originalBatch}: a batch submitted (not a retry's copy). */
  void event(double t, boolean originalBatch) {
    lastT = Math.max(lastT, t);
    if (originalBatch) {
      submitted++;
    }
  }

  /** The link went down after the last line. */
  void wentDown() {
    gaps.wentDown(lastT, lastLineMs);
  }

  /** The link is back after {@code downMs} without a line. */
  void cameBack(long downMs) {
    gaps.cameBack(lastT, downMs);
  }

  /** The run time of the last line seen (s). */
  double lastT() {
    return lastT;
  }

  /** Original batches submitted so far. */
  int submitted() {
    return submitted;
  }

  RemoteRun.Gap openGap() {
    return gaps.open(System.currentTimeMillis());
  }

  boolean stale() {
    return gaps.stale();
  }

  List<RemoteRun.Gap> gaps() {
    return gaps.closed();
  }

  int duplicates() {
    return ids.duplicates();
  }

  int missing() {
    return ids.missing();
  }

  long lastSeq() {
    return ids.last();
  }
}
