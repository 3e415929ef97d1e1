package helperlab.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A scheduling policy: its family and every knob, so the simulator and the cage run exactly the same
 * thing. The seventeen named policies are in {@link PolicyCatalog}; a spec can also be sent whole
 * (JSON) to change a knob.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PolicySpec(
    @JsonProperty(required = true) String id,
    @JsonProperty(required = true) Family family,
    @JsonProperty(required = true) boolean budgeted,
    @JsonProperty("pool") Pool pool,
    @JsonProperty("split") Split split,
    @JsonProperty("scaling") Scaling scaling,
    @JsonProperty("client") ClientSettings client,
    @JsonProperty("help_budget") HelpBudgetSettings helpBudget) {

  /** A policy without a help budget. */
  public PolicySpec(String id, Family family, boolean budgeted, Pool pool, Split split, Scaling scaling, ClientSettings client) {
    this(id, family, budgeted, pool, split, scaling, client, null);
  }

  /** How work is given to processes. */
  public enum Family {
    /** Long-lived workers take k images at a time from a shared queue. */
    POOL,
    /** One helper process per task, which may split its images across more helpers. */
    HELPERS
  }

  /** Queue order. */
  public enum Order { FIFO, EDF }

  /** When a helper decides its task is late and calls for help. */
  public enum CallForHelp { NONE, TIMER, FORECAST }

  /** How an autoscaled pool sets its size. */
  public enum ScalingMode { FIXED, LAG, HPA }

  /** How the client behaves. */
  public enum ClientMode {
    ONE_SHOT, RETRY, RETRY_THROTTLED,
    /** Envoy's retry budget: retries in flight at most budget_ratio of requests in flight, at least budget_min. */
    RETRY_BUDGET,
    /** The SRE book's per-client budget: retries at most budget_ratio of recent sends. */
    RETRY_RATIO
  }

  /**
   * What a client does when the service refuses a send: wait the Retry-After it was given (and give up if it was
   * given none), re-send at once, or back off exponentially ignoring what the service said. The last two re-send
   * any refusal, within the client's attempts and deadline.
   */
  public enum RetryAfter {
    HONOUR("honour"), AT_ONCE("at-once"), BACKOFF("backoff");

    /** "At once": one network round trip later. */
    public static final double AT_ONCE_S = 0.01;
    /** The back-off's first wait, doubled each attempt, at most {@link #BACKOFF_MAX_S}; no jitter (runs stay reproducible). */
    public static final double BACKOFF_BASE_S = 1;
    public static final double BACKOFF_MAX_S = 60;

    private final String id;

    RetryAfter(String id) {
      this.id = id;
    }

    @com.fasterxml.jackson.annotation.JsonValue
    public String id() {
      return id;
    }

    @com.fasterxml.jackson.annotation.JsonCreator
    public static RetryAfter of(String id) {
      for (RetryAfter r : values()) {
        if (r.id.equals(id)) {
          return r;
        }
      }
      throw new IllegalArgumentException("client.retry_after must be honour, at-once or backoff, got '" + id + "'");
    }

    /**
     * How long to wait before re-sending a refusal with {@code retryAfterS} (negative: the service said not to
     * come back) on send number {@code attempts}; negative: do not re-send.
     */
    public double waitS(double retryAfterS, int attempts) {
      return switch (this) {
        case HONOUR -> retryAfterS;
        case AT_ONCE -> AT_ONCE_S;
        case BACKOFF -> Math.min(BACKOFF_MAX_S, BACKOFF_BASE_S * Math.pow(2, Math.max(0, attempts - 1)));
      };
    }
  }

  /** Pool knobs: queue order, images handed out at a time, and how long an idle worker lingers. */
  public record Pool(
      @JsonProperty(required = true) Order order,
      @JsonProperty(required = true) int chunk,
      @JsonProperty(value = "idle_timeout_s", required = true) double idleTimeoutS) {
    public Pool {
      if (order == null) {
        throw new IllegalArgumentException("pool.order must be fifo or edf");
      }
      if (chunk < 1 || chunk > 10_000) {
        throw new IllegalArgumentException("pool.chunk must be between 1 and 10000, got " + chunk);
      }
      if (!(idleTimeoutS >= 0)) {
        throw new IllegalArgumentException("pool.idle_timeout_s must be >= 0, got " + idleTimeoutS);
      }
    }
  }

  /**
   * Splitting knobs: the trigger, the timer's share of a task's deadline window after which it is
   * late, the pause between two splits of one helper, and whether helpers yield at image boundaries.
   */
  public record Split(
      @JsonProperty(required = true) CallForHelp trigger,
      @JsonProperty(value = "timer_fraction", required = true) double timerFraction,
      @JsonProperty(value = "cooldown_s", required = true) double cooldownS,
      @JsonProperty(value = "yield", required = true) boolean yieldToUrgent) {
    public Split {
      if (trigger == null) {
        throw new IllegalArgumentException("split.trigger must be none, timer or forecast");
      }
      if (!(timerFraction >= 0 && timerFraction <= 1)) {
        throw new IllegalArgumentException("split.timer_fraction must be between 0 and 1, got " + timerFraction);
      }
      if (!(cooldownS >= 0)) {
        throw new IllegalArgumentException("split.cooldown_s must be >= 0, got " + cooldownS);
      }
    }
  }

  /**
   * Autoscaling knobs, after the Kubernetes HPA: sync period, target backlog per worker (seconds),
   * tolerance, scale-down stabilisation window, the most a step may multiply the size, and whether
   * the size is capped at the worker budget.
   */
  public record Scaling(
      @JsonProperty(required = true) ScalingMode mode,
      @JsonProperty(value = "sync_s", required = true) double syncS,
      @JsonProperty(value = "target_lag_s", required = true) double targetLagS,
      @JsonProperty(required = true) double tolerance,
      @JsonProperty(value = "down_window_s", required = true) double downWindowS,
      @JsonProperty(value = "max_step_factor", required = true) double maxStepFactor,
      @JsonProperty(required = true) boolean capped) {
    public Scaling {
      if (mode == null) {
        throw new IllegalArgumentException("scaling.mode must be fixed, lag or hpa");
      }
      if (!(syncS > 0)) {
        throw new IllegalArgumentException("scaling.sync_s must be > 0, got " + syncS);
      }
      if (!(targetLagS > 0)) {
        throw new IllegalArgumentException("scaling.target_lag_s must be > 0, got " + targetLagS);
      }
      if (!(tolerance >= 0 && tolerance < 1)) {
        throw new IllegalArgumentException("scaling.tolerance must be in [0, 1), got " + tolerance);
      }
      if (!(downWindowS >= 0)) {
        throw new IllegalArgumentException("scaling.down_window_s must be >= 0, got " + downWindowS);
      }
      if (!(maxStepFactor >= 1)) {
        throw new IllegalArgumentException("scaling.max_step_factor must be >= 1 (use a large number for none), got " + maxStepFactor);
      }
    }
  }

  /**
   * Client knobs: a retrying client re-sends a task that has no answer after {@code timeoutFraction}
   * of its deadline window, up to {@code maxAttempts} sends; a throttled one follows gRPC's retry
   * throttling (a token bucket of {@code maxTokens}, +{@code tokenRatio} per success, -1 per failure,
   * retries only while more than half full).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ClientSettings(
      @JsonProperty(required = true) ClientMode mode,
      @JsonProperty(value = "timeout_fraction", required = true) double timeoutFraction,
      @JsonProperty(value = "max_attempts", required = true) int maxAttempts,
      @JsonProperty(value = "max_tokens", required = true) double maxTokens,
      @JsonProperty(value = "token_ratio", required = true) double tokenRatio,
      @JsonProperty("budget_ratio") Double budgetRatio,
      @JsonProperty("budget_min") Integer budgetMin,
      @JsonProperty("retry_after") RetryAfter retryAfter) {

    public ClientSettings(ClientMode mode, double timeoutFraction, int maxAttempts, double maxTokens, double tokenRatio) {
      this(mode, timeoutFraction, maxAttempts, maxTokens, tokenRatio, null, null);
    }

    /** A client that honours Retry-After. */
    public ClientSettings(ClientMode mode, double timeoutFraction, int maxAttempts, double maxTokens, double tokenRatio,
        Double budgetRatio, Integer budgetMin) {
      this(mode, timeoutFraction, maxAttempts, maxTokens, tokenRatio, budgetRatio, budgetMin, null);
    }

    /** This client reacting to refusals as {@code r} says (honour: written as absent, as before). */
    public ClientSettings withRetryAfter(RetryAfter r) {
      return new ClientSettings(mode, timeoutFraction, maxAttempts, maxTokens, tokenRatio, budgetRatio, budgetMin,
          r == RetryAfter.HONOUR ? null : r);
    }

    /** What the client does on a refusal (absent: honour Retry-After). */
    public RetryAfter retryAfterOrHonour() {
      return retryAfter == null ? RetryAfter.HONOUR : retryAfter;
    }

    public ClientSettings {
      if (mode == null) {
        throw new IllegalArgumentException("client.mode must be one_shot, retry, retry_throttled, retry_budget or retry_ratio");
      }
      if (budgetRatio != null && !(budgetRatio >= 0 && budgetRatio <= 1)) {
        throw new IllegalArgumentException("client.budget_ratio must be in [0, 1], got " + budgetRatio);
      }
      if (budgetMin != null && budgetMin < 0) {
        throw new IllegalArgumentException("client.budget_min must be 0 or more, got " + budgetMin);
      }
      if (!(timeoutFraction > 0 && timeoutFraction <= 1)) {
        throw new IllegalArgumentException("client.timeout_fraction must be in (0, 1], got " + timeoutFraction);
      }
      if (maxAttempts < 1 || maxAttempts > 100) {
        throw new IllegalArgumentException("client.max_attempts must be between 1 and 100, got " + maxAttempts);
      }
      if (!(maxTokens > 0) || !(tokenRatio > 0)) {
        throw new IllegalArgumentException("client.max_tokens and client.token_ratio must be > 0");
      }
    }

    public double budgetRatioOr(double otherwise) {
      return budgetRatio == null ? otherwise : budgetRatio;
    }

    public int budgetMinOr(int otherwise) {
      return budgetMin == null ? otherwise : budgetMin;
    }
  }

  /**
   * A budget for help, after the retry budgets: helpers beyond each task's first may be at most
   * {@code ratio} of the tasks in flight (admitted, not finished), but {@code min} are always allowed.
   */
  public record HelpBudgetSettings(
      @JsonProperty(required = true) double ratio,
      @JsonProperty(required = true) int min) {
    public HelpBudgetSettings {
      if (!(ratio >= 0) || Double.isInfinite(ratio)) {
        throw new IllegalArgumentException("help_budget.ratio must be >= 0, got " + ratio);
      }
      if (min < 0) {
        throw new IllegalArgumentException("help_budget.min must be 0 or more, got " + min);
      }
    }
  }

  public PolicySpec {
    if (id == null || !id.matches("[a-z0-9][a-z0-9-]{0,63}")) {
      throw new IllegalArgumentException("policy id must be lower-case letters, digits and '-', got '" + id + "'");
    }
    if (family == null) {
      throw new IllegalArgumentException("family must be pool or helpers");
    }
    if (family == Family.POOL && pool == null) {
      throw new IllegalArgumentException("a pool policy needs its pool settings");
    }
    if (split == null) {
      split = new Split(CallForHelp.NONE, 0.5, 2, false);
    }
    if (scaling == null) {
      scaling = new Scaling(ScalingMode.FIXED, 15, 10, 0, 0, 1e9, true);
    }
    if (client == null) {
      client = new ClientSettings(ClientMode.ONE_SHOT, 0.5, 1, 10, 0.1);
    }
    if (helpBudget != null && family != Family.HELPERS) {
      throw new IllegalArgumentException("help_budget is for helper policies (a pool has no helpers)");
    }
    if (split.yieldToUrgent() && !budgeted) {
      throw new IllegalArgumentException("yield needs a worker budget (there is nothing to yield to without one)");
    }
  }

  /** This policy with its client reacting to refusals as {@code r} says. */
  public PolicySpec withRetryAfter(RetryAfter r) {
    return new PolicySpec(id, family, budgeted, pool, split, scaling, client.withRetryAfter(r), helpBudget);
  }

  public boolean splits() {
    return family == Family.HELPERS && split.trigger() != CallForHelp.NONE;
  }
}
