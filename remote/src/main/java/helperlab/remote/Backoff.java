package helperlab.remote;

import java.util.function.DoubleSupplier;

/**
 * When to try a dropped link again: exponential backoff, capped, with jitter (each delay drawn
 * between half and all of the current step, so many lab windows retrying one cage do not try in
 * step), and a stated time after the first failure when it stops trying. Pure: the caller passes the
 * time, so a test drives it with a controlled clock.
 */
public final class Backoff {
  /** The first delay, the cap, and how long after the first failure to give up (0: never). */
  public record Policy(long initialMs, long maxMs, long giveUpAfterMs) {
    public Policy {
      if (initialMs <= 0 || maxMs < initialMs || giveUpAfterMs < 0) {
        throw new IllegalArgumentException("backoff needs 0 < initial <= max and a give-up time >= 0, got " + initialMs
            + ", " + maxMs + ", " + giveUpAfterMs);
      }
    }

    /** The lab's: from 1 s, at most 30 s apart, giving up 2 minutes after the link went. */
    public static final Policy LAB = new Policy(1_000, 30_000, 120_000);
  }

  /** Returned by {@link #failed} when it is time to stop trying. */
  public static final long GIVE_UP = -1;

  private final Policy policy;
  private final DoubleSupplier random;
  private long step;
  private long firstFailureMs = -1;
  private int failures;

  public Backoff(Policy policy, DoubleSupplier random) {
    this.policy = policy;
    this.random = random;
    this.step = policy.initialMs();
  }

  public Backoff(Policy policy) {
    this(policy, Math::random);
  }

  public Policy policy() {
    return policy;
  }

  /** A try failed at {@code nowMs}: the delay before the next one, or {@link #GIVE_UP}. */
  public long failed(long nowMs) {
    if (firstFailureMs < 0) {
      firstFailureMs = nowMs;
    }
    failures++;
    if (policy.giveUpAfterMs() > 0 && nowMs - firstFailureMs >= policy.giveUpAfterMs()) {
      return GIVE_UP;
    }
    long delay = step / 2 + Math.round(random.getAsDouble() * (step - step / 2));
    step = Math.min(policy.maxMs(), step * 2);
    return delay;
  }

  /** A try worked: the next failure starts from the first delay again. */
  public void succeeded() {
    step = policy.initialMs();
    firstFailureMs = -1;
    failures = 0;
  }

  /** Failures since the last success. */
  public int failures() {
    return failures;
  }

  /** When the failures began ({@code -1}: none since the last success). */
  public long failingSinceMs() {
    return firstFailureMs;
  }
}
