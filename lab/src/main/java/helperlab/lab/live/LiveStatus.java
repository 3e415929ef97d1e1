package helperlab.lab.live;

/**
 * A snapshot of a live run, published by the run's thread and read by the window at frame rate;
 * {@code trigger} is the last trigger started in the run and what came of it (null: none).
 */
public record LiveStatus(LiveState state, double timeS, double durationS, double speed, int workers, int busy,
    int queue, double memoryMb, int spawns, int submitted, int met, int late, int refused, int pressed,
    LiveTrigger trigger) {

  public static final LiveStatus READY = atStart(LiveState.READY, 0, 1, 0);

  /**
   * A run at its time zero, before anything has happened in it: no workers, no queue, nothing counted; only its
   * state, length, speed and the presses of the big button made before it began.
   */
  public static LiveStatus atStart(LiveState state, double durationS, double speed, int pressed) {
    return new LiveStatus(state, 0, durationS, speed, 0, 0, 0, 0, 0, 0, 0, 0, 0, pressed, null);
  }
}
