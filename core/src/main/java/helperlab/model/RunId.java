package helperlab.model;

import java.util.Locale;

/** A run record's stable id, the same for a real run and a simulated one of the same setting. */
public final class RunId {
  private RunId() {}

  /** Kind, scenario, policy, machine, seed and (when not the default, edf-fit) admission. */
  public static String of(String kind, String scenario, String policy, String machine, long seed, String admission) {
    String base = String.format(Locale.ROOT, "%s-%s-%s-%s-s%d", kind, scenario, policy, machine, seed);
    return "edf-fit".equals(admission) ? base : base + "-" + admission;
  }
}
