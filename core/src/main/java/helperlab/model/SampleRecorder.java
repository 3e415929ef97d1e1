package helperlab.model;

import java.util.Arrays;

/** Builds a {@link Samples} table one row at a time, reading running totals from the metrics. */
public final class SampleRecorder implements EventSink {
  private int n;
  private double[] t = new double[1024];
  private int[] workers = new int[1024];
  private int[] busy = new int[1024];
  private int[] queue = new int[1024];
  private double[] memory = new double[1024];
  private double[] useful = new double[1024];
  private double[] spawn = new double[1024];
  private double[] killed = new double[1024];
  private int[] spawns = new int[1024];
  private int[] met = new int[1024];
  private int[] late = new int[1024];
  private int[] refused = new int[1024];

  @Override
  public boolean readsRefusalReasons() {
    return false;
  }

  @Override
  public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
    // only samples are recorded here
  }

  @Override
  public void sample(double t, int workers, int busy, int queue, double memoryMb, MetricsAccumulator totals) {
    add(t, workers, busy, queue, memoryMb, totals);
  }

  public void add(double time, int workerCount, int busyCount, int queueLength, double memoryMb,
      MetricsAccumulator totals) {
    if (n == t.length) {
      grow();
    }
    t[n] = time;
    workers[n] = workerCount;
    busy[n] = busyCount;
    queue[n] = queueLength;
    memory[n] = memoryMb;
    useful[n] = totals.cpuUsefulS();
    spawn[n] = totals.cpuSpawnS();
    killed[n] = totals.cpuKilledS();
    spawns[n] = totals.spawns();
    met[n] = totals.met();
    late[n] = totals.late();
    refused[n] = totals.turnedAway();
    n++;
  }

  private void grow() {
    int size = t.length * 2;
    t = Arrays.copyOf(t, size);
    workers = Arrays.copyOf(workers, size);
    busy = Arrays.copyOf(busy, size);
    queue = Arrays.copyOf(queue, size);
    memory = Arrays.copyOf(memory, size);
    useful = Arrays.copyOf(useful, size);
    spawn = Arrays.copyOf(spawn, size);
    killed = Arrays.copyOf(killed, size);
    spawns = Arrays.copyOf(spawns, size);
    met = Arrays.copyOf(met, size);
    late = Arrays.copyOf(late, size);
    refused = Arrays.copyOf(refused, size);
  }

  public int size() {
    return n;
  }

  public Samples samples() {
    return new Samples(Arrays.copyOf(t, n), Arrays.copyOf(workers, n), Arrays.copyOf(busy, n),
        Arrays.copyOf(queue, n), Arrays.copyOf(memory, n), Arrays.copyOf(useful, n),
        Arrays.copyOf(spawn, n), Arrays.copyOf(killed, n), Arrays.copyOf(spawns, n),
        Arrays.copyOf(met, n), Arrays.copyOf(late, n), Arrays.copyOf(refused, n));
  }
}
