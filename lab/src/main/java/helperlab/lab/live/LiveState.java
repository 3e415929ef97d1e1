package helperlab.lab.live;

/** Where a live run is. */
public enum LiveState {
  /** Nothing started yet (or reset): the first press or Run starts it. */
  READY,
  RUNNING,
  PAUSED,
  /** Ended (its record was delivered). */
  FINISHED,
  /** Stopped by an error (the message was delivered). */
  FAILED
}
