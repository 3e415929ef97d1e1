package helperlab.lab.live;

import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.workload.ScenarioSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * What a live run runs: a policy, the background arrivals (a scenario, or none: only what the button
 * sends), a machine, a seed and an admission mode.
 */
public record LiveSettings(String policy, String scenario, String machine, long seed, String admission) {
  /** The scenario with no background arrivals: only the helper button sends work. */
  public static final String BUTTON_ONLY = "button-only";

  public LiveSettings {
    PolicyCatalog.get(policy);
    if (!scenarios().contains(scenario)) {
      throw new IllegalArgumentException("unknown scenario '" + scenario + "'; known: " + String.join(", ", scenarios()));
    }
    MachineSpec.builtIn(machine);
    AdmissionMode.of(admission);
    if (seed < 0) {
      throw new IllegalArgumentException("seed must be zero or more, got " + seed);
    }
  }

  public static LiveSettings defaults() {
    return new LiveSettings("box", "calm", "cage", 0, AdmissionMode.EDF_FIT.id());
  }

  /** The built-in scenarios and {@link #BUTTON_ONLY}. */
  public static List<String> scenarios() {
    List<String> s = new ArrayList<>(ScenarioSpec.BUILT_IN);
    s.add(BUTTON_ONLY);
    return s;
  }

  public LiveSettings withSeed(long s) {
    return new LiveSettings(policy, scenario, machine, s, admission);
  }
}
