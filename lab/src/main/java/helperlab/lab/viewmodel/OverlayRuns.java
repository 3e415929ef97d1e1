package helperlab.lab.viewmodel;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicySpec;
import helperlab.runs.Comparison;
import helperlab.runs.RecordedPolicy;
import helperlab.runs.RunRecords;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.ScenarioSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the Compare overlay's runs come from (on a background thread): a recorded pair loaded and checked, or each
 * side taken from a stored record when there is one, else simulated and kept in memory for a few seeds.
 */
final class OverlayRuns {
  private final RunLibrary library;
  private final OwnPolicies policies;
  /** Runs simulated for a comparison, most recent last (a few seeds' worth, in memory only). */
  private final Map<String, RunRecord> simulated = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, RunRecord> eldest) {
      return size() > 8;
    }
  };

  OverlayRuns(RunLibrary library, OwnPolicies policies) {
    this.library = library;
    this.policies = policies;
  }

  /** A recorded pair's two runs, A then B; refused when B is not A's replay or the two did not play the same tasks. */
  List<RunRecord> loadPair(RecordedPair p) {
    RunRecord a = library.load(p.run().stored().file());
    RunRecord b = library.load(p.other().stored().file());
    if (p.replay() && !(RunRecord.KIND_REPLAY.equals(b.kind()) && a.id().equals(b.replayOf()))) {
      throw new IllegalArgumentException(p.other().name() + " is not a replay of " + a.id() + " (its kind is "
          + b.kind() + ", replay of " + (b.replayOf() == null ? "nothing" : b.replayOf()) + ")");
    }
    if (!p.replay() && !Comparison.sameTasks(a, b)) {
      throw new IllegalArgumentException(p.run().name() + " and " + p.other().name()
          + " did not play the same tasks (policy, scenario, machine, seed, admission and task list must all agree)");
    }
    return List.of(a, b);
  }

  /** The run of one side: stored, else simulated (simulated sides of a built-in scenario only). */
  RunRecord get(OverlaySide s) throws Exception {
    // a user's policy as the lab knows it now; a side stepped from a record runs the policy that record ran
    PolicySpec policy = s.template() != null ? RecordedPolicy.of(s.template()) : policies.spec(s.policy());
    Optional<RunRecord> stored = library.findStored(s.kind(), s.policy(), s.scenario(), s.machine(), s.seed(),
        s.admission()).filter(r -> !"sim".equals(s.kind()) || RecordedPolicy.find(r).map(policy::equals).orElse(false));
    if (stored.isPresent()) {
      return stored.get();
    }
    if (!"sim".equals(s.kind())) {
      throw new IllegalArgumentException("there is no stored " + s.describe() + " in the runs folder or the history");
    }
    if (!ScenarioSpec.BUILT_IN.contains(s.scenario())) {
      throw new IllegalArgumentException("cannot simulate scenario '" + s.scenario() + "' for seed " + s.seed()
          + " (only the built-in scenarios can be generated for other seeds)");
    }
    MachineSpec m = s.template() != null ? s.template().machine() : MachineSpec.builtIn(s.machine());
    Calibration cal = s.template() != null ? s.template().calibration() : Calibration.seed();
    SimSetup setup = SimSetup.of(ScenarioSpec.builtIn(s.scenario()), policy, m, s.seed(),
        AdmissionMode.of(s.admission()), cal, true);
    // simulated on demand and kept in memory only: stepping through seeds must not fill the history; a policy of
    // the user's changed under the same id is another run
    String key = s.describe() + " " + s.admission() + " " + policy.hashCode();
    synchronized (simulated) {
      RunRecord known = simulated.get(key);
      if (known != null) {
        return known;
      }
    }
    RunRecord r = RunRecords.fromSimulation(new Simulation(setup).run());
    synchronized (simulated) {
      simulated.put(key, r);
    }
    return r;
  }
}
