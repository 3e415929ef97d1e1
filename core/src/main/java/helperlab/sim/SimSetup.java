package helperlab.sim;

import helperlab.drive.Sizing;
import helperlab.model.Calibration;
import helperlab.model.Contention;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.policy.SchedulerConfig;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Tipping;
import helperlab.workload.Trigger;
import java.util.List;

/**
 * Everything one simulated run needs: the tasks, the policy, the machine and the model's constants.
 * {@code workFactor} scales the CPU the work really takes (resizes, spawns, warm-ups) without the
 * scheduler knowing: a replay of a real run on a slower day forecasts with the calibration, as the
 * cage did, while its work costs what that day's speed probe says. {@code trigger} (null: none) is a
 * disturbance at a set time; a spike's extra batches are already among the tasks.
 */
public record SimSetup(
    String scenario,
    long seed,
    List<Task> tasks,
    double durationS,
    PolicySpec policy,
    MachineSpec machine,
    Calibration calibration,
    AdmissionMode admission,
    PresetCatalog presets,
    boolean record,
    double sampleEveryS,
    double workFactor,
    Trigger trigger) {

  /**
   * The task list last found in order on this thread. A sweep gives every run of a group the same immutable list
   * (List.copyOf keeps it as it is), so it is checked once a group, not once a run (a scan of every task).
   */
  private static final ThreadLocal<List<Task>> CHECKED = new ThreadLocal<>();

  public SimSetup {
    tasks = List.copyOf(tasks);
    if (CHECKED.get() != tasks) {
      checkOrder(tasks);
      CHECKED.set(tasks);
    }
    if (!(sampleEveryS > 0)) {
      throw new IllegalArgumentException("sample interval must be > 0 s, got " + sampleEveryS);
    }
    if (!(workFactor > 0) || Double.isInfinite(workFactor)) {
      throw new IllegalArgumentException("work factor must be a positive number, got " + workFactor);
    }
  }

  private static void checkOrder(List<Task> tasks) {
    for (int i = 0; i < tasks.size(); i++) {
      if (tasks.get(i).id() != i) {
        throw new IllegalArgumentException("task ids must be 0, 1, 2... in order; task " + i + " has id " + tasks.get(i).id());
      }
      if (i > 0 && tasks.get(i).arrivalS() < tasks.get(i - 1).arrivalS()) {
        throw new IllegalArgumentException("tasks must be in arrival order (task " + i + ")");
      }
    }
  }

  /** A run without a trigger. */
  public SimSetup(String scenario, long seed, List<Task> tasks, double durationS, PolicySpec policy, MachineSpec machine,
      Calibration calibration, AdmissionMode admission, PresetCatalog presets, boolean record, double sampleEveryS,
      double workFactor) {
    this(scenario, seed, tasks, durationS, policy, machine, calibration, admission, presets, record, sampleEveryS,
        workFactor, null);
  }

  /** A run whose work costs what the calibration says (work factor 1). */
  public SimSetup(String scenario, long seed, List<Task> tasks, double durationS, PolicySpec policy, MachineSpec machine,
      Calibration calibration, AdmissionMode admission, PresetCatalog presets, boolean record, double sampleEveryS) {
    this(scenario, seed, tasks, durationS, policy, machine, calibration, admission, presets, record, sampleEveryS, 1.0);
  }

  /** A run of a scenario's generated arrivals. */
  public static SimSetup of(ScenarioSpec scenario, String policyId, MachineSpec machine, long seed,
      AdmissionMode admission, Calibration calibration, boolean record) {
    return of(scenario, PolicyCatalog.get(policyId), machine, seed, admission, calibration, record);
  }

  /** A run of a scenario's generated arrivals under a policy given whole (a file's, a record's). */
  public static SimSetup of(ScenarioSpec scenario, PolicySpec policy, MachineSpec machine, long seed,
      AdmissionMode admission, Calibration calibration, boolean record) {
    PresetCatalog presets = PresetCatalog.defaults();
    List<Task> tasks = new ArrivalGenerator(scenario, machine, calibration, presets).generate(seed);
    return new SimSetup(scenario.name(), seed, tasks, scenario.durationS(), policy, machine,
        calibration, admission, presets, record, 1.0, 1.0, scenario.trigger());
  }

  public SimSetup withPolicy(PolicySpec other) {
    return new SimSetup(scenario, seed, tasks, durationS, other, machine, calibration, admission, presets, record,
        sampleEveryS, workFactor, trigger);
  }

  /** This run with its work costing {@code factor} times what the calibration says (the scheduler not knowing). */
  public SimSetup withWorkFactor(double factor) {
    return new SimSetup(scenario, seed, tasks, durationS, policy, machine, calibration, admission, presets, record,
        sampleEveryS, factor, trigger);
  }

  public SimSetup recording(boolean on) {
    return new SimSetup(scenario, seed, tasks, durationS, policy, machine, calibration, admission, presets, on,
        sampleEveryS, workFactor, trigger);
  }

  public Contention contention() {
    return Sizing.contention(machine, calibration);
  }

  /** The worker budget and the scheduler's settings, as the cage derives its own from its limits. */
  public Sizing sizing() {
    return Sizing.of(machine, calibration, admission);
  }

  /** The worker budget from the machine's limits (or the budget the machine names). */
  public int workerBudget() {
    return Sizing.budget(machine, calibration).workers();
  }

  /** What {@link Tipping} judges this run's deliveries against: its tasks' work on its machine, and its trigger. */
  public Tipping.Capacity tippingCapacity() {
    return Tipping.Capacity.of(machine, calibration, tasks, workFactor, trigger);
  }

  /** The capacity the phase points were registered with: the worker budget and a window's images. */
  public helperlab.workload.RegisteredTipping.Capacity registeredCapacity(double windowS) {
    return helperlab.workload.RegisteredTipping.Capacity.of(workerBudget(), machine, calibration, tasks, windowS);
  }

  public SchedulerConfig schedulerConfig() {
    return sizing().schedulerConfig();
  }
}
