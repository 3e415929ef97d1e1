package helperlab.cage.worker;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

class ProcessCpuClockTest {
  @Test
  void countsThisProcesssCpuToTheNanosecondAndAgreesWithTheTickClock() {
    ProcessCpuClock clock = new ProcessCpuClock();
    // A thread of this JVM (another test's) that exits mid-measurement takes its time out of the sum,
    // as the clock says: measure again until no thread came or went.
    long[] m = org.awaitility.Awaitility.await("a measurement no thread exit disturbed")
        .atMost(java.time.Duration.ofMinutes(2)).pollInterval(java.time.Duration.ofMillis(1)).until(() -> measure(clock), r -> r != null);
    long precise0 = m[0];
    long precise = m[1];
    long ticks = m[2];
    assertTrue(precise0 > 0, "schedstat read " + precise0);
    // at least the spinning thread's 300 ms; no more than the tick clock's count plus a tick either side
    assertTrue(precise >= 300_000_000L, "precise " + precise);
    assertTrue(precise <= ticks + 20_000_000L, "precise " + precise + " ns against " + ticks + " ns in ticks");
    // and it resolves below a tick: two readings in a row can differ by more than nothing and far less
    // than a 10 ms tick, which a tick clock never does
    org.awaitility.Awaitility.await("two readings less than a tick apart").atMost(java.time.Duration.ofMinutes(1))
        .pollInterval(java.time.Duration.ofMillis(1)).until(() -> {
          long a = clock.nanos();
          long b = clock.nanos();
          return b > a && b - a < 5_000_000L;
        });
  }

  /** {start, precise, ticks} over 300 ms of this thread's CPU, or null if a thread came or went meanwhile. */
  private static long[] measure(ProcessCpuClock clock) {
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    java.util.Set<String> before = java.util.Set.of(new java.io.File("/proc/self/task").list());
    long precise0 = clock.nanos();
    long ticks0 = os.getProcessCpuTime();
    long thread0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    double x = 0;
    while (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - thread0 < 300_000_000L) {
      x += Math.sqrt(x + 1);
    }
    long precise = clock.nanos() - precise0;
    long ticks = os.getProcessCpuTime() - ticks0;
    boolean same = before.equals(java.util.Set.of(new java.io.File("/proc/self/task").list()));
    return same && x > 0 ? new long[] {precise0, precise, ticks} : null;
  }
}
