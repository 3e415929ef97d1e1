package helperlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.DataFileException;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.study.ScenarioFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Triggers in scenarios: what they change, and that a trigger of size 0 changes nothing. */
class TriggerTest {
  private static final MachineSpec CAGE = MachineSpec.builtIn("cage");
  private static final Calibration CAL = Calibration.seed();

  private static String recorded(ScenarioSpec scenario, String policy) {
    SimSetup setup = SimSetup.of(scenario, policy, CAGE, 3, AdmissionMode.EDF_FIT, CAL, true);
    return DataFile.compact(RunRecords.fromSimulation(new Simulation(setup).run()));
  }

  @ParameterizedTest
  @EnumSource(Trigger.Kind.class)
  void aTriggerOfSizeZeroIsByteIdenticalToNoTrigger(Trigger.Kind kind) {
    ScenarioSpec busy = ScenarioSpec.builtIn("busy").withDuration(600);
    ScenarioSpec zero = busy.withTrigger(new Trigger(kind, 200, 60, 0));
    for (String policy : List.of("pool-edf-10", "retry-client", "box")) {
      assertEquals(recorded(busy, policy), recorded(zero, policy), kind + " " + policy);
    }
  }

  @Test
  void aSpikeAddsBatchesInItsWindowOnlyAndKeepsTheBaseArrivals() {
    ScenarioSpec busy = ScenarioSpec.builtIn("busy").withDuration(900);
    ArrivalGenerator plain = new ArrivalGenerator(busy, CAGE, CAL, PresetCatalog.defaults());
    ArrivalGenerator spiked = new ArrivalGenerator(busy.withTrigger(new Trigger(Trigger.Kind.SPIKE, 300, 60, 1)),
        CAGE, CAL, PresetCatalog.defaults());
    List<Task> base = plain.generate(4);
    List<Task> with = spiked.generate(4);
    long inWindowBase = base.stream().filter(t -> t.arrivalS() >= 300 && t.arrivalS() < 360).count();
    long inWindowWith = with.stream().filter(t -> t.arrivalS() >= 300 && t.arrivalS() < 360).count();
    assertTrue(inWindowWith > inWindowBase, "a x2 spike adds batches in its window: " + inWindowBase + " -> " + inWindowWith);
    assertEquals(with.size() - base.size(), inWindowWith - inWindowBase, "and nowhere else");
    // common random numbers: every base batch is still there, with the same arrival, preset, deadline and images
    List<Task> kept = with.stream().filter(t -> base.stream().anyMatch(b -> sameBatch(b, t))).toList();
    assertEquals(base.size(), kept.size());
    for (int i = 0; i < with.size(); i++) {
      assertEquals(i, with.get(i).id());
    }
  }

  private static boolean sameBatch(Task a, Task b) {
    return a.arrivalS() == b.arrivalS() && a.preset().equals(b.preset()) && a.deadlineS() == b.deadlineS()
        && a.images().equals(b.images());
  }

  @Test
  void aSlowdownAndACostJumpCostTheServiceTime() {
    ScenarioSpec busy = ScenarioSpec.builtIn("busy").withDuration(900);
    double base = run(busy).metrics().meanResponseS();
    double slow = run(busy.withTrigger(new Trigger(Trigger.Kind.SLOWDOWN, 300, 120, 0.5))).metrics().meanResponseS();
    double costly = run(busy.withTrigger(new Trigger(Trigger.Kind.COST_JUMP, 300, 120, 1))).metrics().meanResponseS();
    assertTrue(slow > base, "half the CPU for two minutes slows responses: " + base + " -> " + slow);
    assertTrue(costly > base, "images costing twice as much slow responses: " + base + " -> " + costly);
  }

  private static SimResult run(ScenarioSpec s) {
    return new Simulation(SimSetup.of(s, "pool-edf-10", CAGE, 3, AdmissionMode.EDF_FIT, CAL, false)).run();
  }

  @Test
  void aScenarioFileCarriesATriggerAndABadOneIsNamed(@TempDir Path dir) throws Exception {
    String json = DataFile.compact(ScenarioSpec.builtIn("calm").withTrigger(new Trigger(Trigger.Kind.COST_JUMP, 600, 60, 1)));
    assertTrue(json.contains("\"trigger\":{\"kind\":\"cost_jump\",\"at_s\":600.0,\"duration_s\":60.0,\"size\":1.0}"), json);
    Path file = dir.resolve("calm-jump.json");
    Files.writeString(file, json);
    assertEquals(new Trigger(Trigger.Kind.COST_JUMP, 600, 60, 1), ScenarioFiles.named(file.toString()).trigger());
    Files.writeString(file, json.replace("cost_jump", "earthquake"));
    DataFileException e = assertThrows(DataFileException.class, () -> ScenarioFiles.named(file.toString()));
    assertTrue(e.getMessage().contains("trigger.kind"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new Trigger(Trigger.Kind.SLOWDOWN, 0, 60, 1));
  }
}
