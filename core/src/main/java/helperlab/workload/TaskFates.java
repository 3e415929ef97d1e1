package helperlab.workload;

import java.util.Arrays;

/**
 * Each task's first send and its fate, by the task's id (a client's outcome names its own task, never a retry copy),
 * as a run's events report them: what {@link Tipping} judges a window's arrivals by.
 */
final class TaskFates {
  private double[] arrivalS = nan(4096);
  private RecoveryMeter.Outcome[] outcome = new RecoveryMeter.Outcome[4096];
  private int seen;

  private static double[] nan(int n) {
    double[] a = new double[n];
    Arrays.fill(a, Double.NaN);
    return a;
  }

  private void ensure(int task) {
    if (task >= arrivalS.length) {
      int n = Math.max(task + 1, arrivalS.length * 2);
      int old = arrivalS.length;
      arrivalS = Arrays.copyOf(arrivalS, n);
      Arrays.fill(arrivalS, old, n, Double.NaN);
      outcome = Arrays.copyOf(outcome, n);
    }
  }

  /** The task's first send at {@code t} (later sends of it change nothing). */
  void sent(int task, double t) {
    ensure(task);
    if (Double.isNaN(arrivalS[task])) {
      arrivalS[task] = t;
      seen = Math.max(seen, task + 1);
    }
  }

  /** The task's fate, the first one reported. */
  void settled(int task, RecoveryMeter.Outcome o) {
    if (task < 0) {
      return;
    }
    ensure(task);
    if (outcome[task] == null) {
      outcome[task] = o;
    }
  }

  void forEach(RecoveryMeter.ArrivalVisitor v) {
    for (int i = 0; i < seen; i++) {
      if (!Double.isNaN(arrivalS[i])) {
        v.task(i, arrivalS[i], outcome[i] == null ? RecoveryMeter.Outcome.NONE : outcome[i]);
      }
    }
  }
}
