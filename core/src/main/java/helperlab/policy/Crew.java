package helperlab.policy;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.List;

/**
 * The moves the strategies make with workers: start one, hand it images, hand it over to another task, retire
 * it; each is a {@link Command} the driver carries out. A worker's images it has not started go back to the
 * front of their tasks.
 */
final class Crew {
  private final WorkerTable workers;
  private final TaskQueue queue;
  private final AdmittedTasks tasks;
  /** Read at every spawn: its config (the process ceiling) changes on a replan. */
  private final AdmissionPlan plan;
  private final List<Command> out;

  Crew(WorkerTable workers, TaskQueue queue, AdmittedTasks tasks, AdmissionPlan plan, List<Command> out) {
    this.workers = workers;
    this.queue = queue;
    this.tasks = tasks;
    this.plan = plan;
    this.out = out;
  }

  /** Starts a worker {@code now} unless the hard process ceiling is reached; null if it is. */
  WorkerState spawn(TaskState boundTo, double now) {
    if (workers.live.size() >= plan.config().maxProcesses()) {
      return null;
    }
    WorkerState w = workers.start(boundTo, now);
    out.add(new Command.Spawn(w.id, boundTo == null ? -1 : boundTo.id));
    return w;
  }

  boolean canSpawnWithin(int cap) {
    return workers.live.size() < Math.min(cap, plan.config().maxProcesses());
  }

  /** Hands images to a ready worker; the list becomes the command's and must not be changed after. */
  void assign(WorkerState w, List<ImageJob> images, double now) {
    assign(w, images, Collections.unmodifiableList(images), now);
  }

  /** Hands one image to a ready worker (a helper's next). */
  void assign(WorkerState w, ImageJob image, double now) {
    List<ImageJob> images = List.of(image); // unmodifiable already
    assign(w, images, images, now);
  }

  private void assign(WorkerState w, List<ImageJob> images, List<ImageJob> unmodifiable, double now) {
    if (w.phase == WorkerState.Phase.STARTING) {
      throw new IllegalStateException("worker " + w.id + " is not ready");
    }
    if (w.assigned.isEmpty()) {
      w.inFlightSince = now;
    }
    for (int i = 0; i < images.size(); i++) { // by index: addAll would go through an iterator and a lambda
      w.assigned.addLast(images.get(i));
    }
    w.phase = WorkerState.Phase.BUSY;
    out.add(new Command.Assign(w.id, unmodifiable));
  }

  /** Rebinds a ready helper to another task (its own unstarted images go back first). */
  void handOver(WorkerState w, TaskState to, double now) {
    if (!w.assigned.isEmpty()) {
      throw new IllegalStateException("worker " + w.id + " still has images");
    }
    giveBack(w);
    workers.rebind(w, to);
    w.lastSplitAt = now;
    out.add(new Command.Handover(w.id, to.id));
  }

  void retire(WorkerState w, String reason) {
    if (!w.assigned.isEmpty()) {
      throw new IllegalStateException("worker " + w.id + " still has images");
    }
    giveBack(w);
    workers.remove(w);
    out.add(new Command.Retire(w.id, reason));
  }

  /** Sends a helper's unstarted share back to its task in order (first image ends up first). */
  void giveBack(WorkerState w) {
    returnAll(w.share);
  }

  /** Sends {@code images} back to the front of their tasks, last first, so each task keeps them in order. */
  void returnAll(ArrayDeque<ImageJob> images) {
    for (ImageJob image = images.pollLast(); image != null; image = images.pollLast()) {
      queue.putBack(tasks.get(image.task()), image);
    }
  }
}
