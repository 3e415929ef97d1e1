package helperlab.policy;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.List;

/** An admitted task inside the scheduler: images not yet handed to anyone, and what is left of its work. */
final class TaskState implements Admission.AdmittedWork {
  // Written out rather than chained (comparingDouble(...).thenComparing...): the same order, and the
  // scheduler compares tasks on nearly every call.
  static final Comparator<TaskState> BY_DEADLINE = (a, b) -> {
    int c = Double.compare(a.deadline, b.deadline);
    if (c != 0) {
      return c;
    }
    c = Double.compare(a.arrival, b.arrival);
    return c != 0 ? c : Integer.compare(a.id, b.id);
  };
  static final Comparator<TaskState> BY_ARRIVAL = (a, b) -> {
    int c = Double.compare(a.arrival, b.arrival);
    return c != 0 ? c : Integer.compare(a.id, b.id);
  };

  final int id;
  final double arrival;
  final double deadline;
  final int total;
  final double flatPerImage;
  /** Images no worker holds: the pool's queue, or a task's images waiting for a helper (whose share it may become). */
  ArrayDeque<ImageJob> unowned;
  int done;
  int dead;
  double remainingPredicted;
  boolean queued;
  /** Live workers that work for it (kept by the scheduler). */
  int liveWorkers;

  TaskState(TaskRequest request) {
    this.id = request.id();
    this.arrival = request.arrivalS();
    this.deadline = request.deadlineS();
    this.total = request.images().size();
    this.flatPerImage = request.flatWorkS() / total;
    List<ImageJob> images = request.images();
    this.unowned = new ArrayDeque<>(images.size());
    for (int i = 0; i < images.size(); i++) { // by index: addAll would go through an iterator and a lambda
      unowned.addLast(images.get(i));
    }
    this.remainingPredicted = request.predictedWorkS();
  }

  double window() {
    return deadline - arrival;
  }

  @Override
  public double deadlineS() {
    return deadline;
  }

  @Override
  public double remainingWorkS() {
    return Math.max(0, remainingPredicted);
  }

  @Override
  public double remainingFlatWorkS() {
    return flatPerImage * (total - done - dead);
  }

  boolean finished() {
    return done + dead == total;
  }
}
