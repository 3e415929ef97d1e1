package helperlab.cage.run;

import helperlab.cage.config.CageConfig;
import helperlab.cage.events.EventStream;
import helperlab.cage.store.Checkpoint;
import helperlab.cage.worker.WorkerPool;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.policy.SchedulerConfig;
import java.util.function.DoubleConsumer;
import java.util.function.Supplier;

/**
 * What a run needs from the cage around it. {@code schedulerConfig} is what its scheduler plans on (with the
 * admission margin); {@code nominalCores} the capacity without it, against which the CPU the workers wanted is
 * counted; {@code checkpoint} the one being filled now; {@code cpuCapWatch} is told each CPU cap a slowdown sets;
 * {@code clock} is where the run reads the time; {@code front} measures the CPU of the cage's own front; {@code storage}
 * pauses the work while the host's storage fails; {@code checkpointSoon} asks for the checkpoint being filled to be
 * written at the loop's next round (it holds a batch's end).
 */
public record RunContext(CageConfig config, Calibration calibration, PresetCatalog presets, SchedulerConfig schedulerConfig,
    double nominalCores, MachineSpec machine, WorkerPool pool, EventStream stream, Supplier<Checkpoint> checkpoint,
    DoubleConsumer cpuCapWatch, CageClock clock, FrontCpu front, StorageGuard storage,
    Runnable checkpointSoon) {
  /** The supervisor's clock, which worker times are kept in (a run's own clock starts at zero). */
  double cage() {
    return pool.now();
  }
}
