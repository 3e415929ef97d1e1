package helperlab.lab.viewmodel;

import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.workload.ScenarioSpec;
import java.util.Arrays;
import java.util.List;

/**
 * What the views' choosers offer out of the box (scenarios, machines, admission modes, policies), by id: the views
 * list them from here, not from the catalogues behind them.
 */
public final class BuiltIns {
  private BuiltIns() {}

  /** The built-in scenarios' names. */
  public static List<String> scenarios() {
    return ScenarioSpec.BUILT_IN;
  }

  /** The built-in machines' names. */
  public static List<String> machines() {
    return MachineSpec.BUILT_IN;
  }

  /** The admission modes' ids, the default (EDF-fit) first. */
  public static List<String> admissions() {
    return Arrays.stream(AdmissionMode.values()).map(AdmissionMode::id).toList();
  }

  /** The admission a sweep's heat map shows and opens its runs with. */
  public static String defaultAdmission() {
    return AdmissionMode.EDF_FIT.id();
  }

  /** The built-in policies' ids (not the ones opened or made in the Live view). */
  public static List<String> policies() {
    return PolicyCatalog.ids();
  }
}
