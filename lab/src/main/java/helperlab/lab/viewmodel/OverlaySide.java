package helperlab.lab.viewmodel;

import helperlab.model.RunRecord;

/**
 * One side of the Compare overlay: a run to find in the library, or simulate when it is a simulated one.
 *
 * @param template the record this side was stepped from (its machine, calibration and policy), or null
 */
record OverlaySide(String kind, String policy, String scenario, String machine, long seed, String admission,
    RunRecord template) {
  static OverlaySide like(RunRecord r, long seed) {
    return new OverlaySide(r.kind(), r.policy(), r.scenario(), r.machine().name(), seed, r.admission(), r);
  }

  String describe() {
    return kind + " run of " + policy + " on " + scenario + " / " + machine + ", seed " + seed;
  }
}
