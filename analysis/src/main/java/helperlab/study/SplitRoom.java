package helperlab.study;

import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.sim.SimSetup;
import java.util.List;

/**
 * The setting where splitting has room to happen, so claim 4 (forecast against timer) is tested at all and
 * claim 3 (yield) is also seen at the seed's operating point. In the main sweep a budgeted splitter starts
 * about one process per task: its worker budget (one per core) is full of first helpers, and every batch it
 * admits fits its deadline on one core, so neither trigger has reason or room to split. Here, chosen before
 * any run was seen:
 * <ul>
 *   <li>the splitters' worker budget is {@value #BUDGET_TIMES} times the machine's (above the pool's
 *   concurrency, which stays at the machine's own budget);</li>
 *   <li>deadlines allow {@value #WORK_ALLOWANCE} of a batch's one-core work on top of the preset's base, so a
 *   batch of more than twice its base's work cannot be done on one core in time;</li>
 *   <li>no admission ({@code none}) for every policy here, so those batches are taken (edf-fit would refuse
 *   them up front, promising a batch one process) and only a split can meet them.</li>
 * </ul>
 * Rows carry {@code study = split-room}; the arrivals are the main sweep's for the same scenario, machine and
 * seed (the budget does not change them), with the tighter deadlines.
 */
public final class SplitRoom {
  public static final String NAME = "split-room";
  public static final int BUDGET_TIMES = 2;
  public static final double WORK_ALLOWANCE = 0.5;
  public static final AdmissionMode ADMISSION = AdmissionMode.NONE;
  /**
   * The pool the yield policies are set against, the four budgeted splitters, and never-split-budget (the same room,
   * never splitting: what claim 4's forecast is set against where it splits).
   */
  public static final List<String> POLICIES = List.of("pool-edf-10", "split-timer-budget", "split-forecast-budget",
      "split-timer-budget-yield", "split-forecast-budget-yield", "never-split-budget");

  private SplitRoom() {}

  /** Whether a plan with these policies can carry the setting (it needs the pool and the four splitters). */
  static boolean fits(List<String> policies) {
    return policies.containsAll(POLICIES);
  }

  static PresetCatalog presets(PresetCatalog base) {
    return new PresetCatalog(base.all().stream().map(p -> p.withWorkAllowance(WORK_ALLOWANCE)).toList());
  }

  /**
   * The machine a policy runs on here: a budgeted helper policy's (the splitters and never-split-budget) with the
   * larger budget, any other policy's as it is.
   */
  static MachineSpec machine(MachineSpec base, Calibration calibration, String policy) {
    boolean helpers = PolicyCatalog.get(policy).split() != null || policy.equals("never-split-budget");
    if (!PolicyCatalog.get(policy).budgeted() || !helpers) {
      return base;
    }
    int own = new SimSetup(base.name(), 0, List.of(), 1, PolicyCatalog.get(policy), base, calibration, ADMISSION,
        PresetCatalog.defaults(), false, 1.0).workerBudget();
    ObjectNode json = DataFile.JSON.valueToTree(base);
    json.put("worker_budget", BUDGET_TIMES * own);
    return DataFile.parse(json.toString(), base.name() + " with a larger worker budget", MachineSpec.class);
  }

  static List<SweepPlan.Variant> variants() {
    return POLICIES.stream().map(p -> new SweepPlan.Variant(p, ADMISSION)).toList();
  }
}
