package helperlab.cage.worker;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.File;

/**
 * This process's CPU time to the nanosecond: the sum of its live threads' run time from
 * /proc/self/task/N/schedstat. The JVM's own process clock counts 10 ms ticks, too coarse for a
 * 100 ms image; this one also takes in the JIT compiler and GC threads, which thread CPU misses.
 * Returns -1 where the kernel has no schedstat, and a thread that exits between two readings takes
 * its time with it, so callers keep the tick clock as a fallback.
 */
final class ProcessCpuClock {
  private static final File TASKS = new File("/proc/self/task");
  private final byte[] buffer = new byte[128];

  /** Nanoseconds of CPU of the live threads, or -1 if unavailable. */
  long nanos() {
    String[] tids = TASKS.list();
    if (tids == null) {
      return -1;
    }
    long sum = 0;
    for (String tid : tids) {
      try (FileInputStream in = new FileInputStream("/proc/self/task/" + tid + "/schedstat")) {
        int n = in.read(buffer);
        long v = 0;
        int i = 0;
        for (; i < n && buffer[i] >= '0' && buffer[i] <= '9'; i++) {
          v = v * 10 + (buffer[i] - '0');
        }
        if (i == 0) {
          return -1;
        }
        sum += v;
      } catch (IOException e) {
        // the thread exited while we listed: its time is gone from the sum either way
      }
    }
    return sum;
  }
}
