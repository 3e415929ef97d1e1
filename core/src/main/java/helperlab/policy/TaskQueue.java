package helperlab.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The scheduler's queue: the tasks that have images no worker owns, in the policy's order, and how many such images
 * there are. A task is in it exactly while it has one.
 */
final class TaskQueue {
  /** Tasks with unowned images, in the policy's order (the strategies read it through the scheduler). */
  final TreeSet<TaskState> waiting;
  private int images;

  TaskQueue(java.util.Comparator<TaskState> order) {
    this.waiting = new TreeSet<>(order);
  }

  /** Images admitted and not yet handed to any worker. */
  int images() {
    return images;
  }

  /** A task was admitted with all its images unowned. */
  void admitted(TaskState task) {
    images += task.unowned.size();
    enqueue(task);
  }

  /** An image goes back to the front of its task (a lost or handed-over worker's). */
  void putBack(TaskState task, ImageJob image) {
    task.unowned.addFirst(image);
    images++;
    enqueue(task);
  }

  /** Takes up to {@code n} unowned images from the head of one task. */
  List<ImageJob> take(TaskState task, int n) {
    List<ImageJob> taken = new ArrayList<>(Math.min(n, task.unowned.size()));
    while (taken.size() < n && !task.unowned.isEmpty()) {
      taken.add(task.unowned.pollFirst());
    }
    images -= taken.size();
    leaveIfEmpty(task);
    return taken;
  }

  /** {@code count} images of the task were taken from its unowned ones by a strategy itself. */
  void disown(TaskState task, int count) {
    images -= count;
    if (task.queued) {
      leaveIfEmpty(task);
    }
  }

  private void leaveIfEmpty(TaskState task) {
    if (task.unowned.isEmpty()) {
      waiting.remove(task);
      task.queued = false;
    }
  }

  private void enqueue(TaskState task) {
    if (!task.queued && !task.unowned.isEmpty()) {
      waiting.add(task);
      task.queued = true;
    }
  }
}
