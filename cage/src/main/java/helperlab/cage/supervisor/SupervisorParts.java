package helperlab.cage.supervisor;

import helperlab.cage.config.CageConfig;
import helperlab.cage.config.CageSizing;
import helperlab.cage.events.EventStream;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.measure.CageCalibration;
import helperlab.cage.run.RunLifecycle;
import helperlab.cage.store.CageStore;
import helperlab.cage.store.Checkpointer;
import helperlab.cage.worker.RestartBreaker;
import helperlab.cage.worker.Watchdog;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.cage.worker.WorkerPool;
import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerSignal;
import helperlab.model.Calibration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The supervisor's parts, put together in start-up order: the data directory taken, the cage sized and
 * its cgroups made, PostgreSQL and Redis reached, the workers' launcher, pool and watchdog made.
 */
record SupervisorParts(DataDirLock dataDir, SampleLibraryLoader sampleLoader, Calibration calibration, CageSizing sizing,
    CgroupCage cage, CageStore store, EventStream stream, RunLifecycle lifecycle, WorkerLauncher launcher,
    DailyProbe probe, WorkerPool pool, Watchdog watchdog, Checkpointer checkpointer) {
  private static final Logger LOG = LoggerFactory.getLogger(SupervisorParts.class);


  /**
   * Assembles the parts; {@code inbox} takes the workers' frames and exits, {@code cageNow} is the
   * supervisor's clock. If PostgreSQL cannot be reached, what was taken so far is given back.
   */
  static SupervisorParts assemble(CageConfig config, Consumer<WorkerSignal> inbox,
      DoubleSupplier cageNow) throws Exception {
    DataDirLock dataDir = DataDirLock.take(config);
    SampleLibraryLoader sampleLoader = new SampleLibraryLoader(config.samplesDir());
    Calibration calibration = CageCalibration.forCage(config.home().calibration(), config.dataDir());
    String processor = helperlab.model.Processor.here();
    if (helperlab.model.Processor.differs(processor, calibration.processor()) != null) {
      LOG.warn("cage: warning: the calibration is another machine's (this host's processor is "
          + processor + ", the calibration's " + calibration.processor() + "): its costs and"
          + " the loads offered on it are not this machine's; calibrate here (helper-lab calibrate)");
    }
    CageSizing sizing = CageSizing.of(config, calibration);
    CageConfig.Limits limits = config.limits();
    CgroupCage cage = limits.cgroup().equals("off") ? CgroupCage.uncapped("cgroup off (configured)")
        : CgroupCage.create(limits.cpus(), limits.memoryBytes(), Path.of("/proc/self/cgroup"),
            Path.of("/sys/fs/cgroup"));
    // The supervisor is the last thing the kernel should take; it may not be allowed to say so.
    try {
      Files.writeString(Path.of("/proc/self/oom_score_adj"), "-500");
    } catch (IOException e) {
      // without the privilege the workers' raised scores still point the kernel at them
    }
    CageStore store;
    try {
      store = CageStore.open(config.services().pgUrl(), config.identity().id());
    } catch (IllegalStateException e) { // the identity is held by a live cage on this database
      cage.close();
      dataDir.close();
      throw e;
    } catch (SQLException e) {
      cage.close();
      dataDir.close();
      throw new IllegalStateException("PostgreSQL is not reachable at " + CageStore.redact(config.services().pgUrl())
          + " (" + e.getMessage() + "); start it with scripts/services, or point HELPERLAB_PG_URL at one");
    }
    EventStream stream = new EventStream(config.services().redisUrl(), config.services().redisPrefix());
    RunLifecycle lifecycle = new RunLifecycle(config, store, stream);
    int heap = limits.workerHeapMb() > 0 ? limits.workerHeapMb() : 768;
    WorkerLauncher launcher = new WorkerLauncher(heap, config.intake().maxPixels(), config.runDir(),
        limits.cds().equals("auto"));
    DailyProbe probe = new DailyProbe(launcher, cage, calibration, config.runDir());
    CageConfig.Timeouts timeouts = config.timeouts();
    RestartBreaker breaker = new RestartBreaker(timeouts.restartLimit(), timeouts.restartWindowS());
    WorkerPool pool = new WorkerPool(launcher, cage, breaker, limits.maxProcesses(), config.runDir(), inbox, cageNow);
    long memLimit = limits.workerMemoryLimitMb() > 0 ? (long) (limits.workerMemoryLimitMb() * 1024 * 1024)
        : (heap + 256L) * 1024 * 1024;
    Watchdog watchdog = new Watchdog(timeouts.spawnTimeoutS(), timeouts.heartbeatTimeoutS(), memLimit,
        timeouts.overrunFactor(), timeouts.overrunGraceS());
    Checkpointer checkpointer = new Checkpointer(store);
    return new SupervisorParts(dataDir, sampleLoader, calibration, sizing, cage, store, stream, lifecycle, launcher, probe, pool,
        watchdog, checkpointer);
  }
}
