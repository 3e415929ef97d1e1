package helperlab.runs;

import helperlab.model.RunId;
import helperlab.model.RunRecord;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;

/** Builds run records from what produced them. */
public final class RunRecords {
  private RunRecords() {}

  public static RunRecord fromSimulation(SimResult r) {
    SimSetup s = r.setup();
    String admission = s.admission().id();
    return new RunRecord(RunRecord.FORMAT, RunId.of(RunRecord.KIND_SIM, s.scenario(), s.policy().id(), s.machine().name(),
        s.seed(), admission), RunRecord.KIND_SIM, s.policy().id(), s.scenario(), s.machine(), s.seed(), admission,
        s.calibration(), null, s.durationS(), r.tasks(), r.events(), r.samples(), r.metrics(), null, null, null);
  }
}
