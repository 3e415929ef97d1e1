package helperlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.EventType;
import helperlab.model.MachineSpec;
import helperlab.model.RunEvent;
import helperlab.policy.AdmissionMode;
import helperlab.workload.ScenarioSpec;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** In the simulator a yielding helper's process carries on with the urgent task: no exit, no fresh spawn for it. */
class YieldHandoverTest {
  @Test
  void aHandedOverProcessWorksOnAnotherTaskWithoutExiting() {
    SimSetup setup = SimSetup.of(ScenarioSpec.builtIn("busy").withDuration(900), "split-forecast-budget-yield",
        MachineSpec.builtIn("cage"), 1, AdmissionMode.EDF_FIT, Calibration.defaults(), true);
    SimResult r = new Simulation(setup).run();
    Map<Integer, Integer> lastTask = new HashMap<>();
    int handedOver = 0;
    for (RunEvent e : r.events()) {
      if (e.type() == EventType.WORKER_SPAWNED) {
        lastTask.put(e.worker(), e.task());
      } else if (e.type() == EventType.IMAGE_STARTED) {
        if (!lastTask.get(e.worker()).equals(e.task())) {
          handedOver++;
          lastTask.put(e.worker(), e.task());
        }
      } else if (e.type() == EventType.WORKER_EXITED) {
        assertTrue(!"yield".equals(e.note()), "no process exits to yield: " + e);
        assertEquals(lastTask.get(e.worker()), e.task(), "its events carry the task it works for now");
      }
    }
    assertTrue(handedOver > 0, "some helper was handed over in a busy quarter hour");
  }
}
