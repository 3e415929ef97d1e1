package helperlab.cage.worker;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

class ProcessCpuClockTest {
  @Test
  void countsThisProcesssCpuToTheNanosecondAndAgreesWithTheTickClock() {
    ProcessCpuClock clock = new ProcessCpuClock();
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long precise0 = clock.nanos();
    long ticks0 = os.getProcessCpuTime();
    long thread0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    double x = 0;
    while (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - thread0 < 300_000_000L) {
      x += Math.sqrt(x + 1);
    }
    long precise = clock.nanos() - precise0;
    long ticks = os.getProcessCpuTime() - ticks0;
    assertTrue(precise0 > 0 && x > 0, "schedstat read " + precise0);
    // at least the spinning thread's 300 ms; no more than the tick clock's count plus a tick either side
    assertTrue(precise >= 300_000_000L, "precise " + precise);
    assertTrue(precise <= ticks + 20_000_000L, "precise " + precise + " ns against " + ticks + " ns in ticks");
    // and it resolves below a tick: two readings in a row differ by far less than 10 ms
    long a = clock.nanos();
    long b = clock.nanos();
    assertTrue(b >= a && b - a < 5_000_000L, (b - a) + " ns between two readings");
  }
}
