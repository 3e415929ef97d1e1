package helperlab.policy;

import java.util.ArrayList;
import java.util.List;

/**
 * The scheduler's workers: by id (ids are handed out densely, so a list serves as the index), the live
 * ones in the order they started, and how many tasks at least one of them works for (the help budget
 * counts the workers beyond one per such task).
 */
final class WorkerTable {
  /** By worker id; null once gone. */
  private final List<WorkerState> byId = new ArrayList<>();
  /** Live workers, oldest first (the strategies read it as it is). */
  final List<WorkerState> live = new ArrayList<>();
  private int servedTasks;

  /** A new worker, bound to {@code task} (null: none), started {@code at}. */
  WorkerState start(TaskState task, double at) {
    WorkerState w = new WorkerState(byId.size(), task, at);
    byId.add(w);
    live.add(w);
    serve(task);
    return w;
  }

  /** The live worker {@code id}; fails naming it when there is none. */
  WorkerState get(int id) {
    WorkerState w = id >= 0 && id < byId.size() ? byId.get(id) : null;
    if (w == null) {
      throw new IllegalArgumentException("no live worker " + id);
    }
    return w;
  }

  void remove(WorkerState w) {
    byId.set(w.id, null);
    live.remove(w);
    unserve(w.task);
  }

  /** {@code w} now works for {@code to} instead of the task it had. */
  void rebind(WorkerState w, TaskState to) {
    unserve(w.task);
    w.task = to;
    serve(to);
  }

  int liveCount() {
    return live.size();
  }

  int starting() {
    int n = 0;
    for (WorkerState w : live) {
      if (w.phase == WorkerState.Phase.STARTING) {
        n++;
      }
    }
    return n;
  }

  /** Live workers beyond one per task they work for. */
  int extra() {
    return live.size() - servedTasks;
  }

  private void serve(TaskState task) {
    if (task != null && task.liveWorkers++ == 0) {
      servedTasks++;
    }
  }

  private void unserve(TaskState task) {
    if (task != null && --task.liveWorkers == 0) {
      servedTasks--;
    }
  }
}
