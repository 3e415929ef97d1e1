package helperlab.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A sweep prices a group's tasks once and moves that capacity to each run's machine ({@link Tipping.Capacity#on}):
 * it must be what pricing the tasks on that machine gives, number for number, or a run's tipping would change with
 * the group it ran in.
 */
class TippingCapacityTest {
  private static final Calibration CAL = Calibration.defaults();
  private static final Trigger SPIKE = new Trigger(Trigger.Kind.SPIKE, 900, 60, 2);

  private static List<Task> tasks(MachineSpec machine) {
    return new ArrivalGenerator(ScenarioSpec.named("busy"), machine, CAL, PresetCatalog.defaults()).generate(3);
  }

  @Test
  void movedToAnotherMachineItIsThatMachinesOwnPricing() {
    MachineSpec cage = MachineSpec.builtIn("cage");
    MachineSpec large = MachineSpec.builtIn("large");
    List<Task> tasks = tasks(cage);
    Tipping.Capacity moved = Tipping.Capacity.of(cage, CAL, tasks, 1.3, SPIKE).on(large);
    Tipping.Capacity own = Tipping.Capacity.of(large, CAL, tasks, 1.3, SPIKE);
    assertArrayEquals(own.taskWorkS(), moved.taskWorkS());
    assertArrayEquals(own.deadlineS(), moved.deadlineS());
    assertEquals(own.workPerS(), moved.workPerS());
    assertEquals(own.cpuPerS(), moved.cpuPerS());
    assertEquals(own.trigger(), moved.trigger());
  }

  @Test
  void onTheSameMachineItIsTheSameCapacity() {
    MachineSpec cage = MachineSpec.builtIn("cage");
    Tipping.Capacity c = Tipping.Capacity.of(cage, CAL, tasks(cage), 1.0, null);
    assertSame(c, c.on(cage));
  }
}
