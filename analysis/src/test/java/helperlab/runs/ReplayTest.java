package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.Recovery;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.RunTriggers;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Replays: exact on simulated runs, deterministic, scaled by the day's speed probe; and the comparison. */
class ReplayTest {
  /** A simulated run dressed as a real one, as if the cage had recorded exactly what the model does. */
  private static RunRecord asReal(RunRecord sim, Double probe) {
    return sim.toBuilder().id(sim.id().replace("sim-", "real-")).kind(RunRecord.KIND_REAL).speedProbeMs(probe).build();
  }

  private static RunRecord simulated(String policy, long seed) {
    SimSetup setup = SimSetup.of(ScenarioSpec.builtIn("busy").withDuration(300), policy, MachineSpec.builtIn("cage"),
        seed, AdmissionMode.EDF_FIT, Calibration.seed(), true);
    return RunRecords.fromSimulation(new Simulation(setup).run());
  }

  @Test
  void replayingASimulatedRunReproducesIt() {
    RunRecord sim = simulated("split-forecast-budget", 3);
    RunRecord replay = Replay.of(asReal(sim, sim.calibration().speedProbeMs()));
    assertEquals(RunRecord.KIND_REPLAY, replay.kind());
    assertEquals("real-busy-split-forecast-budget-cage-s3", replay.replayOf());
    assertEquals(sim.metrics(), replay.metrics());
    assertEquals(sim.events().size(), replay.events().size());
  }

  @Test
  void aReplayStopsAtTheExhibitsHardStopAsTheCageDid() {
    RunRecord sim = simulated("box", 4);
    RunRecord stopped = sim.toBuilder().id("real-box-stopped").kind(RunRecord.KIND_REAL).stopS(150.0).build();
    RunRecord replay = Replay.of(stopped);
    RunRecord unstopped = Replay.of(asReal(sim, null));
    double last = replay.events().get(replay.events().size() - 1).t();
    assertTrue(last <= 150.0 + 1e-9, "last event at " + last);
    assertTrue(unstopped.events().get(unstopped.events().size() - 1).t() > 150.0, "the box runs past the stop unstopped");
    assertEquals(150.0, replay.stopS());
    assertEquals(replay.metrics().submitted(), replay.metrics().met() + replay.metrics().late() + replay.metrics().refused(),
        "every task settles at the stop");
  }

  @Test
  void aTriggeredRunsReplayPlaysTheTriggerAndMeasuresItsRecoveryTheSameWay() {
    Trigger slowdown = new Trigger(Trigger.Kind.SLOWDOWN, 100, 60, 0.5);
    ScenarioSpec busy = ScenarioSpec.builtIn("busy").withDuration(300);
    SimSetup setup = SimSetup.of(busy.withTrigger(slowdown), "retry-client", MachineSpec.builtIn("cage"), 2,
        AdmissionMode.EDF_FIT, Calibration.seed(), true);
    RecoveryMeter meter = new RecoveryMeter(RecoveryMeter.Windows.EXHIBIT);
    RunRecord sim = RunRecords.fromSimulation(new Simulation(setup, meter).run());
    Recovery recovery = meter.recovery(slowdown, 300);
    RunRecord real = DataFile.parse(DataFile.compact(asReal(sim, sim.calibration().speedProbeMs())
        .withTrigger(RunTriggers.json(slowdown), RunTriggers.json(recovery))), "record", RunRecord.class);
    assertEquals(slowdown, RunTriggers.trigger(real), "the trigger survives the record's JSON");
    assertEquals(RecoveryMeter.Windows.EXHIBIT, Replay.recoveryWindowsFor(real), "a cage exhibit's spans");
    RunRecord replay = Replay.of(real);
    assertEquals(sim.metrics(), replay.metrics(), "the replay plays the slowdown as the run did");
    assertEquals(recovery, RunTriggers.recovery(replay), "and measures the same recovery");
    RunRecord untriggered = Replay.of(asReal(sim, sim.calibration().speedProbeMs()));
    assertTrue(!untriggered.metrics().equals(sim.metrics()), "without the trigger the replay differs (so this test can fail)");
    assertEquals(null, untriggered.trigger(), "a record without a trigger stays without one");
    String md = Comparison.of(List.of(real, replay)).markdown();
    assertTrue(md.contains("## Recovery from the trigger"), md);
    assertTrue(md.contains("| slowdown 50% at 100 s for 60 s |"), md);
    assertTrue(md.contains("Both sides tipped alike in **1 of 1** runs"), md);
    assertTrue(!Comparison.of(List.of(asReal(simulated("box", 1), null))).markdown().contains("Recovery from the trigger"),
        "no section for runs without a trigger");
  }

  @Test
  void aSimulatedRecordsReplayMeasuresItsRecoveryWithTheHoursSpansAsTheRecordDid() {
    Trigger slowdown = new Trigger(Trigger.Kind.SLOWDOWN, 700, 120, 0.5);
    ScenarioSpec busy = ScenarioSpec.builtIn("busy").withDuration(1200);
    SimSetup setup = SimSetup.of(busy.withTrigger(slowdown), "retry-client", MachineSpec.builtIn("cage"), 2,
        AdmissionMode.EDF_FIT, Calibration.seed(), true);
    // measured as `helper-lab sim --record` measures it: the hour's spans
    RecoveryMeter meter = new RecoveryMeter();
    SimResult result = new Simulation(setup, meter).run();
    Recovery recovery = meter.recovery(slowdown, busy.durationS());
    RunRecord sim = DataFile.parse(DataFile.compact(RunRecords.fromSimulation(result)
        .withTrigger(RunTriggers.json(slowdown), RunTriggers.json(recovery))), "record", RunRecord.class);
    assertEquals(RunRecord.KIND_SIM, sim.kind());
    assertEquals(RecoveryMeter.Windows.HOUR, Replay.recoveryWindowsFor(sim));
    RunRecord replay = Replay.of(sim);
    assertEquals(sim.metrics(), replay.metrics(), "the replay plays the slowdown as the run did");
    assertEquals(recovery, RunTriggers.recovery(replay), "and measures its recovery with the same spans");
    RecoveryMeter exhibit = new RecoveryMeter(RecoveryMeter.Windows.EXHIBIT);
    new Simulation(setup, exhibit).run();
    assertNotEquals(recovery, exhibit.recovery(slowdown, busy.durationS()),
        "the exhibit's spans measure this run otherwise (so this test can fail)");
  }

  @Test
  void replaysAreDeterministic() {
    RunRecord real = asReal(simulated("box", 1), null);
    assertEquals(DataFile.compact(Replay.of(real)), DataFile.compact(Replay.of(real)));
  }

  @Test
  void aSlowerDaysProbeScalesTheReplaysWorkButNotItsForecasts() {
    RunRecord sim = simulated("pool-edf-10", 2);
    double probe = sim.calibration().speedProbeMs() * 1.27;
    RunRecord real = asReal(sim, probe);
    RunRecord slow = Replay.of(real);
    assertEquals(1.27, Replay.workFactorFor(real), 1e-12);
    assertEquals(1.27, Replay.setupFor(real).workFactor(), 1e-12);
    // the cage's scheduler forecast with the calibration it had, not with the day's probe
    assertEquals(152, slow.calibration().cost().millis(1.0), 1e-9);
    double perImageSlow = slow.metrics().cpuUsefulS() / slow.metrics().imagesDone();
    double perImage = sim.metrics().cpuUsefulS() / sim.metrics().imagesDone();
    assertEquals(1.27, perImageSlow / perImage, 0.08, "CPU per image: " + perImageSlow + " vs " + perImage);
    assertTrue(slow.metrics().met() <= sim.metrics().met());
  }

  @Test
  void theComparisonCountsAgreement() {
    RunRecord a = asReal(simulated("pool-edf-10", 5), null);
    RunRecord b = asReal(simulated("never-split-budget", 5), null);
    Comparison c = Comparison.of(List.of(a, b));
    assertEquals(2, c.rows().size());
    assertEquals(2, c.refusedAgreeing(), "a replay of the model agrees with the model");
    assertEquals(2, c.budgetedRuns());
    assertEquals(2, c.budgetedSpawnsWithinOne());
    assertEquals(2, c.metWithinThreePoints());
    String csv = c.csv();
    assertTrue(csv.startsWith("run,policy,seed,budgeted,submitted,refused_real,refused_sim,spawns_real,spawns_sim,met_real,met_sim"));
    assertEquals(3, csv.lines().count());
    assertTrue(c.markdown().contains("Tasks turned away agree in **2 of 2** runs"));
  }

  @Test
  void aPairNotOfOneMachineIsMarkedWhereItIsNamed() {
    RunRecord real = asReal(simulated("pool-edf-10", 5), null);
    RunRecord onXeon = real.toBuilder().calibration(real.calibration().toBuilder().processor("AMD EPYC 7B13").build())
        .processor("Intel(R) Xeon(R) Processor").build();
    assertTrue(Comparison.of(List.of(onXeon)).rows().get(0).run().endsWith(
        " [recorded on Intel(R) Xeon(R) Processor, its calibration measured on AMD EPYC 7B13: another machine]"));
    RunRecord onAmd = real.toBuilder().processor("AMD EPYC 7B13").build();
    RunRecord againOnXeon = real.toBuilder().id(real.id() + "-again").processor("Intel(R) Xeon(R) Processor").build();
    assertTrue(Comparison.ofRepeats(List.of(onAmd), List.of(againOnXeon)).rows().get(0).run().endsWith(
        " [the two on different processors: AMD EPYC 7B13 and Intel(R) Xeon(R) Processor]"));
    assertEquals(real.id(), Comparison.of(List.of(real)).rows().get(0).run(), "records that do not say are not marked");
  }

  @Test
  void aDisagreementIsCountedAsOne() {
    RunRecord real = asReal(simulated("pool-edf-10", 6), null);
    var m = real.metrics();
    var changed = m.toBuilder().admitted(m.admitted() - 1).refused(m.refused() + 1).met(m.met() - 1)
        .metShare(m.metShare() - 1.0 / m.submitted()).spawns(m.spawns() + 3).build();
    RunRecord off = real.toBuilder().metrics(changed).build();
    Comparison c = Comparison.of(List.of(off));
    assertEquals(0, c.refusedAgreeing());
    assertEquals(0, c.budgetedSpawnsWithinOne());
    assertTrue(c.markdown().contains("✗"));
  }

  @Test
  void repeatsArePairedByTheTasksTheyPlayedAndCountedTheSameWay() {
    RunRecord first = asReal(simulated("box", 7), null);
    RunRecord otherSeed = asReal(simulated("box", 8), null);
    RunRecord otherPolicy = asReal(simulated("pool-edf-10", 7), null);
    var m = first.metrics();
    var moved = m.toBuilder().met(m.met() - 2).late(m.late() + 2).metShare(m.metShare() - 2.0 / m.submitted())
        .spawns(m.spawns() + 1).build();
    RunRecord again = first.toBuilder().id(first.id() + "-again").metrics(moved).build();

    Comparison c = Comparison.ofRepeats(List.of(otherSeed, otherPolicy, first), List.of(again, otherPolicy));
    assertEquals(2, c.rows().size(), "the box's repeat and pool-edf-10 with itself; seed 8 has no partner");
    Comparison.Row box = c.rows().get(0);
    assertEquals(first.id(), box.run());
    assertEquals(first.metrics(), box.left());
    assertEquals(moved, box.right());
    assertEquals(2, c.refusedAgreeing());
    assertTrue(box.spawnsWithinOne());
    assertEquals(1, c.metWithinThreePoints(), "2 tasks of " + m.submitted() + " apart is more than 3 points");
    assertTrue(c.csv().startsWith("run,policy,seed,budgeted,submitted,refused_first,refused_repeat,spawns_first,spawns_repeat"),
        c.csv());
    assertTrue(c.markdown().startsWith("# Real runs against the same runs recorded again"), c.markdown());
    assertTrue(c.markdown().contains("turned away first / repeat"), c.markdown());
    assertEquals(0, Comparison.ofRepeats(List.of(otherSeed), List.of(again)).rows().size());
  }
}
