package helperlab.policy;

import java.util.ArrayDeque;

/**
 * The SRE book's per-client retry budget: a retry is sent only while retries are below {@code ratio}
 * of the requests this client sent (10% in the book), counted over a rolling window (the book names
 * no window; a minute here). The book's other half, at most 3 attempts per request, is the client's
 * {@code max_attempts}.
 */
public final class RetryRatioBudget implements RetryBudget {
  public static final double DEFAULT_RATIO = 0.1;
  public static final double DEFAULT_WINDOW_S = 60;

  private final double ratio;
  private final double windowS;
  /** Send times, and which of them were retries, oldest first. */
  private final ArrayDeque<double[]> sends = new ArrayDeque<>();
  private int requests;
  private int retries;

  public RetryRatioBudget(double ratio, double windowS) {
    if (!(ratio >= 0 && ratio <= 1)) {
      throw new IllegalArgumentException("a retry ratio must be in [0, 1], got " + ratio);
    }
    if (!(windowS > 0)) {
      throw new IllegalArgumentException("a retry ratio's window must be > 0 s, got " + windowS);
    }
    this.ratio = ratio;
    this.windowS = windowS;
  }

  @Override
  public boolean allowsRetry(double now) {
    expire(now);
    // the retry itself counts: after it, retries must still be within the ratio of all sends
    return retries + 1 <= ratio * (requests + 1);
  }

  @Override
  public void sent(double now, boolean retry) {
    expire(now);
    sends.addLast(new double[] {now, retry ? 1 : 0});
    requests++;
    if (retry) {
      retries++;
    }
  }

  private void expire(double now) {
    while (!sends.isEmpty() && sends.peekFirst()[0] <= now - windowS) {
      double[] old = sends.pollFirst();
      requests--;
      if (old[1] > 0) {
        retries--;
      }
    }
  }

  public int retriesInWindow() {
    return retries;
  }

  public int requestsInWindow() {
    return requests;
  }
}
