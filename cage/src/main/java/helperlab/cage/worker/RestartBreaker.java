package helperlab.cage.worker;

/**
 * Stops restart flapping, as OTP's supervisor intensity and systemd's StartLimitBurst do, but judged on progress
 * instead of the clock: more than {@code limit} workers lost in a row before finishing an image (no worker finished
 * one in between) is a crash loop, and opens the breaker; no worker is started until it closes again
 * {@code openS} seconds later. A window of wall time would be the host's speed, not the workers': at load 30 a
 * worker takes 20 s to start, two crashes never fall in 15 s and a real loop spins on, while a slow host whose
 * workers do finish images never trips it. Work waits instead of the cage spinning.
 */
public final class RestartBreaker {
  private final int limit;
  private final double openS;
  /** Workers lost since an image was last finished, each before finishing one. */
  private int unproductive;
  private double openUntil = Double.NEGATIVE_INFINITY;
  private int trips;

  public RestartBreaker(int limit, double openS) {
    this.limit = limit;
    this.openS = openS;
  }

  /**
   * A worker was lost (crashed, killed); {@code finishedAnImage}: it had finished at least one before. Returns true
   * if this opened the breaker.
   */
  public boolean lost(double now, boolean finishedAnImage) {
    if (finishedAnImage) {
      return false; // it did work: not a loop of workers that never get anywhere
    }
    unproductive++;
    if (!isOpen(now) && unproductive > limit) {
      openUntil = now + openS;
      trips++;
      unproductive = 0;
      return true;
    }
    return false;
  }

  /** A worker finished an image: the cage gets somewhere, the count starts again. */
  public void progress() {
    unproductive = 0;
  }

  /** Workers lost in a row before finishing an image, since the last image finished (or the last trip). */
  public int unproductive() {
    return unproductive;
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

  /** How long it stays open once tripped (seconds of the supervisor's clock): a pause, not a judgement. */
  public double windowS() {
    return openS;
  }
}
