package helperlab.workload;

import helperlab.model.Calibration;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.Task;
import java.util.ArrayList;
import java.util.List;

/**
 * The tipping criterion the phase points were registered with (lab-runs/preregistration/phase-points.md, issue 29),
 * kept as it was so their verdict is judged by the rule stated before recording. It is not the lab's criterion
 * ({@link Tipping}): it judged by a policy's shape (its process count against the worker budget), so a
 * process-per-task policy was "down" where a budgeted one with the same outcomes was not (issue 43). A second is
 * <em>down</em> when, over the sliding window ending at it (60 s in an hour-long run), fewer than half of the tasks
 * settled in the window met their deadline (none settled counts as none met) and the mean number of live processes
 * is above the worker budget or the mean queue above the images the machine resizes in one window. The run tipped at
 * the first second of the first down stretch lasting the hold (120 s), counted from second 0.
 */
public final class RegisteredTipping {
  public static final double MET_SHARE_BELOW = 0.5;

  private RegisteredTipping() {}

  /** What the machine can do, as this criterion read it: the worker budget and a window's images. */
  public record Capacity(double processes, double queueImages) {
    public Capacity {
      if (!(processes > 0) || !(queueImages > 0)) {
        throw new IllegalArgumentException("a capacity needs processes > 0 and queue images > 0, got "
            + processes + " and " + queueImages);
      }
    }

    /** A run's: its worker budget, and the images its machine resizes in {@code windowS} at its mean image cost. */
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
    List<DownSpells.Spell> spells = spells(meter, capacity, endS);
    return spells.isEmpty() ? null : (double) spells.get(0).fromS();
  }

  /** The window of seconds [lo, hi) is down: few met and work piling up past capacity. */
  static boolean down(RecoveryMeter meter, Capacity capacity, int lo, int hi) {
    double met = meter.share(lo, hi);
    boolean fewMet = Double.isNaN(met) || met < MET_SHARE_BELOW;
    boolean pilingUp = meter.meanProcesses(lo, hi) > capacity.processes()
        || meter.meanQueue(lo, hi) > capacity.queueImages();
    return fewMet && pilingUp;
  }

  /** The down spells up to {@code endS}: entered where a down stretch held, left where a stretch not down held. */
  public static List<DownSpells.Spell> spells(RecoveryMeter meter, Capacity capacity, double endS) {
    int window = (int) meter.spans().windowS();
    int hold = (int) meter.spans().holdS();
    int last = Math.min((int) Math.floor(endS), meter.lastSecond());
    List<DownSpells.Spell> spells = new ArrayList<>();
    boolean inDown = false;
    int enteredAt = -1;
    int since = -1;
    for (int s = 0; s <= last; s++) {
      boolean down = down(meter, capacity, Math.max(0, s - window + 1), s + 1);
      if (down == inDown) {
        since = -1;
        continue;
      }
      if (since < 0) {
        since = s;
      }
      if (s - since >= hold) {
        if (inDown) {
          spells.add(new DownSpells.Spell(enteredAt, since, true));
        } else {
          enteredAt = since;
        }
        inDown = !inDown;
        since = -1;
      }
    }
    if (inDown) {
      spells.add(new DownSpells.Spell(enteredAt, Math.max(enteredAt, (int) Math.floor(endS)), false));
    }
    return spells;
  }
}
