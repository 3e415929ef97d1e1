package helperlab.cage.worker;

import java.util.ArrayDeque;

/**
 * Stops restart flapping, as OTP's supervisor intensity and systemd's StartLimitBurst do: more than
 * {@code limit} workers lost in {@code windowS} seconds opens the breaker, and no worker is started
 * until it closes again {@code windowS} seconds later. Work waits instead of the cage spinning.
 */
public final class RestartBreaker {
  private final int limit;
  private final double windowS;
  private final ArrayDeque<Double> losses = new ArrayDeque<>();
  private double openUntil = Double.NEGATIVE_INFINITY;
  private int trips;

  public RestartBreaker(int limit, double windowS) {
    this.limit = limit;
    this.windowS = windowS;
  }

  /** A worker was lost (crashed, killed); returns true if this opened the breaker. */
  public boolean lost(double now) {
    losses.addLast(now);
    while (!losses.isEmpty() && losses.peekFirst() < now - windowS) {
      losses.pollFirst();
    }
    if (!isOpen(now) && losses.size() > limit) {
      openUntil = now + windowS;
      trips++;
      losses.clear();
      return true;
    }
    return false;
  }

  public boolean isOpen(double now) {
    return now < openUntil;
  }

  public double openUntil() {
    return openUntil;
  }

  public int trips() {
    return trips;
  }

  public int limit() {
    return limit;
  }

  public double windowS() {
    return windowS;
  }
}
