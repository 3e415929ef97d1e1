package helperlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.study.SplitRoom;
import helperlab.study.Sweep;
import helperlab.study.SweepOutput;
import helperlab.study.SweepPlan;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.ScenarioSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Same inputs, same outputs: arrivals, single runs and whole sweeps, whatever the thread count. */
class DeterminismTest {
  @Test
  void theSameSeedGivesTheSameArrivalsForEveryPolicyAndADifferentSeedDoesNot() {
    ScenarioSpec s = ScenarioSpec.builtIn("burst");
    MachineSpec m = MachineSpec.builtIn("cage");
    ArrivalGenerator g = new ArrivalGenerator(s, m, Calibration.seed(), PresetCatalog.defaults());
    assertEquals(g.generate(5), g.generate(5));
    assertNotEquals(g.generate(5), g.generate(6));
    SimSetup a = SimSetup.of(s, "box", m, 5, AdmissionMode.EDF_FIT, Calibration.seed(), false);
    SimSetup b = SimSetup.of(s, "pool-edf-10", m, 5, AdmissionMode.EDF_FIT, Calibration.seed(), false);
    assertEquals(a.tasks(), b.tasks(), "common random numbers: arrivals do not depend on the policy");
  }

  @Test
  void aRecordedRunIsIdenticalTwice() {
    SimSetup setup = SimSetup.of(ScenarioSpec.builtIn("heavy").withDuration(600), "split-forecast",
        MachineSpec.builtIn("small"), 2, AdmissionMode.EDF_FIT, Calibration.seed(), true);
    String first = DataFile.compact(RunRecords.fromSimulation(new Simulation(setup).run()));
    String second = DataFile.compact(RunRecords.fromSimulation(new Simulation(setup).run()));
    assertEquals(first, second);
  }

  @Test
  void aSweepIsByteIdenticalOnOneThreadAndOnFour(@TempDir Path dir) throws Exception {
    SweepPlan plan = new SweepPlan(List.of("calm", "burst"), List.of("pool-edf-10", "box", "retry-client"),
        List.of("small", "cage"), 3, true);
    Calibration cal = Calibration.seed();
    SweepOutput.write(dir.resolve("one"), new Sweep(plan, cal).run(1, n -> { }), plan, cal);
    SweepOutput.write(dir.resolve("four"), new Sweep(plan, cal).run(4, n -> { }), plan, cal);
    for (String f : List.of("runs.jsonl", "summary.csv", "findings.md")) {
      assertEquals(Files.readString(dir.resolve("one").resolve(f)), Files.readString(dir.resolve("four").resolve(f)), f);
    }
    assertEquals(plan.runCount(), Files.readAllLines(dir.resolve("one/runs.jsonl")).size());
  }

  @Test
  void theSplitRoomIsByteIdenticalOnOneThreadAndOnFour(@TempDir Path dir) throws Exception {
    SweepPlan plan = new SweepPlan(List.of("busy"), SplitRoom.POLICIES, List.of("cage"), 2, true);
    Calibration cal = Calibration.defaults();
    SweepOutput.write(dir.resolve("one"), new Sweep(plan, cal).run(1, n -> { }), plan, cal);
    SweepOutput.write(dir.resolve("four"), new Sweep(plan, cal).run(4, n -> { }), plan, cal);
    for (String f : List.of("runs.jsonl", "summary.csv", "findings.md")) {
      assertEquals(Files.readString(dir.resolve("one").resolve(f)), Files.readString(dir.resolve("four").resolve(f)), f);
    }
    assertEquals(plan.runCount(), Files.readAllLines(dir.resolve("one/runs.jsonl")).size());
  }
}
