package helperlab.policy;

import java.util.ArrayDeque;

/** A worker process as the scheduler tracks it. */
final class WorkerState {
  enum Phase { STARTING, IDLE, BUSY }

  final int id;
  /** The task a helper is bound to (it changes when a yielding helper is handed over); null for a pool worker. */
  TaskState task;
  /** A helper's images not yet started; it is handed them one at a time (the deque may be swapped with a task's). */
  ArrayDeque<ImageJob> share = new ArrayDeque<>();
  /** Images handed to the worker and not yet reported done, in order; the first is in flight. */
  final ArrayDeque<ImageJob> assigned = new ArrayDeque<>();
  Phase phase = Phase.STARTING;
  double idleSince;
  double lastSplitAt;
  /** When the image now in flight started (the worker runs an assignment back to back). */
  double inFlightSince;
  /** When it was spawned. */
  final double spawnedAt;
  /** Images it has finished, done or failed (a fresh worker's first ones cost more: {@link ColdStart}). */
  int imagesDone;

  WorkerState(int id, TaskState task, double now) {
    this.id = id;
    this.task = task;
    this.lastSplitAt = now;
    this.spawnedAt = now;
  }

  boolean ready() {
    return phase != Phase.STARTING;
  }

  /** Takes image {@code imageId} off the worker's assignment (usually its head); fails if it was not given it. */
  ImageJob takeAssigned(int imageId) {
    ImageJob head = assigned.peekFirst();
    if (head != null && head.id() == imageId) {
      return assigned.pollFirst();
    }
    for (ImageJob image : assigned) {
      if (image.id() == imageId) {
        assigned.remove(image);
        return image;
      }
    }
    throw new IllegalArgumentException("worker " + id + " was not given image " + imageId);
  }
}
