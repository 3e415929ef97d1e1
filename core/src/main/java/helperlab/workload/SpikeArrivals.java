package helperlab.workload;

import helperlab.model.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A load spike's extra batches, laid over a scenario's own arrivals. They come from streams of their
 * own, so the base arrivals are the same batches with or without the spike (common random numbers:
 * only ids after the spike's first batch move up), and a spike of size 0 adds nothing.
 */
final class SpikeArrivals {
  private SpikeArrivals() {}

  /**
   * A spike's extra batches over its window (up to {@code endS}), in arrival order, with ids 0: a
   * Poisson stream at {@code size} times the base rate.
   */
  static List<Task> batches(Trigger spike, double baseRate, double endS, ArrivalGenerator generator,
      SplittableRandom times, SplittableRandom batches) {
    double rate = baseRate * spike.size();
    List<Task> extra = new ArrayList<>();
    if (!(rate > 0)) {
      return extra;
    }
    double t = spike.atS();
    while (true) {
      t -= Math.log(1 - times.nextDouble()) / rate;
      if (t >= endS) {
        break;
      }
      extra.add(generator.sampleBatch(0, t, batches));
    }
    return extra;
  }

  /**
   * @param base the scenario's batches in arrival order, ids 0, 1, 2...
   * @param baseRate batches per second outside flash crowds
   */
  static List<Task> add(List<Task> base, Trigger spike, double baseRate, double durationS, ArrivalGenerator generator,
      RandomStreams streams) {
    if (spike == null || spike.kind() != Trigger.Kind.SPIKE || spike.isNone()) {
      return base;
    }
    List<Task> extra = batches(spike, baseRate, Math.min(spike.endS(), durationS), generator,
        streams.stream("spike-arrivals"), streams.stream("spike-batches"));
    if (extra.isEmpty()) {
      return base;
    }
    List<Task> merged = new ArrayList<>(base.size() + extra.size());
    int i = 0;
    int j = 0;
    while (i < base.size() || j < extra.size()) {
      // at a tie the scenario's own batch goes first
      boolean fromBase = j >= extra.size() || (i < base.size() && base.get(i).arrivalS() <= extra.get(j).arrivalS());
      Task t0 = fromBase ? base.get(i++) : extra.get(j++);
      merged.add(new Task(merged.size(), t0.arrivalS(), t0.preset(), t0.deadlineS(), t0.images()));
    }
    return merged;
  }
}
