package helperlab.workload;

import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.MetricsAccumulator;
import java.util.Arrays;

/**
 * Watches a run second by second (outcomes, queue, live processes, spawns, retries, admissions, the CPU its
 * processes used) and task by task (when each was first sent and its fate), for {@link Tipping}; and
 * measures its recovery from a trigger: see {@link Recovery}. The sweep's studies judge it against
 * the same run without the trigger (its twin); on its own, against the pre-trigger baseline: the baseline is the {@link #BASELINE_S}
 * seconds before the trigger, seen through the same sliding window of {@link #WINDOW_S} seconds as
 * the recovery; the band is the range its windows covered, widened: the window's met share at most
 * {@link #MET_BAND} below the baseline's lowest, and the window's mean queue at most {@link #QUEUE_BAND}
 * above the baseline's highest (or {@link #QUEUE_SLACK} images, whichever is more), both holding for
 * {@link #HOLD_S} seconds. (A band around the baseline's mean is left by ordinary minutes of a busy
 * hour, so it measured noise, not recovery.)
 */
public final class RecoveryMeter implements EventSink {
  public static final double WINDOW_S = 60;
  public static final double MET_BAND = 0.05;
  public static final double QUEUE_BAND = 0.5;
  public static final double QUEUE_SLACK = 20;
  public static final double HOLD_S = 120;
  public static final double BASELINE_S = 600;
  public static final double AFTER_S = 600;
  /** The window {@link Tipping} judges a second on: five minutes of arrivals (docs/parameters.md). */
  public static final double TIPPING_WINDOW_S = 300;

  /**
   * The meter's spans in seconds: the sliding window of the recovery band, the hold (of a recovery and of a tipping
   * state), the baseline before the trigger, the phase after it that amplification is counted over, and the window
   * {@link Tipping} judges a second on (also the warm-up before the first judged second).
   */
  public record Windows(double windowS, double holdS, double baselineS, double afterS, double tippingWindowS) {
    /** The hour-long runs of the studies: the constants above. */
    public static final Windows HOUR = new Windows(WINDOW_S, HOLD_S, BASELINE_S, AFTER_S, TIPPING_WINDOW_S);
    /**
     * A real cage's exhibit with a trigger, a few minutes long: the hour's spans a quarter as long, so a
     * recovery fits in an exhibit a recording can afford (its replay is judged with the same).
     */
    public static final Windows EXHIBIT = new Windows(WINDOW_S / 4, HOLD_S / 4, BASELINE_S / 4, AFTER_S / 4,
        TIPPING_WINDOW_S / 4);

    public Windows {
      if (!(windowS >= 1 && holdS >= 0 && baselineS >= 1 && afterS >= 1 && tippingWindowS >= 1)) {
        throw new IllegalArgumentException("recovery windows must be >= 1 s (the hold >= 0 s)");
      }
    }
  }

  /** A task's fate as the meter saw it. */
  public enum Outcome { NONE, MET, LATE, TURNED_AWAY }

  /** Sees each task that arrived: its id, when it was first sent, and its fate so far. */
  public interface ArrivalVisitor {
    void task(int task, double arrivalS, Outcome outcome);
  }

  private final Windows spans;

  /** What the run did in each second. */
  private final RunSeconds seconds = new RunSeconds();
  /** Per batch id (tasks and retry copies): the task it is a copy of. */
  private int[] original = new int[4096];
  private boolean[] admittedOnce = new boolean[4096];
  /** Per original task: when it was first sent and its fate. */
  private final TaskFates fates = new TaskFates();

  /** A meter with the hour's spans. */
  public RecoveryMeter() {
    this(Windows.HOUR);
  }

  public RecoveryMeter(Windows spans) {
    this.spans = spans;
  }

  private void ensureTask(int id) {
    if (id >= original.length) {
      int n = Math.max(id + 1, original.length * 2);
      original = Arrays.copyOf(original, n);
      admittedOnce = Arrays.copyOf(admittedOnce, n);
    }
  }

  @Override
  public boolean readsRefusalReasons() {
    return false;
  }

  @Override
  public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
    // the bin of every event, even one not counted: it moves the last second seen
    int b = seconds.bin(t);
    switch (type) {
      case SUBMITTED -> {
        ensureTask(task);
        original[task] = value < 0 ? task : (int) value;
        if (value >= 0) {
          seconds.retried(b);
        } else {
          fates.sent(task, t);
        }
      }
      case ADMITTED -> {
        ensureTask(task);
        int o = original[task];
        ensureTask(o);
        if (!admittedOnce[o]) {
          admittedOnce[o] = true;
          seconds.admittedFirst(b);
        }
      }
      case WORKER_SPAWNED -> seconds.spawned(b);
      case TASK_MET -> {
        seconds.settled(b, true);
        fates.settled(task, Outcome.MET);
      }
      case TASK_LATE -> {
        seconds.settled(b, false);
        fates.settled(task, Outcome.LATE);
      }
      case TASK_TURNED_AWAY -> {
        seconds.settled(b, false);
        fates.settled(task, Outcome.TURNED_AWAY);
      }
      // the CPU the processes used, as the metrics count it: resizing, starting and work killed
      case IMAGE_DONE, IMAGE_KILLED, WORKER_READY -> seconds.usedCpu(b, Math.max(0, value));
      case WORKER_EXITED, WORKER_KILLED -> seconds.usedCpu(b, Math.max(0, value));
      default -> { }
    }
  }

  /** Every task whose first send was seen, in id order. */
  public void forEachArrival(ArrivalVisitor v) {
    fates.forEach(v);
  }

  /** CPU seconds the run's processes reported using in second {@code s}. */
  double cpuUsedIn(int s) {
    return seconds.cpuUsedIn(s);
  }

  @Override
  public void sample(double t, int workers, int busy, int queued, double memoryMb, MetricsAccumulator totals) {
    seconds.sample(seconds.bin(t), queued, workers);
  }

  /**
   * The recovery from {@code trigger} against the pre-trigger baseline's band (see the class), judged
   * up to {@code endS} (the end of the scenario's arrivals: after it the load drops, so coming back then
   * would not be recovering).
   */
  public Recovery recovery(Trigger trigger, double endS) {
    return recovery(trigger, endS, (TippingCourse) null);
  }

  /**
   * The recovery from {@code trigger} against the pre-trigger baseline, with the run's tipping judged against
   * {@code capacity} (null: not judged): a run down before its trigger has no recovery (see {@link Tipping}).
   */
  public Recovery recovery(Trigger trigger, double endS, Tipping.Capacity capacity) {
    return recovery(trigger, endS, capacity == null ? null : Tipping.course(this, capacity, endS));
  }

  /** The recovery against the pre-trigger baseline, with the run's course ({@code own}, null: not judged). */
  public Recovery recovery(Trigger trigger, double endS, TippingCourse own) {
    int at = (int) Math.floor(trigger.atS());
    int from = Math.max(0, at - (int) spans.baselineS());
    int window = (int) spans.windowS();
    double lowestMet = Double.NaN;
    double highestQueue = 0;
    for (int s = Math.min(from + window - 1, at - 1); s < at; s++) {
      int lo = Math.max(from, s - window + 1);
      double m = share(lo, s + 1);
      if (!Double.isNaN(m) && !(m >= lowestMet)) {
        lowestMet = m;
      }
      highestQueue = Math.max(highestQueue, meanQueue(lo, s + 1));
    }
    double metLimit = lowestMet - MET_BAND;
    double queueLimit = highestQueue + Math.max(QUEUE_BAND * highestQueue, QUEUE_SLACK);
    return recovery(trigger, endS, own, (lo, s) -> new double[] {metLimit, queueLimit});
  }

  /**
   * The recovery from {@code trigger} against {@code twin}, the same run without the trigger (the same
   * arrivals but the spike's, the same policy): back when the window's met share is at most
   * {@link #MET_BAND} below the twin's over the same seconds and its mean queue at most
   * {@link #QUEUE_BAND} (or {@link #QUEUE_SLACK} images) above the twin's, holding for {@link #HOLD_S}.
   * This separates what the trigger did from the ordinary ups and downs of the hour, which the twin
   * has too.
   */
  public Recovery recovery(Trigger trigger, double endS, RecoveryMeter twin) {
    return recovery(trigger, endS, twin, null, null);
  }

  /**
   * Against the twin, with this run's course ({@code own}) and the twin's ({@code twinCourse}; both null: tipping not
   * judged). A second at which the twin is itself down ({@link Tipping}) is no band to come back to: there the run is
   * back only when it is not down itself, or a run that never came back would be "recovered" the second its twin
   * tipped too.
   */
  public Recovery recovery(Trigger trigger, double endS, RecoveryMeter twin, TippingCourse twinCourse,
      TippingCourse own) {
    return recovery(trigger, endS, own, (lo, s) -> {
      if (twinCourse != null && own != null && twinCourse.downSecond(s)) {
        // no band from a down twin: back only when this run is not down at that second
        return own.downSecond(s) ? new double[] {Double.NaN, -1} : new double[] {Double.NaN, Double.POSITIVE_INFINITY};
      }
      double m = twin.share(lo, s + 1);
      double q = twin.meanQueue(lo, s + 1);
      return new double[] {Double.isNaN(m) ? Double.NaN : m - MET_BAND, q + Math.max(QUEUE_BAND * q, QUEUE_SLACK)};
    });
  }

  /** The band for the window of seconds [lo, s]: the lowest met share and the highest mean queue in it. */
  private interface Band {
    double[] limits(int lo, int s);
  }

  private Recovery recovery(Trigger trigger, double endS, TippingCourse own, Band band) {
    int at = (int) Math.floor(trigger.atS());
    int end = (int) Math.ceil(trigger.endS());
    int from = Math.max(0, at - (int) spans.baselineS());
    // down before the trigger: in a spell down that had held before the trigger began
    DownSpells.Spell spell = own == null ? null : own.spellAt(trigger.atS());
    boolean downBefore = spell != null && spell.fromS() + spans.holdS() <= trigger.atS();
    if (downBefore) {
      boolean never = own.neverHealthy() && spell.equals(own.spells().get(0));
      return new Recovery(null, false, nanToZero(share(from, at)), meanQueue(from, at), amplification(from, at),
          amplification(at, end), amplification(end, end + (int) spans.afterS()), true, (double) spell.fromS(), never);
    }
    int window = (int) spans.windowS();
    int last = (int) Math.floor(endS);
    int hold = (int) spans.holdS();
    Double recovery = null;
    int inBandSince = -1;
    for (int s = end; s <= last; s++) {
      int lo = Math.max(0, s - window + 1);
      double m = share(lo, s + 1);
      double[] limits = band.limits(lo, s);
      boolean ok = (Double.isNaN(m) || Double.isNaN(limits[0]) || m >= limits[0]) && meanQueue(lo, s + 1) <= limits[1];
      if (!ok) {
        inBandSince = -1;
        continue;
      }
      if (inBandSince < 0) {
        inBandSince = s;
      }
      if (s - inBandSince >= hold) {
        recovery = (double) (inBandSince - end);
        break;
      }
    }
    return new Recovery(recovery, recovery == null, nanToZero(share(from, at)), meanQueue(from, at),
        amplification(from, at), amplification(at, end), amplification(end, end + (int) spans.afterS()), false,
        own == null ? null : own.tippedAtS(), own != null && own.neverHealthy());
  }

  private static double nanToZero(double v) {
    return Double.isNaN(v) ? 0 : v;
  }

  /** The meter's spans. */
  public Windows spans() {
    return spans;
  }

  /** The last second anything was seen in. */
  int lastSecond() {
    return seconds.last();
  }

  /** Met over settled in bins [lo, hi); NaN if none settled. */
  double share(int lo, int hi) {
    return seconds.share(lo, hi);
  }

  /** The mean live processes over the sampled bins of [lo, hi); 0 if none was sampled. */
  double meanProcesses(int lo, int hi) {
    return seconds.meanProcesses(lo, hi);
  }

  /** The mean queue over the sampled bins of [lo, hi); 0 if none was sampled. */
  double meanQueue(int lo, int hi) {
    return seconds.meanQueue(lo, hi);
  }

  private Recovery.Amplification amplification(int lo, int hi) {
    return seconds.amplification(lo, hi);
  }
}
