package helperlab.cage.run;

import helperlab.cage.store.BatchState;
import helperlab.model.Calibration;
import helperlab.model.ImageSpec;
import helperlab.model.Task;
import helperlab.policy.ImageJob;
import helperlab.policy.TaskRequest;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A batch inside a run, as the supervisor tracks it: its task id in the run (the scheduler's), its
 * batch id in the store (-1 for an exhibit's batches, which live only in the run), its deadline
 * and its images with their states, strikes and the worker holding them. Its counts and states change only through
 * {@link RunState}, which keeps them agreeing.
 */
public final class CageTask {
  public enum ImageState { QUEUED, ASSIGNED, RUNNING, DONE, DEAD, CANCELLED }

  /** One image of the batch. */
  public static final class Image {
    public final int id;
    final CageTask task;
    public final int idx;
    public final Path source;
    public final Path output;
    final int width;
    final int height;
    final double predictedS;
    private ImageState state = ImageState.QUEUED;
    private int strikes;
    /** What each strike of this run was for (strikes from before a restart are counted, not named). */
    private final List<String> strikeCauses = new ArrayList<>();
    private int worker = -1;

    public Image(int id, CageTask task, int idx, Path source, Path output, int width, int height, double predictedS) {
      this.id = id;
      this.task = task;
      this.idx = idx;
      this.source = source;
      this.output = output;
      this.width = width;
      this.height = height;
      this.predictedS = predictedS;
    }

    double megapixels() {
      return (double) width * height / 1e6;
    }

    ImageJob job() {
      return new ImageJob(id, task.id, predictedS);
    }

    boolean open() {
      return state == ImageState.QUEUED || state == ImageState.ASSIGNED || state == ImageState.RUNNING;
    }

    public ImageState state() {
      return state;
    }

    public int strikes() {
      return strikes;
    }

    /** What each strike of this run was for. */
    List<String> strikeCauses() {
      return Collections.unmodifiableList(strikeCauses);
    }

    /** The id of the worker holding it, or -1. */
    int worker() {
      return worker;
    }

    /** As the store left it before a restart: its strikes, and done, dead or cancelled when it was (else queued). */
    void restore(String storedState, int storedStrikes) {
      strikes = storedStrikes;
      switch (storedState) {
        case "done" -> {
          state = ImageState.DONE;
          task.done++;
        }
        case "dead" -> {
          state = ImageState.DEAD;
          task.dead++;
        }
        case "cancelled" -> state = ImageState.CANCELLED;
        default -> { }
      }
    }

    void assignTo(int workerId) {
      state = ImageState.ASSIGNED;
      worker = workerId;
    }

    void started() {
      state = ImageState.RUNNING;
    }

    /** Out of its worker's hands (done, gone or lost). */
    void leftWorker() {
      worker = -1;
    }

    public void done() {
      state = ImageState.DONE;
      task.done++;
    }

    /** Its input was taken away after admission: dead, with no strike. */
    void inputGone() {
      state = ImageState.DEAD;
      task.dead++;
      task.inputsGone++;
    }

    /** A strike against it, for {@code cause}. */
    void struck(String cause) {
      strikes++;
      strikeCauses.add(cause);
    }

    /** Back in the queue, no worker's. */
    void requeue() {
      state = ImageState.QUEUED;
      worker = -1;
    }

    /** Dead after {@code finalStrikes}: it crashed too many workers. */
    void deadLettered(int finalStrikes) {
      state = ImageState.DEAD;
      strikes = finalStrikes;
      worker = -1;
      task.dead++;
    }
  }

  /** Images that failed because their input was taken away after admission. */
  private int inputsGone;
  public final int id;
  public final long batchId;
  public final String origin;
  public final String preset;
  final int longEdge;
  final double arrivalS;
  final double deadlineS;
  public final Instant deadlineAt;
  /** For a retry copy in an exhibit: the client's task it copies; else its own id. */
  final int original;
  private final List<Image> images = new ArrayList<>();
  private int done;
  private int dead;
  /** ADMITTED while open; then MET, LATE or INPUTS_GONE (every input taken away after admission). */
  private BatchState state = BatchState.ADMITTED;
  private double finishedS = -1;

  CageTask(int id, long batchId, String origin, String preset, int longEdge, double arrivalS, double deadlineS,
      Instant deadlineAt, int original) {
    this.id = id;
    this.batchId = batchId;
    this.origin = origin;
    this.preset = preset;
    this.longEdge = longEdge;
    this.arrivalS = arrivalS;
    this.deadlineS = deadlineS;
    this.deadlineAt = deadlineAt;
    this.original = original;
  }

  /** Its images in order. */
  public List<Image> images() {
    return Collections.unmodifiableList(images);
  }

  /** An image of the batch, added while it is made (before it joins a run). */
  Image addImage(int imageId, int idx, Path source, Path output, int width, int height, double predictedS) {
    Image im = new Image(imageId, this, idx, source, output, width, height, predictedS);
    images.add(im);
    return im;
  }

  public int done() {
    return done;
  }

  public int dead() {
    return dead;
  }

  int inputsGone() {
    return inputsGone;
  }

  public BatchState state() {
    return state;
  }

  /** The checkpoint that carries its end to the store (null while open, or for a batch the store never held). */
  public helperlab.cage.store.Checkpoint endedIn;

  /** When it finished (run seconds), or -1 while open. */
  double finishedS() {
    return finishedS;
  }

  /**
   * Over, once: MET or LATE as {@code met} says, or INPUTS_GONE when every input was taken away after admission.
   */
  BatchState finish(boolean met, double now) {
    if (finished()) {
      throw new IllegalStateException("task " + id + " finished already (" + state.wire() + ")");
    }
    state = inputsGone > 0 && inputsGone == images.size() ? BatchState.INPUTS_GONE
        : met ? BatchState.MET : BatchState.LATE;
    finishedS = now;
    return state;
  }

  boolean persisted() {
    return batchId >= 0;
  }

  boolean finished() {
    return state != BatchState.ADMITTED;
  }

  /**
   * The work a flat admission counts for it: the calibration's flat average for its preset times its images, or
   * without one its images' own predictions.
   */
  double flatWorkS(Calibration c) {
    Double ms = c.flatAverageMs().get(preset);
    if (ms != null) {
      return ms / 1000.0 * images.size();
    }
    return images.stream().mapToDouble(im -> im.predictedS).sum();
  }

  /** The scheduler's view, with its flat work as {@code c} counts it. */
  TaskRequest request(Calibration c) {
    return request(flatWorkS(c));
  }

  /** As a run's record keeps it, seen at {@code now}: arriving no later than now, due after it arrived. */
  Task record(double now) {
    double arrival = Math.max(0, Math.min(arrivalS, now));
    double deadline = Math.max(arrival + 1e-3, deadlineS);
    return new Task(id, arrival, preset, deadline, images.stream().map(im -> new ImageSpec(im.width, im.height)).toList());
  }

  /** The scheduler's view: the images still to do, from {@code arrivalS} (which may be before this run began). */
  TaskRequest request(double flatWorkS) {
    List<ImageJob> jobs = new ArrayList<>();
    for (Image im : images) {
      if (im.open()) {
        jobs.add(im.job());
      }
    }
    return new TaskRequest(id, arrivalS, deadlineS, jobs, flatWorkS);
  }

  Map<Integer, Integer> strikes() {
    Map<Integer, Integer> m = new TreeMap<>();
    for (Image im : images) {
      if (im.strikes > 0 && im.open()) {
        m.put(im.id, im.strikes);
      }
    }
    return m;
  }

  int openImages() {
    int n = 0;
    for (Image im : images) {
      if (im.open()) {
        n++;
      }
    }
    return n;
  }
}
