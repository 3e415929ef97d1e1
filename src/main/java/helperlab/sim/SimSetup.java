package helperlab.sim;

import helperlab.model.Calibration;
import helperlab.model.Contention;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.policy.SchedulerConfig;
import helperlab.policy.WorkerBudget;
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

  public SimSetup {
    tasks = List.copyOf(tasks);
    for (int i = 0; i < tasks.size(); i++) {
      if (tasks.get(i).id() != i) {
        throw new IllegalArgumentException("task ids must be 0, 1, 2... in order; task " + i + " has id " + tasks.get(i).id());
      }
      if (i > 0 && tasks.get(i).arrivalS() < tasks.get(i - 1).arrivalS()) {
        throw new IllegalArgumentException("tasks must be in arrival order (task " + i + ")");
      }
    }
    if (!(sampleEveryS > 0)) {
      throw new IllegalArgumentException("sample interval must be > 0 s, got " + sampleEveryS);
    }
    if (!(workFactor > 0) || Double.isInfinite(workFactor)) {
      throw new IllegalArgumentException("work factor must be a positive number, got " + workFactor);
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
    PresetCatalog presets = PresetCatalog.defaults();
    List<Task> tasks = new ArrivalGenerator(scenario, machine, calibration, presets).generate(seed);
    return new SimSetup(scenario.name(), seed, tasks, scenario.durationS(), PolicyCatalog.get(policyId), machine,
        calibration, admission, presets, record, 1.0, 1.0, scenario.trigger());
  }

  public SimSetup withPolicy(PolicySpec other) {
    return new SimSetup(scenario, seed, tasks, durationS, other, machine, calibration, admission, presets, record,
        sampleEveryS, workFactor, trigger);
  }

  public SimSetup recording(boolean on) {
    return new SimSetup(scenario, seed, tasks, durationS, policy, machine, calibration, admission, presets, on,
        sampleEveryS, workFactor, trigger);
  }

  public Contention contention() {
    // a machine's own penalty has no measured range; the calibration's holds at its ladder's top
    return machine.hasContention() ? new Contention(machine.contention(calibration)) : calibration.contentionModel();
  }

  /** The worker budget from the machine's limits, as the cage computes it from its own. */
  public int workerBudget() {
    if (machine.workerBudget() != null) {
      return machine.workerBudget();
    }
    double perWorkerMb = machine.workerPrivateMb(calibration) + machine.imageMbPerMp(calibration) * WorkerBudget.LARGEST_IMAGE_MP;
    long perWorkerBytes = Math.max(1, (long) (perWorkerMb * 1024 * 1024));
    long memoryBytes = (long) (machine.memoryMb() * 1024 * 1024);
    return WorkerBudget.of(machine.cores(), memoryBytes, perWorkerBytes).workers();
  }

  /** The capacity {@link Tipping} judges this run against, over windows of {@code windowS} seconds. */
  public Tipping.Capacity tippingCapacity(double windowS) {
    return Tipping.Capacity.of(workerBudget(), machine, calibration, tasks, windowS);
  }

  public SchedulerConfig schedulerConfig() {
    int budget = workerBudget();
    double speed = machine.speedOrDefault();
    double capacity = contention().throughputCores(budget, machine.cores()) * speed;
    double spawn = (machine.spawnCpuS(calibration) + machine.warmupCpuS(calibration)) / speed;
    double oneProcess = Math.min(1, machine.cores()) * speed;
    return new SchedulerConfig(budget, machine.maxProcessesOrDefault(), capacity, admission, spawn,
        SchedulerConfig.DEFAULT_MAX_STRIKES, Math.min(oneProcess, capacity));
  }
}
