package helperlab.policy;

/**
 * Whether a client may send a retry now. The client tells it every copy it sends and every copy
 * that ends (answered, refused, or dropped because its task was answered), and each success or
 * failure; the budgets differ in what they count: gRPC's throttle a token bucket of outcomes
 * ({@link RetryThrottle}), Envoy's the retries in flight against all requests in flight
 * ({@link EnvoyRetryBudget}), the SRE book's the share of recent sends that were retries
 * ({@link RetryRatioBudget}).
 */
public interface RetryBudget {
  boolean allowsRetry(double now);

  default void sent(double now, boolean retry) {}

  default void ended(boolean retry) {}

  default void success() {}

  default void failure() {}

  /** The budget a client's knobs ask for (none: every retry allowed). */
  static RetryBudget of(PolicySpec.ClientSettings knobs) {
    return switch (knobs.mode()) {
      case RETRY_THROTTLED -> RetryThrottle.grpc(knobs.maxTokens(), knobs.tokenRatio());
      case RETRY_BUDGET -> new EnvoyRetryBudget(knobs.budgetRatioOr(EnvoyRetryBudget.DEFAULT_PERCENT),
          knobs.budgetMinOr(EnvoyRetryBudget.DEFAULT_MIN_RETRIES));
      case RETRY_RATIO -> new RetryRatioBudget(knobs.budgetRatioOr(RetryRatioBudget.DEFAULT_RATIO),
          RetryRatioBudget.DEFAULT_WINDOW_S);
      default -> RetryThrottle.unlimited();
    };
  }
}
