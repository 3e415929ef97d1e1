package helperlab.model;

import java.util.Arrays;

/**
 * Computes a run's metrics from its event stream, so the simulator and the real cage are scored
 * by the same code. Running totals are readable mid-run for live charts and samples.
 */
public final class MetricsAccumulator implements EventSink {
  public static final String CAUSE_OOM = "oom";

  private int submitted;
  private int retries;
  private int turnedAway;
  private int met;
  private int late;
  private int spawns;
  private int oomKills;
  private int workersKilled;
  private int imagesDone;
  private int imagesDead;
  private double cpuSpawn;
  private double cpuKilled;
  private double cpuDone;
  private double peakMemory;
  private double responseSum;
  private double[] taskCpu = new double[256];
  private boolean[] discarded = new boolean[256];
  private double[] arrival = new double[256];
  private double[] tardiness = new double[256];
  private int outcomes;

  @Override
  public boolean readsRefusalReasons() {
    return false;
  }

  @Override
  public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
    switch (type) {
      case SUBMITTED -> {
        if (value < 0) {
          submitted++;
          ensure(task);
          arrival[task] = t;
        } else {
          retries++;
        }
      }
      case WORKER_SPAWNED -> spawns++;
      case WORKER_READY -> cpuSpawn += value;
      case WORKER_EXITED -> cpuSpawn += Math.max(0, value);
      case WORKER_KILLED -> {
        workersKilled++;
        cpuSpawn += Math.max(0, value);
        if (CAUSE_OOM.equals(note)) {
          oomKills++;
        }
      }
      case IMAGE_DONE -> {
        imagesDone++;
        cpuDone += value;
        ensure(task);
        taskCpu[task] += value;
      }
      case IMAGE_KILLED -> cpuKilled += value;
      case IMAGE_DEAD -> imagesDead++;
      case DISCARDED -> {
        ensure(task);
        if (!discarded[task]) {
          discarded[task] = true;
          cpuDone -= taskCpu[task];
          cpuKilled += taskCpu[task];
        }
      }
      case TASK_MET -> outcome(t, task, 0, true);
      case TASK_LATE -> outcome(t, task, Math.max(0, value), false);
      case TASK_TURNED_AWAY -> turnedAway++;
      default -> { }
    }
  }

  private void outcome(double t, int task, double lateness, boolean wasMet) {
    if (wasMet) {
      met++;
    } else {
      late++;
    }
    ensure(task);
    responseSum += t - arrival[task];
    if (outcomes == tardiness.length) {
      tardiness = Arrays.copyOf(tardiness, outcomes * 2);
    }
    tardiness[outcomes++] = lateness;
  }

  private void ensure(int task) {
    if (task >= taskCpu.length) {
      int n = Math.max(task + 1, taskCpu.length * 2);
      taskCpu = Arrays.copyOf(taskCpu, n);
      discarded = Arrays.copyOf(discarded, n);
      arrival = Arrays.copyOf(arrival, n);
    }
  }

  @Override
  public void memory(double t, double mb) {
    if (mb > peakMemory) {
      peakMemory = mb;
    }
  }

  public double cpuUsefulS() {
    return cpuDone;
  }

  public double cpuSpawnS() {
    return cpuSpawn;
  }

  public double cpuKilledS() {
    return cpuKilled;
  }

  public int spawns() {
    return spawns;
  }

  public int met() {
    return met;
  }

  public int late() {
    return late;
  }

  public int turnedAway() {
    return turnedAway;
  }

  public int submitted() {
    return submitted;
  }

  public RunMetrics metrics() {
    int admitted = submitted - turnedAway;
    double[] sorted = Arrays.copyOf(tardiness, outcomes);
    Arrays.sort(sorted);
    return RunMetrics.builder().submitted(submitted).admitted(admitted).refused(turnedAway).met(met).late(late)
        .metShare(submitted > 0 ? (double) met / submitted : 0)
        .retries(retries).spawns(spawns).processesPerTask(admitted > 0 ? (double) spawns / admitted : 0)
        .cpuUsefulS(cpuDone).cpuSpawnS(cpuSpawn).cpuKilledS(cpuKilled).peakMemoryMb(peakMemory).oomKills(oomKills)
        .workersKilled(workersKilled).imagesDone(imagesDone).imagesDead(imagesDead)
        .latenessP50S(percentile(sorted, 0.50)).latenessP99S(percentile(sorted, 0.99))
        .meanResponseS(outcomes > 0 ? responseSum / outcomes : 0).build();
  }

  /** Nearest-rank percentile of sorted values (0 when there are none). */
  static double percentile(double[] sorted, double q) {
    if (sorted.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
  }
}
