package helperlab.lab.live;

/**
 * A snapshot of a live run, published by the run's thread and read by the window at frame rate;
 * {@code trigger} is the last trigger started in the run and what came of it (null: none).
 */
public record LiveStatus(LiveState state, double timeS, double durationS, double speed, int workers, int busy,
    int queue, double memoryMb, int spawns, int submitted, int met, int late, int refused, int pressed,
    LiveTrigger trigger) {

  public static final LiveStatus READY = new LiveStatus(LiveState.READY, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  /** A snapshot of a run without a trigger. */
  public LiveStatus(LiveState state, double timeS, double durationS, double speed, int workers, int busy, int queue,
      double memoryMb, int spawns, int submitted, int met, int late, int refused, int pressed) {
    this(state, timeS, durationS, speed, workers, busy, queue, memoryMb, spawns, submitted, met, late, refused, pressed,
        null);
  }
}
