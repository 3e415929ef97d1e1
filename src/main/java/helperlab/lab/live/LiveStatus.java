package helperlab.lab.live;

/** A snapshot of a live run, published by the run's thread and read by the window at frame rate. */
public record LiveStatus(LiveState state, double timeS, double durationS, double speed, int workers, int busy,
    int queue, double memoryMb, int spawns, int submitted, int met, int late, int refused, int pressed) {

  public static final LiveStatus READY = new LiveStatus(LiveState.READY, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}
