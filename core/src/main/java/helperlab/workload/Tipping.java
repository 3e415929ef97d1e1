package helperlab.workload;

import helperlab.model.Calibration;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.Task;
import java.util.List;
import java.util.Locale;

/**
 * When a run has collapsed, judged on outcomes alone (docs/parameters.md, "Healthy, saturated, collapsed"). A second
 * {@code t} is judged on the window of the {@code tippingWindowS} seconds before it (300 s in an hour-long run):
 * <ul>
 *   <li><b>goodput</b>: the work (each task's forecast CPU, times what the work really costs over the forecast) of
 *   the tasks that <em>arrived</em> in the window and met their deadline, whenever they settled, over what the
 *   machine could carry of it: the work offered in the window, or what the machine can do in the window if that is
 *   less (its cores at its speed, less a slowdown's share, over a cost jump's factor);</li>
 *   <li><b>busy</b>: the CPU the run's processes used in the window (resizing, starting, work killed) over what the
 *   machine had.</li>
 * </ul>
 * The second is <em>down</em> (collapsed) when goodput is under {@value #GOODPUT_BELOW} while the machine is busy, at
 * least {@value #BUSY_FROM} of its CPU used: it is working and what it delivers is under half of what it could. Low
 * goodput on a machine with a fifth or more of its time spare is lateness, not a pile of work: not down. A second
 * not down whose window was offered more work than the machine can do is <em>saturated</em> (admission refused the
 * excess and goodput held); otherwise it is healthy. Nothing is said of a second before the first full window (the
 * warm-up: the first state is judged on the tasks of the run's first window), and a task whose fate is not known yet
 * (no outcome, its deadline still ahead) is left out of its window. The policy's shape (processes, queue, budget) is
 * never read. How the seconds make a run's course (a state holds only after the hold) is {@link TippingCourse}'s.
 */
public final class Tipping {
  /** Down below this share of the work the machine could carry. */
  public static final double GOODPUT_BELOW = 0.5;
  /** ... while the machine's processes use at least this share of its CPU. */
  public static final double BUSY_FROM = 0.8;
  /** The name a judged record carries for this criterion (records without one were judged by the old one). */
  public static final String CRITERION = "goodput-while-busy";

  private Tipping() {}

  /**
   * What the machine could carry of a run: each task's work by id (forecast CPU seconds times the work factor) and
   * deadline, the machine's work per second (cores × speed, in the forecast's seconds) and its CPU per second
   * (cores), and the run's trigger (null: none), whose slowdown takes a share of the machine and whose cost jump
   * makes the work cost more while it lasts.
   */
  public record Capacity(double[] taskWorkS, double[] deadlineS, double workPerS, double cpuPerS, Trigger trigger) {
    public Capacity {
      if (!(workPerS > 0) || !(cpuPerS > 0) || taskWorkS.length != deadlineS.length) {
        throw new IllegalArgumentException("a capacity needs work and CPU per second > 0 and a deadline per task, got "
            + workPerS + ", " + cpuPerS);
      }
    }

    /** A run's tasks on its machine, the work really costing {@code workFactor} times the forecast. */
    public static Capacity of(MachineSpec machine, Calibration calibration, List<Task> tasks, double workFactor,
        Trigger trigger) {
      int n = tasks.stream().mapToInt(Task::id).max().orElse(-1) + 1;
      double[] work = new double[n];
      double[] deadline = new double[n];
      for (Task t : tasks) {
        double w = 0;
        for (ImageSpec i : t.images()) {
          w += calibration.forecastSeconds(i.megapixels(), t.preset());
        }
        work[t.id()] = w * workFactor;
        deadline[t.id()] = t.deadlineS();
      }
      return new Capacity(work, deadline, machine.cores() * machine.speedOrDefault(), machine.cores(),
          trigger == null || trigger.isNone() ? null : trigger);
    }

    /**
     * The same tasks on {@code machine} (a sweep prices a group's tasks once and runs every policy of the group on
     * them; a policy may run on a variant of the group's machine): the same arrays, the machine's work and CPU.
     */
    public Capacity on(MachineSpec machine) {
      double work = machine.cores() * machine.speedOrDefault();
      return work == workPerS && machine.cores() == cpuPerS ? this
          : new Capacity(taskWorkS, deadlineS, work, machine.cores(), trigger);
    }

    double work(int task) {
      return task >= 0 && task < taskWorkS.length ? taskWorkS[task] : 0;
    }

    /** The task's deadline; infinite for a task this capacity does not know (its fate waits for its outcome). */
    double deadline(int task) {
      return task >= 0 && task < deadlineS.length ? deadlineS[task] : Double.POSITIVE_INFINITY;
    }

    /** The work the machine can carry in second {@code s}, in the forecast's seconds. */
    double workIn(int s) {
      return trigger == null ? workPerS : workPerS * trigger.cpuLeftAt(s + 0.5) / trigger.costFactorAt(s + 0.5);
    }

    /** The CPU seconds the machine has in second {@code s}. */
    double cpuIn(int s) {
      return trigger == null ? cpuPerS : cpuPerS * trigger.cpuLeftAt(s + 0.5);
    }
  }

  /**
   * The criterion's thresholds: the goodput share under which, the busy share from which, the window a second is
   * judged on (also the warm-up) and the hold a state needs. The lab's are {@link #of(RecoveryMeter.Windows)}; others
   * are for checking how much a verdict hangs on them (TippingThresholdsTest).
   */
  public record Thresholds(double goodputBelow, double busyFrom, int windowS, int holdS) {
    public Thresholds {
      if (!(goodputBelow > 0 && goodputBelow <= 1) || !(busyFrom >= 0 && busyFrom <= 1) || windowS < 1 || holdS < 0) {
        throw new IllegalArgumentException("tipping thresholds: goodput in (0, 1], busy in [0, 1], window >= 1 s, "
            + "hold >= 0 s; got " + goodputBelow + ", " + busyFrom + ", " + windowS + ", " + holdS);
      }
    }

    /** The lab's thresholds with a meter's spans. */
    public static Thresholds of(RecoveryMeter.Windows spans) {
      return new Thresholds(GOODPUT_BELOW, BUSY_FROM, (int) spans.tippingWindowS(), (int) spans.holdS());
    }
  }

  /** The run's course up to {@code endS}: its seconds judged and the states they held. */
  public static TippingCourse course(RecoveryMeter meter, Capacity capacity, double endS) {
    return course(meter, capacity, endS, Thresholds.of(meter.spans()));
  }

  /** The run's course judged with other thresholds. */
  public static TippingCourse course(RecoveryMeter meter, Capacity capacity, double endS, Thresholds th) {
    int window = th.windowS();
    int last = Math.min((int) Math.floor(endS), meter.lastSecond());
    int n = Math.max(0, last + 1);
    double[] offered = new double[n + 1];
    double[] met = new double[n + 1];
    meter.forEachArrival((task, arrivalS, outcome) -> {
      int a = (int) Math.floor(arrivalS);
      if (a >= n) {
        return;
      }
      if (outcome == RecoveryMeter.Outcome.NONE && capacity.deadline(task) > meter.lastSecond()) {
        return; // its fate is not known yet
      }
      double w = capacity.work(task);
      offered[a + 1] += w;
      if (outcome == RecoveryMeter.Outcome.MET) {
        met[a + 1] += w;
      }
    });
    double[] workCap = new double[n + 1];
    double[] cpuCap = new double[n + 1];
    double[] cpu = new double[n + 1];
    for (int s = 0; s < n; s++) {
      offered[s + 1] += offered[s];
      met[s + 1] += met[s];
      workCap[s + 1] = workCap[s] + capacity.workIn(s);
      cpuCap[s + 1] = cpuCap[s] + capacity.cpuIn(s);
      cpu[s + 1] = cpu[s] + meter.cpuUsedIn(s);
    }
    boolean[] down = new boolean[n];
    boolean[] saturated = new boolean[n];
    double[] goodput = new double[n];
    double[] busy = new double[n];
    java.util.Arrays.fill(goodput, Double.NaN);
    java.util.Arrays.fill(busy, Double.NaN);
    for (int t = window; t < n; t++) {
      int lo = t - window;
      double o = offered[t] - offered[lo];
      double can = workCap[t] - workCap[lo];
      busy[t] = (cpu[t] - cpu[lo]) / (cpuCap[t] - cpuCap[lo]);
      if (o <= 0) {
        continue; // nothing asked, nothing lost
      }
      goodput[t] = (met[t] - met[lo]) / Math.min(o, can);
      down[t] = goodput[t] < th.goodputBelow() && busy[t] >= th.busyFrom();
      saturated[t] = !down[t] && o > can;
    }
    return new TippingCourse(window, th.holdS(), (int) Math.floor(endS), down, saturated, goodput, busy);
  }

  /** When the run tipped (from healthy into down, the first time), or null: it never did (or was never healthy). */
  public static Double tippedAtS(RecoveryMeter meter, Capacity capacity, double endS) {
    return course(meter, capacity, endS).tippedAtS();
  }

  /** In words: "healthy throughout", "never healthy", "tipped at 31:02, escaped at 40:10". */
  public static String describe(TippingCourse c) {
    return describe(c.summary());
  }

  /** In words, from what a record keeps. */
  public static String describe(TippingCourse.Summary s) {
    StringBuilder b = new StringBuilder();
    if (s.neverHealthy()) {
      b.append("never healthy (its first state after the warm-up was down, from ").append(clock(s.spellStart(0)));
      b.append(s.downAtEnd() && s.spells().size() == 1 ? " to the end)" : ")");
    } else if (s.tippedAtS() == null) {
      b.append("healthy throughout");
    } else {
      b.append("tipped at ").append(clock(s.tippedAtS()));
    }
    if (s.escapedAtS() != null) {
      b.append(", escaped at ").append(clock(s.escapedAtS()));
    }
    if (s.spells().size() > 1) {
      b.append(String.format(Locale.ROOT, ", %d spells down", s.spells().size()));
    }
    if ((s.tippedAtS() != null || s.spells().size() > 1) && s.downAtEnd()) {
      b.append(", down at the end");
    }
    if (s.saturatedS() > 0) {
      b.append(String.format(Locale.ROOT, "; saturated %.0f s (offered more than the machine can do, goodput held)",
          s.saturatedS()));
    }
    return b.toString();
  }

  /** A recovery in words: "down before the trigger (never healthy)", "recovered in 0:42 after the trigger". */
  public static String describe(Recovery r) {
    if (r.downBeforeTrigger()) {
      return "down before the trigger (" + (r.neverHealthy() ? "never healthy"
          : r.tippedAtS() == null ? "down" : "tipped at " + clock(r.tippedAtS())) + ")";
    }
    String outcome = r.recoveryS() != null ? "recovered in " + clock(r.recoveryS()) + " after the trigger"
        : "not recovered";
    return r.tippedAtS() == null ? outcome : outcome + " (tipped at " + clock(r.tippedAtS()) + ")";
  }

  /** Seconds as a run's clock: 1:01, 1:02:03. */
  public static String clock(double seconds) {
    long s = Math.round(Math.max(0, seconds));
    return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s % 3600 / 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }

  /** The criterion in one line, for outputs that name it. */
  public static String words(RecoveryMeter.Windows spans) {
    return String.format(Locale.ROOT, "down: under %.0f%% of the work the machine could carry delivered on time "
        + "(tasks arriving in the %.0f s before the second) while its processes used %.0f%%+ of its CPU; a state "
        + "holds after %.0f s; nothing judged before the first full window", 100 * GOODPUT_BELOW, spans.tippingWindowS(),
        100 * BUSY_FROM, spans.holdS());
  }
}
