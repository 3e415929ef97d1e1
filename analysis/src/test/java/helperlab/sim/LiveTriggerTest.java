package helperlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A trigger started during a live run, at the run's clock (the lab's Trigger button). */
class LiveTriggerTest {
  private static final MachineSpec CAGE = MachineSpec.builtIn("cage");
  private static final ScenarioSpec BUSY = ScenarioSpec.builtIn("busy").withDuration(600);

  private static SimSetup setup() {
    return SimSetup.of(BUSY, "pool-edf-10", CAGE, 2, AdmissionMode.EDF_FIT, Calibration.seed(), true);
  }

  private static List<Task> spikeBatches(Trigger t) {
    return new ArrivalGenerator(BUSY, CAGE, Calibration.seed(), PresetCatalog.defaults())
        .spikeBatches(t, new SplittableRandom(5));
  }

  /** Runs to 120 s, starts {@code t} (null: none) there, and runs to the end. */
  private static SimResult run(Trigger t) {
    Simulation sim = new Simulation(setup());
    sim.advanceTo(120);
    if (t != null) {
      sim.trigger(t, spikeBatches(t));
    }
    sim.advanceTo(1200);
    return sim.finish();
  }

  @ParameterizedTest
  @EnumSource(Trigger.Kind.class)
  void aTriggerOfSizeZeroChangesNothing(Trigger.Kind kind) {
    String without = DataFile.compact(RunRecords.fromSimulation(run(null)));
    String with = DataFile.compact(RunRecords.fromSimulation(run(new Trigger(kind, 120, 60, 0))));
    assertEquals(without, with);
  }

  @Test
  void aSpikeRaisesTheArrivalsInItsWindowOnly() {
    Trigger spike = new Trigger(Trigger.Kind.SPIKE, 120, 60, 1);
    SimResult base = run(null);
    SimResult spiked = run(spike);
    long inBase = base.tasks().stream().filter(t -> spike.activeAt(t.arrivalS())).count();
    long inSpiked = spiked.tasks().stream().filter(t -> spike.activeAt(t.arrivalS())).count();
    long before = spiked.tasks().stream().filter(t -> t.arrivalS() < spike.atS()).count();
    long beforeBase = base.tasks().stream().filter(t -> t.arrivalS() < spike.atS()).count();
    assertEquals(beforeBase, before, "nothing changes before the spike");
    // x2 for 60 s: about as many again in the window (a Poisson count, so not exactly)
    assertTrue(inSpiked > inBase * 1.4, "batches in the window: " + inBase + " without, " + inSpiked + " with");
    assertEquals(spiked.tasks().size() - base.tasks().size(), inSpiked - inBase, "the extra batches all fall in the window");
  }

  @Test
  void aSlowdownCostsTheServiceCpuInItsWindow() {
    SimResult base = run(null);
    SimResult slowed = run(new Trigger(Trigger.Kind.SLOWDOWN, 120, 60, 0.5));
    // the same arrivals, served more slowly: the same work done later
    assertEquals(base.tasks().size(), slowed.tasks().size());
    assertTrue(slowed.metrics().meanResponseS() > base.metrics().meanResponseS(),
        "mean response " + base.metrics().meanResponseS() + " s without, " + slowed.metrics().meanResponseS() + " s with");
  }

  @Test
  void aTriggerMayNotStartInThePastNorOverlapTheLastOne() {
    Simulation sim = new Simulation(setup());
    sim.advanceTo(100);
    IllegalArgumentException past = assertThrows(IllegalArgumentException.class,
        () -> sim.trigger(new Trigger(Trigger.Kind.COST_JUMP, 50, 60, 1), List.of()));
    assertTrue(past.getMessage().contains("past"), past.getMessage());
    sim.trigger(new Trigger(Trigger.Kind.COST_JUMP, 100, 60, 1), List.of());
    assertThrows(IllegalStateException.class,
        () -> sim.trigger(new Trigger(Trigger.Kind.SLOWDOWN, 120, 60, 0.5), List.of()));
    sim.advanceTo(160);
    sim.trigger(new Trigger(Trigger.Kind.SLOWDOWN, 160, 60, 0.5), List.of());
    assertEquals(Trigger.Kind.SLOWDOWN, sim.currentTrigger().kind());
  }
}
