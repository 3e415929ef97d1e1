package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import helperlab.lab.chart.TriggerMark;
import helperlab.lab.live.LiveTrigger;
import helperlab.lab.viewmodel.TriggerWindow;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.Recovery;
import helperlab.workload.RunTriggers;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The chart marks of the Live and Runs views say when a trigger came to a run already down, and show no "back". */
class TriggerMarksTest {
  private static final Trigger SPIKE = new Trigger(Trigger.Kind.SPIKE, 900, 60, 2);

  @Test
  void aLiveTriggerToARunAlreadyDownIsMarkedSo() {
    TriggerMark m = TriggerMarks.of(List.of(LiveTrigger.downBefore(SPIKE, 262))).get(0);
    assertEquals("spike x3 · down before the trigger (tipped at 4:22)", m.label());
    assertFalse(m.hasBackMarker());
  }

  @Test
  void aRecordWhoseRunWasDownBeforeItsTriggerIsMarkedSoInTheRunsView() {
    SimSetup setup = SimSetup.of(ScenarioSpec.builtIn("calm").withDuration(60), "box", MachineSpec.builtIn("cage"), 0,
        AdmissionMode.EDF_FIT, Calibration.defaults(), true);
    Recovery down = new Recovery(null, false, 0, 0, null, null, null, true, 262.0);
    RunRecord r = RunRecords.fromSimulation(new Simulation(setup).run())
        .withTrigger(RunTriggers.json(SPIKE), RunTriggers.json(down));
    TriggerMark m = TriggerMarks.marks(TriggerWindow.ofRecords(List.of(r))).get(0);
    assertEquals("spike x3 · down before the trigger (tipped at 4:22)", m.label());
    assertFalse(m.hasBackMarker(), "not 'back after 0:00'");
  }

  @Test
  void aRunNeverHealthyIsNotSaidToHaveTipped() {
    assertEquals("spike x3 · down before the trigger (never healthy)",
        TriggerMarks.of(List.of(LiveTrigger.downBefore(SPIKE, 300, true))).get(0).label());
    SimSetup setup = SimSetup.of(ScenarioSpec.builtIn("calm").withDuration(60), "box", MachineSpec.builtIn("cage"), 0,
        AdmissionMode.EDF_FIT, Calibration.defaults(), true);
    Recovery never = new Recovery(null, false, 0, 0, null, null, null, true, 300.0, true);
    RunRecord r = RunRecords.fromSimulation(new Simulation(setup).run())
        .withTrigger(RunTriggers.json(SPIKE), RunTriggers.json(never));
    assertEquals("spike x3 · down before the trigger (never healthy)", TriggerMarks.marks(TriggerWindow.ofRecords(List.of(r))).get(0).label());
  }
}
