package helperlab.lab.remote;

/**
 * The cage's event-stream ids, {@code <seq>-0} numbered from 1, as they arrive: a resumed stream must go
 * on at the next one, so entries seen twice and entries skipped are counted (both stay 0 across
 * reconnects when the follower resumes right). Read and written on the follower's thread only.
 */
final class StreamSequence {
  private long last;
  private int duplicates;
  private int missing;

  /** Counts {@code id} (ids that are not {@code <seq>-0} are not the cage's numbering and are passed over). */
  void saw(String id) {
    if (id == null) {
      return;
    }
    int dash = id.indexOf('-');
    long seq;
    try {
      seq = Long.parseLong(dash < 0 ? id : id.substring(0, dash));
    } catch (NumberFormatException e) {
      return;
    }
    if (seq <= last) {
      duplicates++;
    } else if (seq > last + 1) {
      missing += (int) (seq - last - 1);
    }
    last = Math.max(last, seq);
  }

  long last() {
    return last;
  }

  int duplicates() {
    return duplicates;
  }

  int missing() {
    return missing;
  }
}
