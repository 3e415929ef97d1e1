package helperlab.runs;

import helperlab.model.RunRecord;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import java.util.Locale;

/** Builds run records from what produced them. */
public final class RunRecords {
  private RunRecords() {}

  /** A stable id: kind, scenario, policy, machine, seed and (when not the default) admission. */
  public static String id(String kind, String scenario, String policy, String machine, long seed, String admission) {
    String base = String.format(Locale.ROOT, "%s-%s-%s-%s-s%d", kind, scenario, policy, machine, seed);
    return "edf-fit".equals(admission) ? base : base + "-" + admission;
  }

  public static RunRecord fromSimulation(SimResult r) {
    SimSetup s = r.setup();
    String admission = s.admission().id();
    return RunRecord.builder().id(id(RunRecord.KIND_SIM, s.scenario(), s.policy().id(), s.machine().name(), s.seed(),
        admission)).kind(RunRecord.KIND_SIM).policy(s.policy().id()).scenario(s.scenario()).machine(s.machine())
        .seed(s.seed()).admission(admission).calibration(s.calibration()).durationS(s.durationS()).tasks(r.tasks())
        .events(r.events()).samples(r.samples()).metrics(r.metrics()).build();
  }
}
