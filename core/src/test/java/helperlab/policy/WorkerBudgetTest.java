package helperlab.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WorkerBudgetTest {
  private static final long MIB = 1024L * 1024;

  @Test
  void cpuBoundWhenMemoryIsPlenty() {
    WorkerBudget b = WorkerBudget.of(1.5, 8192 * MIB, 512 * MIB);
    assertEquals(2, b.workers());
    assertEquals("cpu", b.reason());
  }

  @Test
  void memoryCapsTheCpuCount() {
    WorkerBudget b = WorkerBudget.of(8, 1024 * MIB, 512 * MIB);
    assertEquals(2, b.workers());
    assertEquals("memory", b.reason());
  }

  @Test
  void theFloorHoldsWhenMemoryAllowsNone() {
    WorkerBudget b = WorkerBudget.of(4, 100 * MIB, 512 * MIB);
    assertEquals(WorkerBudget.FLOOR, b.workers());
    assertEquals(0, b.byMemory());
  }

  @Test
  void theCapHoldsOnBigMachines() {
    assertEquals(WorkerBudget.CAP, WorkerBudget.of(256, 0, 512 * MIB).workers());
  }

  @Test
  void badLimitsAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> WorkerBudget.of(0, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> WorkerBudget.of(1, 0, 0));
  }
}
