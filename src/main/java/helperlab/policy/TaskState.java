package helperlab.policy;

import java.util.ArrayDeque;
import java.util.Comparator;

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

  TaskState(TaskRequest request) {
    this.id = request.id();
    this.arrival = request.arrivalS();
    this.deadline = request.deadlineS();
    this.total = request.images().size();
    this.flatPerImage = request.flatWorkS() / total;
    this.unowned = new ArrayDeque<>(request.images().size());
    this.unowned.addAll(request.images());
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
