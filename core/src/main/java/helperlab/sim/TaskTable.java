package helperlab.sim;

import helperlab.model.Calibration;
import helperlab.model.ImageMemoryCurve;
import helperlab.model.ImageSpec;
import helperlab.model.Task;
import helperlab.policy.ImageJob;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The run's tasks by id (the scenario's, then pressed and spike batches; retry copies take ids but
 * have no entry) with their jobs, and every image's megapixels and true work by image id.
 */
final class TaskTable {
  private final Calibration calibration;
  private final double speed;
  private final double workFactor;
  /** The scenario's tasks, as the run was given them (unmodifiable). */
  private final List<Task> arrivals;
  /**
   * By task id: the arrivals and the workload's jobs as they are (shared, never written) until a batch enters during
   * the run; then copies of their own. A sweep's run enters none, and copied both lists for nothing.
   */
  private List<Task> taskById;
  private List<List<ImageJob>> jobsById;
  private boolean ownLists;
  private double[] flatById;
  private int nextTaskId;
  /** Per image id below {@code baseImages}: the shared workload's megapixels and true work (never written). */
  private final double[] baseMp;
  private final double[] baseWork;
  private final int baseImages;
  /** Per image id below {@code baseImages}: its memory by the curve (null: the workload has another calibration). */
  private final double[] baseCurveMb;
  /**
   * Per image id from {@code baseImages} on: those of the run's own images (retry copies, pressed batches), kept
   * apart so a run never copies the workload's arrays.
   */
  private double[] extraMp = new double[0];
  private double[] extraWork = new double[0];
  private int images;

  TaskTable(List<Task> arrivals, Workload workload, Calibration calibration, double speed, double workFactor) {
    if (workload.arrivalS.length != arrivals.size()) {
      throw new IllegalArgumentException("the workload is of " + workload.arrivalS.length + " tasks, the run's of "
          + arrivals.size());
    }
    this.calibration = calibration;
    this.speed = speed;
    this.workFactor = workFactor;
    this.arrivals = List.copyOf(arrivals);
    this.taskById = this.arrivals;
    this.jobsById = workload.jobs;
    this.flatById = workload.flatWork;
    this.nextTaskId = arrivals.size();
    this.images = workload.imageCount();
    this.baseImages = images;
    this.baseMp = workload.megapixels;
    this.baseWork = workload.trueWork;
    this.baseCurveMb = workload.calibration == calibration ? workload.curveMb : null;
  }

  /** Takes the next task id (a new batch or a retry copy). */
  int nextId() {
    return nextTaskId++;
  }

  Task task(int id) {
    return taskById.get(id);
  }

  /** The tasks in id order. */
  List<Task> tasks() {
    if (arrivals.size() == taskById.size()) {
      return arrivals; // no batch entered during the run (a sweep's runs): the arrivals as they came, not a copy
    }
    return taskById.stream().filter(t -> t != null).toList();
  }

  double megapixels(int image) {
    return image < baseImages ? baseMp[image] : extraMp[image - baseImages];
  }

  double work(int image) {
    return image < baseImages ? baseWork[image] : extraWork[image - baseImages];
  }

  /**
   * The memory {@code image} needs by {@code curve}, the run's calibration's: for the workload's images as the
   * workload worked it out once for every run on it (the same function of the same megapixels).
   */
  double curveMb(int image, ImageMemoryCurve curve) {
    return baseCurveMb != null && image < baseImages ? baseCurveMb[image] : curve.mb(megapixels(image));
  }

  double flatS(int task) {
    return flatById[task];
  }

  /** A batch arriving at {@code now} with the same images and deadline window as {@code batch}, entered under a new id. */
  Task enter(double now, Task batch) {
    int id = nextId();
    Task task = new Task(id, now, batch.preset(), now + batch.windowS(), batch.images());
    if (!ownLists) {
      taskById = new ArrayList<>(taskById);
      jobsById = new ArrayList<>(jobsById);
      ownLists = true;
    }
    while (taskById.size() <= id) {
      taskById.add(null);
      jobsById.add(null);
    }
    taskById.set(id, task);
    List<ImageJob> jobs = new ArrayList<>(task.images().size());
    for (ImageSpec image : task.images()) {
      double cost = calibration.forecastSeconds(image.megapixels(), task.preset());
      int imageId = addImage(image.megapixels(), calibration.trueSeconds(image, task.preset()) * image.noise() * workFactor);
      jobs.add(new ImageJob(imageId, id, cost / speed));
    }
    jobsById.set(id, List.copyOf(jobs));
    if (flatById.length <= id) {
      flatById = Arrays.copyOf(flatById, Math.max(id + 1, flatById.length * 2));
    }
    flatById[id] = calibration.flatMillis(task.preset()) / 1000.0 / speed * task.images().size();
    return task;
  }

  /** The jobs sent as {@code copy} of task {@code taskId}: its own, or for a retry copy the same images under new ids. */
  List<ImageJob> jobsOf(int taskId, int copy) {
    List<ImageJob> jobs = jobsById.get(taskId);
    if (copy == taskId) {
      return jobs;
    }
    List<ImageJob> copied = new ArrayList<>(jobs.size());
    for (ImageJob original : jobs) {
      copied.add(new ImageJob(addImage(megapixels(original.id()), work(original.id())), copy, original.predictedS()));
    }
    return copied;
  }

  private int addImage(double megapixels, double work) {
    int i = images - baseImages;
    if (i == extraMp.length) {
      extraMp = Arrays.copyOf(extraMp, Math.max(64, i * 2));
      extraWork = Arrays.copyOf(extraWork, Math.max(64, i * 2));
    }
    extraMp[i] = megapixels;
    extraWork[i] = work;
    return images++;
  }
}
