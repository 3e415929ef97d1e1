package helperlab.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * What happened in a run. The meaning of an event's {@code value} depends on its type, as noted
 * on each constant; unused fields are -1.
 */
public enum EventType {
  /** A batch sent to the service; value: the original task id for a client's retry copy, else -1. */
  SUBMITTED,
  /** The service admitted a batch. */
  ADMITTED,
  /** The service refused a batch; value: Retry-After in seconds (-1 when it can never fit). */
  REFUSED,
  /** A worker process was started; task: the task a helper is bound to, or -1 for a pool worker. */
  WORKER_SPAWNED,
  /** A worker finished starting and warming up; value: CPU seconds that took. */
  WORKER_READY,
  /**
   * A worker exited on its own (done, retired, yielded, or stopped at the end of a run); note says why;
   * value: CPU seconds of start-up if it never got ready, else 0.
   */
  WORKER_EXITED,
  /** A worker was killed; value: CPU seconds of start-up lost if it was not ready yet; note: the cause. */
  WORKER_KILLED,
  /** A worker began an image. */
  IMAGE_STARTED,
  /** A worker finished an image; value: its CPU seconds. */
  IMAGE_DONE,
  /** An image's attempt was lost with its worker; value: the CPU seconds thrown away. */
  IMAGE_KILLED,
  /** An image crashed too many workers and went to the dead-letter queue. */
  IMAGE_DEAD,
  /** A batch copy whose results nobody used (a retry that lost the race); its CPU counts as wasted. */
  DISCARDED,
  /** A client's task completed by its deadline; value: finish minus deadline (seconds, zero or less). */
  TASK_MET,
  /** A client's task completed late or failed; value: finish minus deadline (seconds). */
  TASK_LATE,
  /** A client's task was never admitted. */
  TASK_TURNED_AWAY,
  /** The policy in force changed (a live run); note: the new policy id. */
  POLICY_SET,
  /** The viewer lost the live stream for a while (drawn as a gap); value: seconds disconnected. */
  DISCONNECTED,
  /** A real cage's CPU cap changed (a slowdown trigger began or ended); value: the cap in cores now; note: why. */
  CPU_CAP;

  private final String wire = name().toLowerCase(Locale.ROOT);

  @JsonValue
  public String wire() {
    return wire;
  }

  @com.fasterxml.jackson.annotation.JsonCreator
  public static EventType fromWire(String s) {
    for (EventType t : values()) {
      if (t.wire.equals(s)) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown event type '" + s + "'");
  }
}
