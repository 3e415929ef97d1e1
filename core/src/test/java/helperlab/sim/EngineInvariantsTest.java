package helperlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.EventType;
import helperlab.model.MachineSpec;
import helperlab.model.RunEvent;
import helperlab.model.RunMetrics;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.workload.ScenarioSpec;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Invariants every run must keep, checked on the event log of every policy on stressful scenarios. */
class EngineInvariantsTest {
  static Stream<Arguments> runs() {
    return PolicyCatalog.ids().stream().flatMap(p -> Stream.of(
        Arguments.of(p, "heavy", "small"), Arguments.of(p, "burst", "cage"), Arguments.of(p, "overload", "cage")));
  }

  private static SimResult simulate(String policy, String scenario, String machine) {
    ScenarioSpec s = ScenarioSpec.builtIn(scenario).withDuration(900);
    SimSetup setup = SimSetup.of(s, policy, MachineSpec.builtIn(machine), 3, AdmissionMode.EDF_FIT,
        Calibration.seed(), true);
    return new Simulation(setup).run();
  }

  @ParameterizedTest(name = "{0} on {1}/{2}")
  @MethodSource("runs")
  void invariantsHold(String policy, String scenario, String machine) {
    SimResult r = simulate(policy, scenario, machine);
    List<RunEvent> events = r.events();
    RunMetrics m = r.metrics();

    // Time never goes backwards.
    for (int i = 1; i < events.size(); i++) {
      assertTrue(events.get(i).t() >= events.get(i - 1).t(), "event " + i + " goes back in time");
    }

    // CPU accounting adds up: useful + spawning + killed is all the CPU the machine gave out.
    double accounted = m.cpuUsefulS() + m.cpuSpawnS() + m.cpuKilledS();
    assertEquals(r.cpuTotalS(), accounted, 1e-6 * Math.max(1, r.cpuTotalS()), "CPU split must add up");

    // Every image of every task is done, dead-lettered, or refused with its task, exactly once.
    Map<Integer, Integer> copyOf = new HashMap<>();
    Set<Integer> admitted = new HashSet<>();
    Map<Integer, Integer> finalOutcomes = new HashMap<>();
    Map<Integer, Integer> imagesOfCopy = new HashMap<>();
    Set<Integer> running = new HashSet<>();
    for (RunEvent e : events) {
      switch (e.type()) {
        case SUBMITTED -> copyOf.put(e.task(), e.value() < 0 ? e.task() : (int) e.value());
        case ADMITTED -> admitted.add(e.task());
        case IMAGE_STARTED -> assertTrue(running.add(e.image()), "image " + e.image() + " started twice at once");
        case IMAGE_DONE, IMAGE_DEAD -> {
          running.remove(e.image());
          assertEquals(null, finalOutcomes.put(e.image(), e.task()), "image " + e.image() + " finished twice");
          imagesOfCopy.merge(e.task(), 1, Integer::sum);
        }
        case IMAGE_KILLED -> assertTrue(running.remove(e.image()), "killed image " + e.image() + " was not running");
        default -> { }
      }
    }
    List<Task> tasks = r.setup().tasks();
    // A run that collapsed is stopped at its horizon with work left (the box on the overload hour: its
    // workers killed part-way through their images over and over); every other run serves every image.
    double horizon = r.setup().durationS() + Math.max(600, r.setup().durationS());
    boolean stoppedAtHorizon = r.endS() >= horizon;
    for (int copy : admitted) {
      int images = tasks.get(copyOf.get(copy)).images().size();
      if (stoppedAtHorizon) {
        assertTrue(imagesOfCopy.getOrDefault(copy, 0) <= images, "admitted copy " + copy + " finished too many images");
      } else if (running.isEmpty()) {
        assertEquals(images, imagesOfCopy.getOrDefault(copy, 0), "admitted copy " + copy + " did not finish every image");
      }
    }
    for (int copy : copyOf.keySet()) {
      if (!admitted.contains(copy)) {
        assertEquals(0, imagesOfCopy.getOrDefault(copy, 0), "refused copy " + copy + " processed images");
      }
    }

    // Every submitted task ends exactly once: met, late or turned away.
    Map<Integer, Integer> outcomes = new HashMap<>();
    for (RunEvent e : events) {
      if (e.type() == EventType.TASK_MET || e.type() == EventType.TASK_LATE || e.type() == EventType.TASK_TURNED_AWAY) {
        outcomes.merge(e.task(), 1, Integer::sum);
      }
    }
    assertEquals(tasks.size(), outcomes.size());
    assertTrue(outcomes.values().stream().allMatch(n -> n == 1), "a task ended twice");
    assertEquals(m.submitted(), m.met() + m.late() + m.refused());

    // The process ceiling, and the budget for budgeted policies, hold at every instant.
    int cap = r.setup().policy().budgeted() ? r.setup().workerBudget() : r.setup().machine().maxProcessesOrDefault();
    int live = 0;
    for (RunEvent e : events) {
      if (e.type() == EventType.WORKER_SPAWNED) {
        live++;
        assertTrue(live <= cap, policy + ": " + live + " workers alive, cap " + cap);
      } else if (e.type() == EventType.WORKER_EXITED || e.type() == EventType.WORKER_KILLED) {
        live--;
      }
    }
    assertEquals(0, live, "every worker ends");

    // Memory never stays above the machine's limit.
    assertTrue(m.peakMemoryMb() <= r.setup().machine().memoryMb() + 1e-6, "peak " + m.peakMemoryMb());
  }
}
