package helperlab.drive;

import helperlab.model.Calibration;
import helperlab.model.Contention;
import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.SchedulerConfig;
import helperlab.policy.WorkerBudget;

/**
 * How many workers a machine runs and what its scheduler is told, from the machine and a calibration. One
 * function for the simulator ({@code SimSetup}), the cage (its limits as a machine) and {@code deploy --check}:
 * "the same scheduler in both worlds" holds only if both worlds size it the same way.
 *
 * @param budget the worker budget (a machine that names its own budget keeps it; the reason then says so)
 * @param perWorkerMb a worker's memory budget: its private memory and the largest image it may hold
 * @param schedulerConfig what the scheduler is told: budget, process ceiling, capacity, admission, spawn estimate
 */
public record Sizing(WorkerBudget budget, double perWorkerMb, SchedulerConfig schedulerConfig) {
  private static final double MIB = 1024 * 1024;

  /** The machine's budget and its scheduler's settings under {@code admission}. */
  public static Sizing of(MachineSpec machine, Calibration calibration, AdmissionMode admission) {
    WorkerBudget budget = budget(machine, calibration);
    int workers = budget.workers();
    double speed = machine.speedOrDefault();
    double capacity = contention(machine, calibration).throughputCores(workers, machine.cores()) * speed;
    double spawn = (machine.spawnCpuS(calibration) + machine.warmupCpuS(calibration)) / speed;
    double oneProcess = Math.min(1, machine.cores()) * speed;
    SchedulerConfig config = new SchedulerConfig(workers, machine.maxProcessesOrDefault(), capacity, admission, spawn,
        SchedulerConfig.DEFAULT_MAX_STRIKES, Math.min(oneProcess, capacity));
    return new Sizing(budget, perWorkerMb(machine, calibration), config);
  }

  /** The worker budget alone: one per core of quota, at most one per worker's memory budget (seed 001). */
  public static WorkerBudget budget(MachineSpec machine, Calibration calibration) {
    long perWorkerBytes = Math.max(1, (long) (perWorkerMb(machine, calibration) * MIB));
    long memoryBytes = (long) (machine.memoryMb() * MIB);
    WorkerBudget derived = WorkerBudget.of(machine.cores(), memoryBytes, perWorkerBytes);
    Integer given = machine.workerBudget();
    return given == null ? derived : new WorkerBudget(given, derived.byCpu(), derived.byMemory(), "given by the machine");
  }

  /** A worker's memory budget, MiB: its private memory and the largest image the lab handles. */
  public static double perWorkerMb(MachineSpec machine, Calibration calibration) {
    return machine.workerPrivateMb(calibration) + machine.imageMbPerMp(calibration) * WorkerBudget.LARGEST_IMAGE_MP;
  }

  /** The same for a machine that sets no memory of its own: the calibration's. */
  public static double perWorkerMb(Calibration calibration) {
    return perWorkerMb(MachineSpec.of("calibration", 1, 0), calibration);
  }

  /** The contention penalty: the machine's own when it sets one (no measured range), else the calibration's. */
  public static Contention contention(MachineSpec machine, Calibration calibration) {
    return machine.hasContention() ? new Contention(machine.contention(calibration)) : calibration.contentionModel();
  }
}
