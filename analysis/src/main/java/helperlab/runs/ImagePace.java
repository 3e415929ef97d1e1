package helperlab.runs;

import helperlab.model.EventType;
import helperlab.model.ImageSpec;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import helperlab.model.Task;
import java.util.HashMap;
import java.util.Map;

/**
 * How much more CPU a real run's images took than its calibration prices them at, from all its images: over the
 * tasks whose every image was done, the CPU the workers reported for them over what the calibration says they cost.
 * The speed probe says the host's pace from a few resizes before the run; this says it through the run, with the
 * run's own mix of images and two workers sharing the machine (so a little above the probe's on a steady host).
 */
public final class ImagePace {
  private ImagePace() {}

  /** The run's images' CPU over their calibrated cost, or null when no task had every image done. */
  public static Double of(RunRecord run) {
    Map<Integer, Double> cpu = new HashMap<>();
    Map<Integer, Integer> done = new HashMap<>();
    for (RunEvent e : run.events()) {
      if (e.type() == EventType.IMAGE_DONE) {
        cpu.merge(e.task(), e.value(), Double::sum);
        done.merge(e.task(), 1, Integer::sum);
      }
    }
    double spent = 0;
    double priced = 0;
    for (Task t : run.tasks()) {
      Integer n = done.get(t.id());
      if (n == null || n != t.images().size()) {
        continue; // a task cut short: which of its images were done the events do not say
      }
      spent += cpu.get(t.id());
      for (ImageSpec image : t.images()) {
        priced += run.calibration().trueSeconds(image, t.preset()) * image.noise();
      }
    }
    return priced > 0 ? spent / priced : null;
  }
}
