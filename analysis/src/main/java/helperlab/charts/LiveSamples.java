package helperlab.charts;

import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.MetricsAccumulator;
import helperlab.model.Samples;
import java.util.Arrays;

/**
 * The samples of a live run as they arrive: one writer thread (the simulation) appends, any thread
 * reads. A reader sees every row below {@link #size()} complete: rows are written before the size
 * is published, and a grown table is published before the size that needs it.
 */
public final class LiveSamples implements SampleTable, EventSink {
  private static final int COLUMNS = Column.values().length;

  /** Columns plus time, replaced whole when it grows. */
  private static final class Table {
    final double[] t;
    final double[][] v;

    Table(int capacity) {
      t = new double[capacity];
      v = new double[COLUMNS][capacity];
    }

    Table grown(int n) {
      Table g = new Table(t.length * 2);
      System.arraycopy(t, 0, g.t, 0, n);
      for (int c = 0; c < COLUMNS; c++) {
        System.arraycopy(v[c], 0, g.v[c], 0, n);
      }
      return g;
    }
  }

  private volatile Table table = new Table(4096);
  private volatile int size;

  @Override
  public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
    // only samples are kept here
  }

  @Override
  public void sample(double t, int workers, int busy, int queue, double memoryMb, MetricsAccumulator totals) {
    add(t, workers, busy, queue, memoryMb, totals.cpuUsefulS(), totals.cpuSpawnS(), totals.cpuKilledS(),
        totals.spawns(), totals.met(), totals.late(), totals.turnedAway());
  }

  /** Appends one row (writer thread only); a row earlier than the last one is moved up to it. */
  public void add(double time, int workers, int busy, int queue, double memoryMb, double cpuUseful, double cpuSpawn,
      double cpuKilled, int spawns, int met, int late, int refused) {
    int n = size;
    Table tb = table;
    if (n == tb.t.length) {
      tb = tb.grown(n);
      table = tb;
    }
    tb.t[n] = n > 0 ? Math.max(time, tb.t[n - 1]) : time;
    double[][] v = tb.v;
    v[Column.WORKERS.ordinal()][n] = workers;
    v[Column.BUSY.ordinal()][n] = busy;
    v[Column.QUEUE.ordinal()][n] = queue;
    v[Column.MEMORY_MB.ordinal()][n] = memoryMb;
    v[Column.CPU_USEFUL_S.ordinal()][n] = cpuUseful;
    v[Column.CPU_SPAWN_S.ordinal()][n] = cpuSpawn;
    v[Column.CPU_KILLED_S.ordinal()][n] = cpuKilled;
    v[Column.SPAWNS.ordinal()][n] = spawns;
    v[Column.MET.ordinal()][n] = met;
    v[Column.LATE.ordinal()][n] = late;
    v[Column.REFUSED.ordinal()][n] = refused;
    size = n + 1;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public double t(int i) {
    return table.t[i];
  }

  @Override
  public double get(Column c, int i) {
    return table.v[c.ordinal()][i];
  }

  /** A copy of everything so far, as a record's samples. */
  public Samples toSamples() {
    int n = size;
    Table tb = table;
    return new Samples(Arrays.copyOf(tb.t, n), ints(tb, Column.WORKERS, n), ints(tb, Column.BUSY, n),
        ints(tb, Column.QUEUE, n), Arrays.copyOf(tb.v[Column.MEMORY_MB.ordinal()], n),
        Arrays.copyOf(tb.v[Column.CPU_USEFUL_S.ordinal()], n), Arrays.copyOf(tb.v[Column.CPU_SPAWN_S.ordinal()], n),
        Arrays.copyOf(tb.v[Column.CPU_KILLED_S.ordinal()], n), ints(tb, Column.SPAWNS, n), ints(tb, Column.MET, n),
        ints(tb, Column.LATE, n), ints(tb, Column.REFUSED, n));
  }

  private static int[] ints(Table tb, Column c, int n) {
    double[] src = tb.v[c.ordinal()];
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = (int) src[i];
    }
    return out;
  }
}
