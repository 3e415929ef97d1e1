package helperlab.cage.intake;

import java.time.Duration;

/**
 * What keeps slow or stuck clients from stalling the intake: a connection that sends nothing for
 * {@code idleTimeout} (mid-headers or mid-body) is closed; at most {@code maxConnections} are open
 * at once (past that, new ones wait in the accept queue and the idle ones are cut sooner); the
 * handlers run on at most {@code threads} threads, and no request ever holds one while it waits for
 * its body; one client (by address) may make at most {@code requestsPerSecondPerClient} requests a
 * second, past which it gets 429.
 */
public record IntakeLimits(Duration idleTimeout, int maxConnections, int threads, int requestsPerSecondPerClient) {
  /** Loopback service defaults: a human's curl is never this slow; a stalled script is cut in ten seconds. */
  public static final IntakeLimits DEFAULT = new IntakeLimits(Duration.ofSeconds(10), 1000, 24, 2000);

  public IntakeLimits {
    if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()) {
      throw new IllegalArgumentException("idle_timeout must be positive, got " + idleTimeout);
    }
    if (maxConnections < 1) {
      throw new IllegalArgumentException("max_connections must be at least 1, got " + maxConnections);
    }
    if (threads < 4) {
      throw new IllegalArgumentException("threads must be at least 4 (the server needs some for itself), got " + threads);
    }
    if (requestsPerSecondPerClient < 1) {
      throw new IllegalArgumentException("requests_per_second_per_client must be at least 1, got "
          + requestsPerSecondPerClient);
    }
  }

  public IntakeLimits withIdleTimeout(Duration d) {
    return new IntakeLimits(d, maxConnections, threads, requestsPerSecondPerClient);
  }
}
