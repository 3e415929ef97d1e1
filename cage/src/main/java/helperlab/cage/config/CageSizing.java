package helperlab.cage.config;

import helperlab.cage.limits.CgroupLimits;
import helperlab.drive.Sizing;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.SchedulerConfig;
import helperlab.policy.WorkerBudget;

/**
 * What this cage may run, decided once at start-up: its effective limits, the worker budget they
 * allow (one worker per memory budget, seed 001), and what the scheduler and the run records are told.
 * The limits become a machine and {@link Sizing} sizes it, as it sizes the simulator's machines.
 */
public record CageSizing(CgroupLimits limits, WorkerBudget budget, double perWorkerMb, SchedulerConfig schedulerConfig,
    MachineSpec machine) {

  public static CageSizing of(CageConfig config, Calibration calibration) {
    return of(CgroupLimits.detect(CgroupLimits.Sources.system(), config.limits().cpus(), config.memoryBytes()), config,
        calibration);
  }

  /** The sizing of these limits (the run records' machine names the budget, so a replay runs the same). */
  public static CageSizing of(CgroupLimits limits, CageConfig config, Calibration calibration) {
    Sizing sizing = Sizing.of(machine(limits, config, null), calibration,
        AdmissionMode.of(config.scheduling().admission()));
    WorkerBudget budget = sizing.budget();
    return new CageSizing(limits, budget, sizing.perWorkerMb(), sizing.schedulerConfig(),
        machine(limits, config, budget.workers()));
  }

  private static MachineSpec machine(CgroupLimits limits, CageConfig config, Integer workerBudget) {
    return MachineSpec.builder().name("cage").cores(limits.cpus()).memoryMb(limits.memoryBytes() / (1024.0 * 1024.0))
        .maxProcesses(config.limits().maxProcesses()).workerBudget(workerBudget).build();
  }

  /** A worker's memory budget: its private memory and the largest image it may hold. */
  public static double perWorkerMb(Calibration calibration) {
    return Sizing.perWorkerMb(calibration);
  }
}
