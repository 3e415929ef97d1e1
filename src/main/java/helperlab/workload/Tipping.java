package helperlab.workload;

import helperlab.model.Calibration;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.Task;
import java.util.List;
import java.util.Locale;

/**
 * When a run tipped over: the stated criterion for "healthy" and "down", read from a {@link RecoveryMeter}'s
 * seconds. A second is <em>down</em> when, over the sliding window ending at it (the meter's window, 60 s in an
 * hour-long run):
 * <ul>
 *   <li>fewer than {@value #MET_SHARE_BELOW} of the tasks settled in the window met their deadline (a window in
 *       which nothing settled counts as none met), and</li>
 *   <li>work piles up past what the machine can do: the mean number of live processes is above the worker
 *       budget (the processes the machine is sized for), or the mean queue is above the images the machine
 *       resizes in one window at the run's mean image cost.</li>
 * </ul>
 * The run <em>tipped</em> at the first second of the first stretch of down seconds that lasts the meter's hold
 * (120 s in an hour-long run); before that it was <em>healthy</em>. Both conditions are needed: a pool whose
 * admission refuses most of an overload has a low met share but no pile of work (it sheds, it has not fallen
 * over), and a queue of one large batch that is still met is not down. A run that tipped before its trigger
 * (the whole down stretch before the trigger's start) was <em>down before the trigger</em>: its recovery is not
 * measured, as there was nothing to come back to.
 */
public final class Tipping {
  public static final double MET_SHARE_BELOW = 0.5;

  private Tipping() {}

  /**
   * What the machine can do, against which work piles up: {@code processes} the worker budget, {@code
   * queueImages} the images it resizes in one window.
   */
  public record Capacity(double processes, double queueImages) {
    public Capacity {
      if (!(processes > 0) || !(queueImages > 0)) {
        throw new IllegalArgumentException("a capacity needs processes > 0 and queue images > 0, got "
            + processes + " and " + queueImages);
      }
    }

    /**
     * A run's capacity: its worker budget, and the images its machine resizes in a window of {@code windowS}
     * seconds at the mean forecast cost of the run's images (one image a second when it has none).
     */
    public static Capacity of(int workerBudget, MachineSpec machine, Calibration calibration, List<Task> tasks,
        double windowS) {
      double work = 0;
      int images = 0;
      for (Task t : tasks) {
        for (ImageSpec i : t.images()) {
          work += calibration.forecastSeconds(i.megapixels(), t.preset());
          images++;
        }
      }
      double meanS = images == 0 || work <= 0 ? 1 : work / images;
      double perWindow = machine.cores() * machine.speedOrDefault() * windowS / meanS;
      return new Capacity(Math.max(1, workerBudget), Math.max(1, perWindow));
    }
  }

  /** The second the run tipped (the start of its first down stretch that held), or null: it never did. */
  public static Double tippedAtS(RecoveryMeter meter, Capacity capacity, double endS) {
    int window = (int) meter.spans().windowS();
    int hold = (int) meter.spans().holdS();
    int last = Math.min((int) Math.floor(endS), meter.lastSecond());
    int downSince = -1;
    for (int s = 0; s <= last; s++) {
      if (!down(meter, capacity, Math.max(0, s - window + 1), s + 1)) {
        downSince = -1;
        continue;
      }
      if (downSince < 0) {
        downSince = s;
      }
      if (s - downSince >= hold) {
        return (double) downSince;
      }
    }
    return null;
  }

  /** The window of seconds [lo, hi) is down: few met and work piling up past capacity. */
  static boolean down(RecoveryMeter meter, Capacity capacity, int lo, int hi) {
    double met = meter.share(lo, hi);
    boolean fewMet = Double.isNaN(met) || met < MET_SHARE_BELOW;
    boolean pilingUp = meter.meanProcesses(lo, hi) > capacity.processes()
        || meter.meanQueue(lo, hi) > capacity.queueImages();
    return fewMet && pilingUp;
  }

  /** In words: "tipped at 1:01" or "healthy throughout". */
  public static String describe(Double tippedAtS) {
    return tippedAtS == null ? "healthy throughout" : "tipped at " + clock(tippedAtS);
  }

  /** A recovery in words: "down before the trigger (tipped at 1:01)", "recovered in 0:42", "not recovered". */
  public static String describe(Recovery r) {
    if (r.downBeforeTrigger()) {
      return "down before the trigger (" + describe(r.tippedAtS()) + ")";
    }
    String outcome = r.recoveryS() != null ? "recovered in " + clock(r.recoveryS()) + " after the trigger"
        : "not recovered";
    return r.tippedAtS() == null ? outcome : outcome + " (" + describe(r.tippedAtS()) + ")";
  }

  /** Seconds as a run's clock: 1:01, 1:02:03. */
  static String clock(double seconds) {
    long s = Math.round(Math.max(0, seconds));
    return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s % 3600 / 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }

  /** Tipped before {@code trigger} started, the down stretch held before it: the run was down already. */
  public static boolean downBefore(Double tippedAtS, Trigger trigger, RecoveryMeter.Windows spans) {
    return tippedAtS != null && tippedAtS + spans.holdS() <= trigger.atS();
  }
}
