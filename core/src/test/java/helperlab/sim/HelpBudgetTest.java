package helperlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.workload.ScenarioSpec;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A help budget bounds the helpers beyond each task's first by a share of the tasks in flight. */
class HelpBudgetTest {
  /** Watches spawns: the most extra helpers over what a 20%-min-3 budget allows, at any spawn of an extra helper. */
  private static final class Watch implements EventSink {
    final Map<Integer, Integer> workerTask = new HashMap<>();
    final Map<Integer, Integer> liveByTask = new HashMap<>();
    int live;
    int inFlight;
    int extraSpawns;
    double worstExcess = Double.NEGATIVE_INFINITY;

    @Override
    public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
      switch (type) {
        case ADMITTED -> inFlight++;
        case TASK_MET, TASK_LATE -> inFlight--;
        case WORKER_SPAWNED -> {
          int already = liveByTask.getOrDefault(task, 0);
          live++;
          liveByTask.merge(task, 1, Integer::sum);
          workerTask.put(worker, task);
          if (already > 0) {
            extraSpawns++;
            int extra = live - liveByTask.size();
            worstExcess = Math.max(worstExcess, extra - Math.max(3, 0.2 * inFlight));
          }
        }
        case WORKER_EXITED, WORKER_KILLED -> {
          live--;
          int task0 = workerTask.remove(worker);
          if (liveByTask.merge(task0, -1, Integer::sum) == 0) {
            liveByTask.remove(task0);
          }
        }
        default -> { }
      }
    }
  }

  private static Watch run(String policy) {
    SimSetup setup = SimSetup.of(ScenarioSpec.builtIn("busy").withDuration(1200), policy, MachineSpec.builtIn("cage"), 1,
        AdmissionMode.EDF_FIT, Calibration.seed(), false);
    Watch w = new Watch();
    new Simulation(setup, w).run();
    return w;
  }

  @Test
  void extraHelpersStayWithinTwentyPercentOfTasksInFlightOrThree() {
    Watch budgeted = run("box-help-20");
    assertTrue(budgeted.extraSpawns > 0, "the box still calls for help under a help budget");
    assertTrue(budgeted.worstExcess < 1, "an extra helper is spawned only below the budget; worst excess after a spawn "
        + budgeted.worstExcess);
    Watch box = run("box");
    assertTrue(box.worstExcess >= 1, "without a help budget the box goes past it (worst excess " + box.worstExcess + ")");
    assertTrue(box.extraSpawns > budgeted.extraSpawns, box.extraSpawns + " extra helpers against " + budgeted.extraSpawns);
  }

  @Test
  void theBudgetPoliciesAreNamedButNotInTheMainSweep() {
    assertEquals(17, PolicyCatalog.ids().size());
    for (String id : PolicyCatalog.budgetIds()) {
      assertTrue(PolicyCatalog.has(id));
      assertTrue(!PolicyCatalog.ids().contains(id));
    }
    assertEquals(0.2, PolicyCatalog.get("box-help-20").helpBudget().ratio());
  }
}
