package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.EventSink;
import helperlab.model.Interference;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.study.phase.PointOutcome;
import helperlab.study.phase.PointVerdict;
import helperlab.study.phase.PreregisteredPoint;
import helperlab.study.phase.PreregisteredPoint.PointClass;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.RunTriggers;
import helperlab.workload.ScenarioSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A point's folder read back: a run's record judged from its events and samples as the simulator judged it live,
 * its replay found beside it, starved and off-protocol recordings kept aside.
 */
class RecordedPointsTest {
  private static final PreregisteredPoint M1 = new PreregisteredPoint("M1", PointClass.METASTABLE, "box", 0.2, null,
      0.832, 1, List.of());

  /** The box at load 0.2, seed 0, cut to 300 s: the record and the outcome its live meter gave. */
  private static RunRecord boxRun(PointOutcome[] live) {
    ScenarioSpec s = ScenarioSpec.builtIn("calm").withLoad(0.2).withDuration(300);
    SimSetup setup = SimSetup.of(s, "box", MachineSpec.builtIn("cage"), 0, AdmissionMode.EDF_FIT, Calibration.defaults(),
        true);
    RecoveryMeter meter = new RecoveryMeter();
    SimResult r = new Simulation(setup, meter).run();
    live[0] = PointOutcome.judge(meter, setup.registeredCapacity(meter.spans().windowS()), 300);
    return RunRecords.fromSimulation(r);
  }

  @Test
  void aRecordIsJudgedFromItsEventsAndSamplesAsTheLiveMeterJudgedIt() {
    PointOutcome[] live = new PointOutcome[1];
    RunRecord run = boxRun(live);
    assertNotNull(live[0].tippedAtS(), "the box at 0.2 tips within 300 s (seed 0 tipped at 78 s in the prediction)");
    assertEquals(live[0], RecordedPoints.outcome(run, 300));
  }

  @Test
  void aFolderKeepsTheMeasuredRunsAndSetsAsideTheStarvedAndTheShort(@TempDir Path dir) throws Exception {
    PointOutcome[] live = new PointOutcome[1];
    RunRecord sim = boxRun(live);
    // the host ran this one 15% slower than its calibration measured (the speed probe at its start)
    RunRecord steady = sim.toBuilder().id("real-steady").kind(RunRecord.KIND_REAL).offeredLoad(0.2)
        .speedProbeMs(sim.calibration().speedProbeMs() * 1.15)
        .interference(RunTriggers.json(new Interference(100, 95, 0, 1, 2))).build();
    RunRecord starved = sim.toBuilder().id("real-starved").kind(RunRecord.KIND_REAL).seed(1).offeredLoad(0.2)
        .interference(RunTriggers.json(new Interference(100, 40, 0, 9, 2))).build();
    RunRecord unmeasured = sim.toBuilder().id("real-unmeasured").kind(RunRecord.KIND_REAL).seed(2).offeredLoad(0.2)
        .build();
    DataFile.write(dir.resolve("real-steady.json.gz"), steady);
    DataFile.write(dir.resolve("real-steady-replay.json.gz"), Replay.of(steady));
    DataFile.write(dir.resolve("real-starved.json.gz"), starved);
    DataFile.write(dir.resolve("real-unmeasured.json.gz"), unmeasured);
    // and this one a third slower: every image cost a third more than priced, the load a third above 0.2
    DataFile.write(dir.resolve("real-t-slow.json.gz"), steady.toBuilder().id("real-t-slow").seed(3)
        .speedProbeMs(sim.calibration().speedProbeMs() * 1.33).build());
    List<PointVerdict.Recording> rs = RecordedPoints.read(dir, M1, 300);
    assertEquals(List.of("real-starved", "real-steady", "real-t-slow", "real-unmeasured"),
        rs.stream().map(PointVerdict.Recording::id).toList());
    assertEquals("off pace: the host ran ×1.33 its calibration's speed probe (tolerance 20%), so its load was not the"
        + " registered one", rs.remove(2).discardedBecause());
    PointVerdict.Recording kept = rs.get(1);
    assertNull(kept.discardedBecause());
    assertEquals(live[0], kept.real());
    assertNotNull(kept.replay(), "the replay beside it is read");
    assertEquals(1.15, kept.hostPace(), 1e-9, "the host's pace: the run's probe over its calibration's");
    assertNull(rs.get(2).hostPace(), "a run without a speed probe has no pace");
    assertTrue(rs.get(0).discardedBecause().startsWith("starved: the host took 60%"), rs.get(0).discardedBecause());
    assertTrue(rs.get(2).discardedBecause().contains("not measured"), rs.get(2).discardedBecause());
    // judged against a 900 s exhibit, the 300 s recordings are all off the registered protocol
    assertTrue(RecordedPoints.read(dir, M1, 900).get(1).discardedBecause().contains("shorter than the registered 900 s"));
    // another policy's point does not take them either
    PreregisteredPoint pool = new PreregisteredPoint("S1", PointClass.STABLE, "pool-edf-10", 0.5, null, 0, 0.17,
        List.of());
    assertTrue(RecordedPoints.read(dir, pool, 300).get(1).discardedBecause().contains("not the registered pool-edf-10"));
    assertTrue(Files.exists(dir.resolve("real-steady-replay.json.gz")));
  }

  @Test
  void aRecordingIsJudgedAtTheLoadItPlayedFromItsRecordOrItsArrivals(@TempDir Path dir) throws Exception {
    RunRecord measured = boxRun(new PointOutcome[1]).toBuilder().kind(RunRecord.KIND_REAL)
        .interference(RunTriggers.json(new Interference(100, 95, 0, 1, 2))).build();
    // the record says its load; one says another; two older records say none: one has the arrivals load 0.2
    // generates for its seed, the other lost its last batch (as a run at another load has other arrivals)
    DataFile.write(dir.resolve("real-a.json.gz"), measured.toBuilder().id("real-a").offeredLoad(0.2).build());
    DataFile.write(dir.resolve("real-b.json.gz"), measured.toBuilder().id("real-b").offeredLoad(0.3).build());
    DataFile.write(dir.resolve("real-c.json.gz"), measured.toBuilder().id("real-c").build());
    DataFile.write(dir.resolve("real-d.json.gz"), measured.toBuilder().id("real-d")
        .tasks(measured.tasks().subList(0, measured.tasks().size() - 1)).build());
    List<PointVerdict.Recording> rs = RecordedPoints.read(dir, M1, 300);
    assertEquals(List.of("real-a", "real-b", "real-c", "real-d"), rs.stream().map(PointVerdict.Recording::id).toList());
    assertNull(rs.get(0).discardedBecause());
    assertEquals("offered load 0.3, not the registered 0.2", rs.get(1).discardedBecause());
    assertNull(rs.get(2).discardedBecause(), "the older record's arrivals are those of load 0.2");
    assertEquals("its arrivals are not those of the registered offered load 0.2 (and its record does not say its load)",
        rs.get(3).discardedBecause());
  }

  @Test
  void aRecordingOnAnotherProcessorThanItsCalibrationsIsAnotherMachine(@TempDir Path dir) throws Exception {
    RunRecord measured = boxRun(new PointOutcome[1]).toBuilder().kind(RunRecord.KIND_REAL).offeredLoad(0.2)
        .interference(RunTriggers.json(new Interference(100, 95, 0, 1, 2))).build();
    Calibration onAmd = measured.calibration().toBuilder().processor("AMD EPYC 7B13").build();
    DataFile.write(dir.resolve("real-a.json.gz"), measured.toBuilder().id("real-a").calibration(onAmd)
        .processor("AMD EPYC 7B13").build());
    DataFile.write(dir.resolve("real-b.json.gz"), measured.toBuilder().id("real-b").calibration(onAmd)
        .processor("Intel(R) Xeon(R) Processor").build());
    // a record or a calibration from before processors were kept says nothing either way
    DataFile.write(dir.resolve("real-c.json.gz"), measured.toBuilder().id("real-c").processor("Intel(R) Xeon(R) Processor")
        .build());
    List<PointVerdict.Recording> rs = RecordedPoints.read(dir, M1, 300);
    assertNull(rs.get(0).discardedBecause());
    assertEquals("recorded on Intel(R) Xeon(R) Processor, its calibration measured on AMD EPYC 7B13: another machine",
        rs.get(1).discardedBecause());
    assertNull(rs.get(2).discardedBecause());
  }
}
