package helperlab.cage.worker;

/**
 * When things happened to one worker, on the supervisor's clock (-1: not yet): what the watchdog times its start and
 * its silence by, and the pool its retirement. Written only by its handle, from the operations named for those events.
 */
public final class WorkerMarks {
  private final double spawnedAt;
  private double launchedAt = -1;
  private double helloAt = -1;
  private double readyAt = -1;
  private double lastHeartbeat = -1;
  private double retiredAt = -1;

  WorkerMarks(double spawnedAt) {
    this.spawnedAt = spawnedAt;
  }

  /** When the pool made its handle. */
  public double spawnedAt() {
    return spawnedAt;
  }

  /** When its process was started (or failed to start). */
  public double launchedAt() {
    return launchedAt;
  }

  /** When it said hello. */
  public double helloAt() {
    return helloAt;
  }

  /** When it said it was ready. */
  public double readyAt() {
    return readyAt;
  }

  /** Its last sign of life (a heartbeat, any frame). */
  public double lastHeartbeat() {
    return lastHeartbeat;
  }

  /** When it was asked to exit. */
  public double retiredAt() {
    return retiredAt;
  }

  void launched(double at) {
    launchedAt = at;
  }

  void hello(double at) {
    helloAt = at;
    lastHeartbeat = at;
  }

  void heard(double at) {
    lastHeartbeat = at;
  }

  void ready(double at) {
    readyAt = at;
    lastHeartbeat = at;
  }

  void retired(double at) {
    retiredAt = at;
  }
}
