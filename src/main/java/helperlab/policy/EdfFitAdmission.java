package helperlab.policy;

import java.util.ArrayList;
import java.util.List;

/**
 * Admits a batch only if the earliest-deadline-first schedule of everything admitted, with it, still
 * meets the batch's deadline and makes no task late that was on time before. A refusal says after
 * how many seconds the same batch (same deadline window) would fit if nothing else arrived.
 */
public final class EdfFitAdmission implements Admission {
  private final double capacity;

  public EdfFitAdmission(double capacityCores) {
    if (!(capacityCores > 0)) {
      throw new IllegalArgumentException("admission capacity must be > 0 cores, got " + capacityCores);
    }
    this.capacity = capacityCores;
  }

  @Override
  public AdmissionDecision decide(double now, TaskRequest request, Iterable<? extends AdmittedWork> admitted) {
    double work = request.predictedWorkS();
    if (work / capacity > request.windowS()) {
      return AdmissionDecision.refuse(-1, "needs " + fmt(work / capacity) + " s at full capacity but its deadline allows "
          + fmt(request.windowS()) + " s");
    }
    List<double[]> queue = new ArrayList<>();
    for (AdmittedWork w : admitted) {
      queue.add(new double[] {w.deadlineS(), w.remainingWorkS()});
    }
    if (fits(now, request.deadlineS(), work, queue)) {
      return AdmissionDecision.ADMIT;
    }
    return AdmissionDecision.refuse(retryAfter(now, request.windowS(), work, queue),
        "the earliest-deadline schedule would miss a deadline");
  }

  /** Queue entries are {deadline, work} in deadline order. */
  private boolean fits(double now, double deadline, double work, List<double[]> queue) {
    double ahead = 0; // work scheduled before the candidate
    double candidateFinish = Double.NaN;
    for (double[] q : queue) {
      if (q[0] <= deadline) {
        ahead += q[1];
        continue;
      }
      if (Double.isNaN(candidateFinish)) {
        candidateFinish = now + (ahead + work) / capacity;
        if (candidateFinish > deadline) {
          return false;
        }
      }
      ahead += q[1];
      double without = now + ahead / capacity;
      double with = without + work / capacity;
      if (without <= q[0] && with > q[0]) {
        return false;
      }
    }
    return !Double.isNaN(candidateFinish) || now + (ahead + work) / capacity <= deadline;
  }

  /** Seconds until the batch would fit, draining admitted work in deadline order and nothing new arriving. */
  private double retryAfter(double now, double window, double work, List<double[]> queue) {
    double total = 0;
    for (double[] q : queue) {
      total += q[1];
    }
    double lo = 0;
    double hi = 1;
    double drainAll = total / capacity + 1;
    while (!fitsAfter(now, hi, window, work, queue)) {
      lo = hi;
      if (hi > drainAll) {
        return -1; // cannot happen once all is drained, as the batch fits an empty service
      }
      hi *= 2;
    }
    while (hi - lo > 0.5) {
      double mid = (lo + hi) / 2;
      if (fitsAfter(now, mid, window, work, queue)) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return Math.ceil(hi);
  }

  private boolean fitsAfter(double now, double delay, double window, double work, List<double[]> queue) {
    double drained = delay * capacity;
    List<double[]> left = new ArrayList<>();
    for (double[] q : queue) {
      double take = Math.min(drained, q[1]);
      drained -= take;
      if (q[1] - take > 1e-12) {
        left.add(new double[] {q[0], q[1] - take});
      }
    }
    double at = now + delay;
    return fits(at, at + window, work, left);
  }

  private static String fmt(double s) {
    return String.format(java.util.Locale.ROOT, "%.1f", s);
  }
}
