package helperlab.sim;

import helperlab.model.Calibration;
import helperlab.model.ImageMemoryCurve;
import helperlab.model.ImageSpec;
import helperlab.model.Task;
import helperlab.policy.ImageJob;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's tasks as the engine needs them, computed once per arrival stream and shared by every
 * policy run on it: per image its megapixels and true work (seconds of the calibrated server's
 * core, noise included), per task the scheduler's view (predicted costs, flat estimate).
 */
public final class Workload {
  final List<Task> tasks;
  final double[] megapixels;
  final double[] trueWork;
  final int[] firstImage;
  final List<List<ImageJob>> jobs;
  final double[] flatWork;
  /** Each task's arrival time, in arrival order (the event loop reads the next one on every step). */
  final double[] arrivalS;
  /** The calibration it was computed with, and per image the memory its curve says the image needs. */
  final Calibration calibration;
  final double[] curveMb;

  public Workload(List<Task> tasks, Calibration calibration, double speed) {
    this(tasks, calibration, speed, 1.0);
  }

  /** With each image's true work scaled by {@code workFactor}, unknown to the scheduler's predictions. */
  public Workload(List<Task> tasks, Calibration calibration, double speed, double workFactor) {
    this.tasks = tasks;
    this.calibration = calibration;
    ImageMemoryCurve curve = ImageMemoryCurve.of(calibration);
    int images = 0;
    for (Task t : tasks) {
      images += t.images().size();
    }
    megapixels = new double[images];
    trueWork = new double[images];
    curveMb = new double[images];
    firstImage = new int[tasks.size()];
    flatWork = new double[tasks.size()];
    arrivalS = new double[tasks.size()];
    for (int i = 0; i < arrivalS.length; i++) {
      arrivalS[i] = tasks.get(i).arrivalS();
    }
    List<List<ImageJob>> all = new ArrayList<>(tasks.size());
    int id = 0;
    for (Task t : tasks) {
      firstImage[t.id()] = id;
      flatWork[t.id()] = calibration.flatMillis(t.preset()) / 1000.0 / speed * t.images().size();
      ImageJob[] taskJobs = new ImageJob[t.images().size()];
      for (int i = 0; i < taskJobs.length; i++) {
        ImageSpec image = t.images().get(i);
        double mp = image.megapixels();
        double cost = calibration.forecastSeconds(mp, t.preset());
        megapixels[id] = mp;
        curveMb[id] = curve.mb(mp);
        trueWork[id] = calibration.trueSeconds(image, t.preset()) * image.noise() * workFactor;
        taskJobs[i] = new ImageJob(id, t.id(), cost / speed);
        id++;
      }
      all.add(List.of(taskJobs));
    }
    this.jobs = List.copyOf(all);
  }

  int imageCount() {
    return megapixels.length;
  }
}
