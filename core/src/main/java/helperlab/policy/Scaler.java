package helperlab.policy;

import java.util.ArrayDeque;

/** Sets an autoscaled pool's size from the queue's lag. */
abstract class Scaler {
  protected final PolicySpec.Scaling knobs;
  protected final int max;

  Scaler(PolicySpec.Scaling knobs, SchedulerConfig config) {
    this.knobs = knobs;
    this.max = knobs.capped() ? Math.min(config.workerBudget(), config.maxProcesses()) : config.maxProcesses();
  }

  static Scaler of(PolicySpec.Scaling knobs, SchedulerConfig config) {
    return switch (knobs.mode()) {
      case FIXED -> null;
      case LAG -> new Scaler(knobs, config) {
        @Override
        int size(double now, int current, Scheduler s) {
          return clamp(desired(Math.max(1, current), s));
        }
      };
      case HPA -> new HpaScaler(knobs, config);
    };
  }

  abstract int size(double now, int current, Scheduler s);

  /**
   * The HPA formula, ceil(current x metric / target), with the metric the queued work (at the
   * observed slowdown) per worker: it comes to the backlog over the target lag.
   */
  protected int desired(int current, Scheduler s) {
    double backlog = queuedWork(s) * s.slowdown();
    double perWorker = backlog / current;
    double ratio = perWorker / knobs.targetLagS();
    if (Math.abs(ratio - 1) <= knobs.tolerance()) {
      return current;
    }
    return (int) Math.ceil(current * ratio);
  }

  protected int clamp(int n) {
    return Math.max(1, Math.min(max, n));
  }

  private static double queuedWork(Scheduler s) {
    double sum = 0;
    for (TaskState t : s.waiting) {
      for (ImageJob image : t.unowned) {
        sum += image.predictedS();
      }
    }
    return sum;
  }

  /**
   * Kubernetes HPA behaviour: a tolerance band, scale-up limited to a factor per step, and scale-down
   * to the highest recommendation within the stabilisation window.
   */
  static final class HpaScaler extends Scaler {
    private final ArrayDeque<double[]> recommendations = new ArrayDeque<>();

    HpaScaler(PolicySpec.Scaling knobs, SchedulerConfig config) {
      super(knobs, config);
    }

    @Override
    int size(double now, int current, Scheduler s) {
      int base = Math.max(1, current);
      int want = clamp(desired(base, s));
      recommendations.addLast(new double[] {now, want});
      while (!recommendations.isEmpty() && recommendations.peekFirst()[0] < now - knobs.downWindowS()) {
        recommendations.pollFirst();
      }
      if (want < base) {
        double highest = want;
        for (double[] r : recommendations) {
          highest = Math.max(highest, r[1]);
        }
        return clamp((int) Math.min(base, highest));
      }
      int limit = (int) Math.ceil(base * knobs.maxStepFactor());
      return clamp(Math.min(want, limit));
    }
  }
}
