package helperlab.policy;

import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

/**
 * The tasks admitted and not yet finished: by id, in deadline order (as admission reads them), and how each ends:
 * once every image is done or dead, it leaves with a {@link Command.TaskFinished}.
 */
final class AdmittedTasks {
  private final TreeSet<TaskState> byDeadline = new TreeSet<>(TaskState.BY_DEADLINE);
  /** The same tasks as admission reads them (a view, made once: admission asks at every submit). */
  final Iterable<? extends Admission.AdmittedWork> view = Collections.unmodifiableSet(byDeadline);
  private final IdTable<TaskState> byId = new IdTable<>();
  private final List<Command> out;

  /** Finished tasks are reported in {@code out}, the scheduler's commands. */
  AdmittedTasks(List<Command> out) {
    this.out = out;
  }

  /** Fails if a task with {@code request}'s id was already submitted (and is not finished). */
  void checkNew(TaskRequest request) {
    if (byId.containsKey(request.id())) {
      throw new IllegalArgumentException("task " + request.id() + " was already submitted");
    }
  }

  void add(TaskState task) {
    byId.put(task.id, task);
    byDeadline.add(task);
  }

  TaskState get(int id) {
    return byId.get(id);
  }

  int size() {
    return byDeadline.size();
  }

  /** One of a task's images ended, done or dead: a task with none left finishes {@code now}. */
  void imageEnded(ImageJob image, boolean done, double now) {
    TaskState task = byId.get(image.task());
    if (done) {
      task.done++;
    } else {
      task.dead++;
    }
    task.remainingPredicted -= image.predictedS();
    if (task.finished()) {
      byDeadline.remove(task);
      byId.remove(task.id);
      boolean met = task.dead == 0 && now <= task.deadline + 1e-9;
      out.add(new Command.TaskFinished(task.id, now, met, task.dead));
    }
  }
}
