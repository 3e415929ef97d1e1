package helperlab.cage.service;

import helperlab.cage.limits.CgroupLimits;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.SchedulerConfig;
import helperlab.policy.WorkerBudget;

/**
 * What this cage may run, decided once at start-up: its effective limits, the worker budget they
 * allow (one worker per memory budget, seed 001), and what the scheduler and the run records are told.
 */
record CageSizing(CgroupLimits limits, WorkerBudget budget, double perWorkerMb, SchedulerConfig schedulerConfig,
    MachineSpec machine) {

  static CageSizing of(CageConfig config, Calibration calibration) {
    CgroupLimits limits = CgroupLimits.detect(CgroupLimits.Sources.system(), config.cpus(), config.memoryBytes());
    double perWorkerMb = perWorkerMb(calibration);
    WorkerBudget budget = WorkerBudget.of(limits.cpus(), limits.memoryBytes(), (long) (perWorkerMb * 1024 * 1024));
    double capacity = calibration.contentionModel().throughputCores(budget.workers(), limits.cpus());
    SchedulerConfig schedulerConfig = new SchedulerConfig(budget.workers(), config.maxProcesses(), capacity,
        AdmissionMode.of(config.admission()), (calibration.spawnCpuMs() + calibration.warmupCpuMs()) / 1000.0,
        SchedulerConfig.DEFAULT_MAX_STRIKES);
    MachineSpec machine = MachineSpec.builder().name("cage").cores(limits.cpus())
        .memoryMb(limits.memoryBytes() / (1024.0 * 1024.0)).maxProcesses(config.maxProcesses())
        .workerBudget(budget.workers()).build();
    return new CageSizing(limits, budget, perWorkerMb, schedulerConfig, machine);
  }

  /** A worker's memory budget: its private memory and the largest image it may hold. */
  static double perWorkerMb(Calibration calibration) {
    return calibration.workerPrivateMb() + calibration.imageMbPerMp() * WorkerBudget.LARGEST_IMAGE_MP;
  }
}
