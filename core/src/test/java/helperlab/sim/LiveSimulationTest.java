package helperlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.MachineSpec;
import helperlab.model.MetricsAccumulator;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.ScenarioSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Driving the simulator in steps, as the lab does: observers, pressed batches, finishing early. */
class LiveSimulationTest {
  private static SimSetup setup(String policy) {
    return SimSetup.of(ScenarioSpec.builtIn("calm").withDuration(120), policy, MachineSpec.builtIn("cage"), 1,
        AdmissionMode.EDF_FIT, Calibration.seed(), true);
  }

  @Test
  void steppingGivesTheSameRunAsRunningInOneGo() {
    SimResult whole = new Simulation(setup("split-forecast-budget")).run();
    Simulation stepped = new Simulation(setup("split-forecast-budget"));
    for (double t = 0; !stepped.quiescent() || t < 120; t += 0.25) {
      stepped.advanceTo(t);
    }
    SimResult r = stepped.finish();
    assertEquals(whole.metrics().met(), r.metrics().met());
    assertEquals(whole.metrics().spawns(), r.metrics().spawns());
    assertEquals(whole.metrics().cpuUsefulS(), r.metrics().cpuUsefulS(), 1e-9);
  }

  @Test
  void aPressedBatchSpawnsHelpersAtOnceAndTheObserverSeesThem() {
    List<String> seen = new ArrayList<>();
    List<Double> sampleTimes = new ArrayList<>();
    EventSink observer = new EventSink() {
      @Override
      public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
        seen.add(type + "@" + t + "#" + task);
      }

      @Override
      public void sample(double t, int workers, int busy, int queue, double memoryMb, MetricsAccumulator totals) {
        sampleTimes.add(t);
      }
    };
    Simulation sim = new Simulation(setup("never-split"), observer);
    sim.advanceTo(30);
    ArrivalGenerator g = new ArrivalGenerator(ScenarioSpec.builtIn("calm"), MachineSpec.builtIn("cage"),
        Calibration.seed(), PresetCatalog.defaults());
    Task batch = g.sampleBatch(0, 0, new SplittableRandom(7));
    seen.clear();
    int id = sim.press(batch);
    assertTrue(id >= sim.setup().tasks().size(), "a pressed batch gets a fresh task id");
    assertTrue(seen.contains("SUBMITTED@30.0#" + id), seen.toString());
    assertTrue(seen.stream().anyMatch(s -> s.startsWith("WORKER_SPAWNED@30.0#" + id)), "helper spawned at once: " + seen);
    assertTrue(sampleTimes.contains(30.0) && sampleTimes.contains(1.0), "samples every second: " + sampleTimes.size());
    sim.advanceTo(400);
    SimResult r = sim.finish();
    assertEquals(r.metrics().submitted(), r.tasks().size(), "the pressed batch is a task of the run");
    assertTrue(r.tasks().stream().anyMatch(t -> t.id() == id && t.arrivalS() == 30.0));
    assertThrows(IllegalStateException.class, () -> sim.advanceTo(500));
  }
}
