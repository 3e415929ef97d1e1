package helperlab.policy;

import java.util.Arrays;

/**
 * Admits a batch only if the earliest-deadline-first schedule of everything admitted, with it, still
 * meets the batch's deadline and makes no task late that was on time before. A refusal says after
 * how many seconds the same batch (same deadline window) would fit if nothing else arrived. With flat
 * prices every image is priced at its preset's flat average instead of its own forecast.
 */
public final class EdfFitAdmission implements Admission {
  private final double capacity;
  private final double taskCapacity;
  private final boolean flatPrices;
  private double[] deadlines = new double[64];
  private double[] works = new double[64];

  /** Use {@link Admission#of}, which checks the capacity. */
  EdfFitAdmission(double capacityCores, double taskCores, boolean flatPrices) {
    this.capacity = capacityCores;
    this.taskCapacity = taskCores;
    this.flatPrices = flatPrices;
  }

  @Override
  public AdmissionDecision decide(double now, TaskRequest request, Iterable<? extends AdmittedWork> admitted) {
    double work = flatPrices ? request.flatWorkS() : request.predictedWorkS();
    if (work / taskCapacity > request.windowS()) {
      return AdmissionDecision.refuse(-1, new TooLong(work / taskCapacity, taskCapacity, request.windowS()));
    }
    int n = 0;
    for (AdmittedWork w : admitted) {
      if (n == deadlines.length) {
        deadlines = Arrays.copyOf(deadlines, n * 2);
        works = Arrays.copyOf(works, n * 2);
      }
      deadlines[n] = w.deadlineS();
      works[n] = flatPrices ? w.remainingFlatWorkS() : w.remainingWorkS();
      n++;
    }
    if (fits(now, request.deadlineS(), work, n, 0)) {
      return AdmissionDecision.ADMIT;
    }
    return AdmissionDecision.refuse(retryAfter(now, request.windowS(), work, n),
        "the earliest-deadline schedule would miss a deadline");
  }

  /**
   * Whether the candidate fits at time {@code now}, with the first {@code n} admitted tasks (in
   * deadline order) after {@code drained} seconds of work have been taken off their front.
   */
  private boolean fits(double now, double deadline, double work, int n, double drained) {
    double ahead = 0; // work scheduled before the candidate
    boolean placed = false;
    for (int i = 0; i < n; i++) {
      double w = works[i];
      if (drained > 0) {
        double take = Math.min(drained, w);
        drained -= take;
        w -= take;
        if (w <= 1e-12) {
          continue;
        }
      }
      if (deadlines[i] <= deadline) {
        ahead += w;
        continue;
      }
      if (!placed) {
        placed = true;
        if (finish(now, ahead, work) > deadline) {
          return false;
        }
      }
      ahead += w;
      double without = now + ahead / capacity;
      if (without <= deadlines[i] && without + work / capacity > deadlines[i]) {
        return false;
      }
    }
    return placed || finish(now, ahead, work) <= deadline;
  }

  /** When the candidate is done: after the work ahead of it, and no sooner than its own work at one batch's most. */
  private double finish(double now, double ahead, double work) {
    return now + Math.max((ahead + work) / capacity, work / taskCapacity);
  }

  /** Seconds until the batch would fit, draining admitted work in deadline order and nothing new arriving. */
  private double retryAfter(double now, double window, double work, int n) {
    double total = 0;
    for (int i = 0; i < n; i++) {
      total += works[i];
    }
    double drainAll = total / capacity + 1;
    double lo = 0;
    double hi = 1;
    while (!fits(now + hi, now + hi + window, work, n, hi * capacity)) {
      lo = hi;
      if (hi > drainAll) {
        return -1; // unreachable: an empty service takes a batch that fits its own window
      }
      hi *= 2;
    }
    while (hi - lo > 0.5) {
      double mid = (lo + hi) / 2;
      if (fits(now + mid, now + mid + window, work, n, mid * capacity)) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return Math.ceil(hi);
  }

  /** A batch that needs longer at the most one batch gets than its whole deadline window. */
  record TooLong(double needsS, double taskCores, double windowS) implements AdmissionDecision.Reason {
    @Override
    public String text() {
      return "needs " + fmt(needsS) + " s at the most one batch gets (" + fmt(taskCores) + " cores) but its deadline allows "
          + fmt(windowS) + " s";
    }

    private static String fmt(double s) {
      return String.format(java.util.Locale.ROOT, "%.1f", s);
    }
  }
}
