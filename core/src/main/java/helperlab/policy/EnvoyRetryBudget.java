package helperlab.policy;

/**
 * Envoy's retry budget: retries in flight may be at most {@code percent} of the requests in flight
 * (first sends and retries alike), but never fewer than {@code minRetries} are allowed (Envoy's
 * defaults: 20% and 3).
 */
public final class EnvoyRetryBudget implements RetryBudget {
  public static final double DEFAULT_PERCENT = 0.2;
  public static final int DEFAULT_MIN_RETRIES = 3;

  private final double percent;
  private final int minRetries;
  private int active;
  private int activeRetries;

  public EnvoyRetryBudget(double percent, int minRetries) {
    if (!(percent >= 0 && percent <= 1)) {
      throw new IllegalArgumentException("a retry budget's share of active requests must be in [0, 1], got " + percent);
    }
    if (minRetries < 0) {
      throw new IllegalArgumentException("a retry budget's minimum must be 0 or more, got " + minRetries);
    }
    this.percent = percent;
    this.minRetries = minRetries;
  }

  @Override
  public boolean allowsRetry(double now) {
    return activeRetries < Math.max(minRetries, percent * active);
  }

  @Override
  public void sent(double now, boolean retry) {
    active++;
    if (retry) {
      activeRetries++;
    }
  }

  @Override
  public void ended(boolean retry) {
    active--;
    if (retry) {
      activeRetries--;
    }
  }

  public int activeRequests() {
    return active;
  }

  public int activeRetries() {
    return activeRetries;
  }
}
