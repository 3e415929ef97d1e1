package helperlab.cage.run;

import helperlab.cage.store.BatchState;
import helperlab.cage.store.StoredBatch;
import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerPhase;
import helperlab.model.Task;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Who holds what in one cage run: its tasks and their images, its current workers and the images each has in hand,
 * and the ids it hands out. The one owner of that state: every change goes through an operation named for what
 * happened (register, resume, hire, assign, startNext, imageDone, inputGone, lose, deadLetter, finish, newGeneration),
 * each keeping
 * the rules of exactly-once ({@code RunInvariants} states them), so exactly-once rests on one class a test can drive
 * without processes.
 * It reports nothing and touches no file: the run around it turns each change into events and checkpoints.
 */
final class RunState {
  private final Map<Integer, WorkerProcess> workers = new HashMap<>();
  private final Map<Integer, CageTask> tasks = new LinkedHashMap<>();
  private final Map<Integer, CageTask.Image> images = new HashMap<>();
  private final Map<Long, CageTask> byBatch = new HashMap<>();
  private final List<Task> recordTasks = new ArrayList<>();
  private int nextTask;
  private int nextWorker;
  private int nextLocalImage = 1;
  private int generation;

  /** A run whose first task id is {@code firstTaskId} (an exhibit's played tasks come first, {@code played}). */
  RunState(int firstTaskId, List<Task> played) {
    this.nextTask = firstTaskId;
    this.recordTasks.addAll(played);
  }

  // ---- ids ------------------------------------------------------------------------------------

  int newTaskId() {
    return nextTask++;
  }

  int lastTaskId() {
    return nextTask - 1;
  }

  int newWorkerId() {
    return nextWorker++;
  }

  /** An id for an image that lives only in the run (an exhibit's), never in the store. */
  int newLocalImageId() {
    return nextLocalImage++;
  }

  /** Workers of an older generation (before a policy change) are no longer the run's. */
  int generation() {
    return generation;
  }

  // ---- tasks ----------------------------------------------------------------------------------

  /** A task and its images join the run; its batch, if stored, is found by its id from now on. */
  void register(CageTask t) {
    if (tasks.containsKey(t.id)) {
      throw new IllegalStateException("task " + t.id + " is already in the run");
    }
    if (t.persisted() && byBatch.containsKey(t.batchId)) {
      throw new IllegalStateException("batch " + t.batchId + " is already in the run as task " + byBatch.get(t.batchId).id);
    }
    for (CageTask.Image im : t.images()) {
      if (images.containsKey(im.id)) {
        throw new IllegalStateException("image " + im.id + " is already in the run");
      }
    }
    tasks.put(t.id, t);
    if (t.persisted()) {
      byBatch.put(t.batchId, t);
    }
    for (CageTask.Image im : t.images()) {
      images.put(im.id, im);
    }
  }

  /**
   * A batch taken back after a restart joins the run with its images as the store left them: done, dead or cancelled
   * ones stay so, and every image keeps its strikes. {@code stored} are its images in order.
   */
  void resume(CageTask t, List<StoredBatch.StoredImage> stored) {
    if (stored.size() != t.images().size()) {
      throw new IllegalArgumentException("task " + t.id + " has " + t.images().size() + " images, the store "
          + stored.size());
    }
    for (int i = 0; i < stored.size(); i++) {
      StoredBatch.StoredImage s = stored.get(i);
      t.images().get(i).restore(s.state(), s.strikes());
    }
    register(t);
  }

  /**
   * The task is over, once: MET or LATE as {@code met} says, or INPUTS_GONE when every input was taken away after
   * admission. Its state is what the store is told.
   */
  BatchState finish(CageTask t, boolean met, double now) {
    if (tasks.get(t.id) != t) {
      throw new IllegalStateException("task " + t.id + " is not the run's");
    }
    return t.finish(met, now);
  }

  /** A task as the run's record keeps it (offered, admitted or not). */
  void record(Task t) {
    recordTasks.add(t);
  }

  List<Task> recordTasks() {
    return Collections.unmodifiableList(recordTasks);
  }

  CageTask task(int id) {
    return tasks.get(id);
  }

  CageTask taskOfBatch(long batchId) {
    return byBatch.get(batchId);
  }

  CageTask.Image image(int id) {
    return images.get(id);
  }

  /** The run's tasks by id, in the order they came. */
  Map<Integer, CageTask> tasks() {
    return Collections.unmodifiableMap(tasks);
  }

  /** Another open image reads the same file (then a dead letter copies the file instead of moving it). */
  boolean sourceShared(CageTask.Image im) {
    return images.values().stream().anyMatch(o -> o != im && o.open() && o.source.equals(im.source));
  }

  // ---- workers --------------------------------------------------------------------------------

  /** A worker the scheduler asked for joins the run under its scheduler id. */
  void hire(WorkerProcess w) {
    if (w.generation() != generation) {
      throw new IllegalStateException("worker " + w.id() + " is of generation " + w.generation() + ", the run is at "
          + generation);
    }
    workers.put(w.schedulerId(), w);
  }

  WorkerProcess worker(int schedulerId) {
    return workers.get(schedulerId);
  }

  /** The run's current workers, by scheduler id. */
  Map<Integer, WorkerProcess> workers() {
    return Collections.unmodifiableMap(workers);
  }

  /** Still the run's: of this generation and not retired, lost or stopped. What else it says changes nothing. */
  boolean isCurrent(WorkerProcess w) {
    return w.phase() != WorkerPhase.GONE && w.generation() == generation && workers.get(w.schedulerId()) == w;
  }

  /** A worker retired by the scheduler leaves the run (it holds nothing by then); null when it had left already. */
  WorkerProcess retire(int schedulerId) {
    return workers.remove(schedulerId);
  }

  int busyWorkers() {
    return (int) workers.values().stream().filter(w -> w.images().inFlight() >= 0).count();
  }

  int liveWorkers() {
    return (int) workers.values().stream().filter(WorkerProcess::hasProcess).count();
  }

  // ---- images in the workers' hands -----------------------------------------------------------

  /** Images handed to a worker, in order: each is its until done, lost or dead. */
  List<CageTask.Image> assign(WorkerProcess w, List<Integer> imageIds) {
    List<CageTask.Image> given = new ArrayList<>(imageIds.size());
    for (int id : imageIds) {
      CageTask.Image im = images.get(id);
      if (im == null || !im.open() || im.worker() >= 0) {
        throw new IllegalStateException("image " + id + " cannot be assigned to worker " + w.id() + ": "
            + (im == null ? "not in the run" : im.state() + (im.worker() >= 0 ? " with worker " + im.worker() : "")));
      }
      im.assignTo(w.id());
      w.give(im.id);
      given.add(im);
    }
    return given;
  }

  /** The worker's next assigned image begins ({@code cageNow} on the supervisor's clock); null when it has none. */
  CageTask.Image startNext(WorkerProcess w, double cageNow) {
    Integer next = w.startFirst(cageNow);
    if (next == null) {
      return null;
    }
    CageTask.Image im = images.get(next);
    im.started();
    return im;
  }

  /** The worker finished an image: done, once. Null when the image was not in its hands (a stray or late frame). */
  CageTask.Image imageDone(WorkerProcess w, int imageId) {
    CageTask.Image im = takeBack(w, imageId);
    if (im != null) {
      im.done();
    }
    return im;
  }

  /** The image's input was taken away after admission: dead with no strike. Null when it was not the worker's. */
  CageTask.Image inputGone(WorkerProcess w, int imageId) {
    CageTask.Image im = takeBack(w, imageId);
    if (im != null) {
      im.inputGone();
    }
    return im;
  }

  private CageTask.Image takeBack(WorkerProcess w, int imageId) {
    CageTask.Image im = images.get(imageId);
    if (im == null || !w.takeBack(im.id)) {
      return null;
    }
    im.leftWorker();
    return im;
  }

  /** What a lost worker had: the image in flight (null if none) and the one struck for it (null if none). */
  record Lost(CageTask.Image inFlight, CageTask.Image struck) {}

  /**
   * A worker is lost: it leaves the run and every open image it held goes back to the queue; when it is to blame,
   * the first of them takes a strike for {@code cause} (the one it was working on, or would have been).
   */
  Lost lose(WorkerProcess w, String cause, boolean blame) {
    w.gone();
    workers.remove(w.schedulerId(), w);
    CageTask.Image inFlight = w.images().inFlight() >= 0 ? images.get(w.images().inFlight()) : null;
    CageTask.Image struck = null;
    for (int imageId : w.images().all()) {
      CageTask.Image im = images.get(imageId);
      if (im != null && im.open()) {
        if (blame && struck == null) {
          im.struck(cause);
          struck = im;
        }
        im.requeue();
      }
    }
    release(w);
    return new Lost(inFlight, struck);
  }

  /** A worker stopped by the run (a policy change, the end): it holds nothing from now on. */
  void release(WorkerProcess w) {
    for (int imageId : w.images().all()) {
      CageTask.Image im = images.get(imageId);
      if (im != null && im.open()) {
        im.requeue();
      }
    }
    w.dropAll();
  }

  /** An image that crashed too many workers, as the scheduler says: dead, with its strikes. */
  void deadLetter(CageTask.Image im, int strikes) {
    im.deadLettered(strikes);
  }

  /**
   * A new policy takes over: the workers (already stopped and released by the run) leave, every open image is queued
   * again, and what the old workers still say no longer counts.
   */
  void newGeneration() {
    workers.clear();
    for (CageTask.Image im : images.values()) {
      if (im.open()) {
        im.requeue();
      }
    }
    generation++;
  }

  /** The run ends: its workers (stopped and released) leave. */
  void dismissAll() {
    workers.clear();
  }

  /** Every image of the run, whatever its state (for the rules {@code RunInvariants} checks). */
  Collection<CageTask.Image> images() {
    return Collections.unmodifiableCollection(images.values());
  }
}
