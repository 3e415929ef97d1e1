package helperlab.sim;

import java.util.Arrays;

/**
 * Min-heap of (progress target, process, epoch) in primitive arrays. Entries whose epoch no longer
 * matches their process are stale (the process was killed or moved on) and are skipped by the caller.
 * Ties break on process id, so runs are deterministic.
 */
final class PhaseHeap {
  private double[] keys = new double[64];
  private int[] procs = new int[64];
  private int[] epochs = new int[64];
  private int size;

  void push(double key, int proc, int epoch) {
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, size * 2);
      procs = Arrays.copyOf(procs, size * 2);
      epochs = Arrays.copyOf(epochs, size * 2);
    }
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!less(key, proc, keys[parent], procs[parent])) {
        break;
      }
      set(i, keys[parent], procs[parent], epochs[parent]);
      i = parent;
    }
    set(i, key, proc, epoch);
  }

  boolean isEmpty() {
    return size == 0;
  }

  double topKey() {
    return keys[0];
  }

  int topProc() {
    return procs[0];
  }

  int topEpoch() {
    return epochs[0];
  }

  void pop() {
    size--;
    if (size == 0) {
      return;
    }
    double key = keys[size];
    int proc = procs[size];
    int epoch = epochs[size];
    int i = 0;
    while (true) {
      int child = 2 * i + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && less(keys[child + 1], procs[child + 1], keys[child], procs[child])) {
        child++;
      }
      if (!less(keys[child], procs[child], key, proc)) {
        break;
      }
      set(i, keys[child], procs[child], epochs[child]);
      i = child;
    }
    set(i, key, proc, epoch);
  }

  private static boolean less(double k1, int p1, double k2, int p2) {
    return k1 < k2 || (k1 == k2 && p1 < p2);
  }

  private void set(int i, double key, int proc, int epoch) {
    keys[i] = key;
    procs[i] = proc;
    epochs[i] = epoch;
  }
}
