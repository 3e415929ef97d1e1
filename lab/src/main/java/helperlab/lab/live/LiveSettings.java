package helperlab.lab.live;

import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.workload.ScenarioSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * What a live run runs: a policy, the background arrivals (a scenario, or none: only what the button
 * sends), a machine, a seed and an admission mode. {@code own}: the policy whole when it is the user's (opened
 * from a file), so the run and its record carry it; null for a built-in, which {@code policy} names.
 */
public record LiveSettings(String policy, String scenario, String machine, long seed, String admission,
    PolicySpec own) {
  /** The scenario with no background arrivals: only the helper button sends work. */
  public static final String BUTTON_ONLY = "button-only";

  public LiveSettings {
    if (own == null) {
      PolicyCatalog.get(policy);
    } else if (!own.id().equals(policy)) {
      throw new IllegalArgumentException("policy '" + policy + "' is not the opened policy '" + own.id() + "'");
    }
    if (!scenarios().contains(scenario)) {
      throw new IllegalArgumentException("unknown scenario '" + scenario + "'; known: " + String.join(", ", scenarios()));
    }
    MachineSpec.builtIn(machine);
    AdmissionMode.of(admission);
    if (seed < 0) {
      throw new IllegalArgumentException("seed must be zero or more, got " + seed);
    }
  }

  /** A built-in policy's settings. */
  public LiveSettings(String policy, String scenario, String machine, long seed, String admission) {
    this(policy, scenario, machine, seed, admission, null);
  }

  /** The policy run: the user's own, else the built-in {@code policy} names. */
  public PolicySpec policySpec() {
    return own != null ? own : PolicyCatalog.get(policy);
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
    return new LiveSettings(policy, scenario, machine, s, admission, own);
  }
}
