package helperlab.runs;

import helperlab.model.RunId;
import helperlab.model.RunRecord;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;

/** Builds run records from what produced them; a simulated run's record keeps the whole policy its setup ran. */
public final class RunRecords {
  private RunRecords() {}

  public static RunRecord fromSimulation(SimResult r) {
    SimSetup s = r.setup();
    String admission = s.admission().id();
    return RunRecord.builder().id(RunId.of(RunRecord.KIND_SIM, s.scenario(), s.policy().id(), s.machine().name(), s.seed(),
        admission)).kind(RunRecord.KIND_SIM).policy(s.policy().id())
        .policySpec(RecordedPolicy.json(s.policy())).scenario(s.scenario()).machine(s.machine())
        .seed(s.seed()).admission(admission).calibration(s.calibration()).durationS(s.durationS()).tasks(r.tasks())
        .events(r.events()).samples(r.samples()).metrics(r.metrics()).build();
  }
}
