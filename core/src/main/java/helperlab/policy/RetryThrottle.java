package helperlab.policy;

/**
 * gRPC's client retry throttling: a token bucket that starts full; each failed attempt takes a
 * token, each success gives back {@code tokenRatio}; retries are allowed only while more than half
 * the tokens remain. An unlimited throttle allows every retry.
 */
public final class RetryThrottle implements RetryBudget {
  private final double maxTokens;
  private final double tokenRatio;
  private final boolean unlimited;
  private double tokens;

  private RetryThrottle(double maxTokens, double tokenRatio, boolean unlimited) {
    this.maxTokens = maxTokens;
    this.tokenRatio = tokenRatio;
    this.unlimited = unlimited;
    this.tokens = maxTokens;
  }

  public static RetryThrottle grpc(double maxTokens, double tokenRatio) {
    return new RetryThrottle(maxTokens, tokenRatio, false);
  }

  public static RetryThrottle unlimited() {
    return new RetryThrottle(1, 1, true);
  }

  @Override
  public boolean allowsRetry(double now) {
    return allowsRetry();
  }

  public boolean allowsRetry() {
    return unlimited || tokens > maxTokens / 2;
  }

  @Override
  public void failure() {
    tokens = Math.max(0, tokens - 1);
  }

  @Override
  public void success() {
    tokens = Math.min(maxTokens, tokens + tokenRatio);
  }

  public double tokens() {
    return tokens;
  }
}
