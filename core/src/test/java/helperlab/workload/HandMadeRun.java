package helperlab.workload;

import helperlab.model.EventType;
import java.util.Arrays;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;

/**
 * A run made by hand, second by second, for the tipping criterion: {@code perSecond} tasks of one CPU second each
 * arrive in every second (deadlines far ahead), each met or late as {@code late} says of its arrival second, and
 * the processes report {@code cpu} CPU seconds used in each second; the machine does one CPU second of work a
 * second. So a window's goodput is the share of its arrivals met (once the offer is under capacity), and its busy
 * share the mean of {@code cpu} over it.
 */
final class HandMadeRun {
  private HandMadeRun() {}

  static final int PER_SECOND = 1;

  /** The capacity of a run of {@code endS} seconds with {@code perSecond} tasks a second: one CPU second a second. */
  static Tipping.Capacity capacity(int endS, int perSecond) {
    double[] work = new double[endS * perSecond];
    double[] deadline = new double[work.length];
    Arrays.fill(work, 1.0 / perSecond);
    Arrays.fill(deadline, 1e9);
    return new Tipping.Capacity(work, deadline, 1, 1, null);
  }

  static RecoveryMeter meter(int endS, IntPredicate late, IntToDoubleFunction cpu) {
    return meter(endS, 1, late, cpu, new RecoveryMeter());
  }

  /** Into {@code m}: {@code perSecond} tasks a second, settled half a second after arriving. */
  static RecoveryMeter meter(int endS, int perSecond, IntPredicate late, IntToDoubleFunction cpu, RecoveryMeter m) {
    int id = 0;
    for (int s = 0; s < endS; s++) {
      for (int k = 0; k < perSecond; k++) {
        m.on(s + 0.1, EventType.SUBMITTED, -1, id, -1, -1, null);
        m.on(s + 0.1, EventType.ADMITTED, -1, id, -1, 0, null);
        m.on(s + 0.5, late.test(s) ? EventType.TASK_LATE : EventType.TASK_MET, -1, id, -1, 0, null);
        id++;
      }
      m.on(s + 0.6, EventType.IMAGE_DONE, 0, 0, 0, cpu.applyAsDouble(s), null);
      m.sample(s + 0.7, 2, 2, 0, 100, null);
    }
    return m;
  }

  static TippingCourse course(int endS, IntPredicate late, IntToDoubleFunction cpu) {
    return Tipping.course(meter(endS, late, cpu), capacity(endS, 1), endS);
  }
}
