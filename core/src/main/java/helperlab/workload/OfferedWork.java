package helperlab.workload;

import helperlab.model.Calibration;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.Task;
import java.util.Arrays;
import java.util.List;

/**
 * The CPU work offered to a run second by second, against what its machine can do in that second: what feeds a
 * bad state. Each send counts its task's work as the calibration forecasts it (times the run's work factor, what
 * the work really costs): a task when it arrives and again for each retry copy a client sends; each process
 * spawned counts its start-up and warm-up CPU (helpers are counted by what they cost to start: the work they do
 * is their task's, counted once). A cost jump's extra work is not in it (it is the trigger, not the load).
 */
public final class OfferedWork implements EventSink {
  private final double[] taskWorkS;
  private final double spawnCpuS;
  private final double coresPerS;
  private final Trigger trigger;
  private double[] offered = new double[4096];

  /**
   * @param workFactor what the work really costs over what the calibration forecasts (1: as forecast)
   * @param trigger a slowdown takes its share of the machine while it lasts (null: none)
   */
  public OfferedWork(List<Task> tasks, Calibration calibration, MachineSpec machine, double workFactor, Trigger trigger) {
    taskWorkS = new double[tasks.size()];
    for (Task t : tasks) {
      double w = 0;
      for (ImageSpec i : t.images()) {
        w += calibration.forecastSeconds(i.megapixels(), t.preset());
      }
      taskWorkS[t.id()] = w * workFactor;
    }
    spawnCpuS = (machine.spawnCpuS(calibration) + machine.warmupCpuS(calibration)) * workFactor;
    coresPerS = machine.cores() * machine.speedOrDefault();
    this.trigger = trigger;
  }

  @Override
  public boolean readsRefusalReasons() {
    return false;
  }

  @Override
  public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
    if (type != EventType.SUBMITTED && type != EventType.WORKER_SPAWNED) {
      return;
    }
    int b = (int) Math.floor(t);
    if (b >= offered.length) {
      offered = Arrays.copyOf(offered, Math.max(b + 1, offered.length * 2));
    }
    if (type == EventType.WORKER_SPAWNED) {
      offered[b] += spawnCpuS;
    } else {
      int original = value < 0 ? task : (int) value;
      if (original >= 0 && original < taskWorkS.length) {
        offered[b] += taskWorkS[original];
      }
    }
  }

  /** CPU seconds offered in the seconds [lo, hi). */
  public double offeredCpuS(int lo, int hi) {
    double sum = 0;
    for (int b = Math.max(0, lo); b < hi && b < offered.length; b++) {
      sum += offered[b];
    }
    return sum;
  }

  /** CPU seconds the machine can do in the seconds [lo, hi) (less what a slowdown takes while it lasts). */
  public double capacityCpuS(int lo, int hi) {
    double sum = 0;
    for (int b = Math.max(0, lo); b < hi; b++) {
      sum += coresPerS * (trigger == null ? 1 : trigger.cpuLeftAt(b + 0.5));
    }
    return sum;
  }
}
