package helperlab.cage.supervisor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.config.CageConfig;
import helperlab.cage.events.EventStream;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.limits.CgroupLimits;
import helperlab.cage.run.CageClock;
import helperlab.cage.run.CageTask;
import helperlab.cage.run.FrontCpu;
import helperlab.cage.run.RunContext;
import helperlab.cage.run.StorageGuard;
import helperlab.cage.store.CageStore;
import helperlab.cage.store.Checkpoint;
import helperlab.cage.store.Checkpointer;
import helperlab.cage.store.StoredBatch;
import helperlab.cage.store.ValidBatch;
import helperlab.cage.worker.Resizer;
import helperlab.cage.worker.Watchdog;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.cage.worker.WorkerPool;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.SchedulerConfig;
import helperlab.policy.WorkerBudget;
import helperlab.protocol.CageStatusReport;
import java.sql.SQLException;
import java.util.Locale;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cage's supervisor: the only writer of scheduling state. One thread owns the run (and with it
 * the scheduler) and takes every input from one queue: batches offered by the intake and the big
 * button, frames and exits of workers, control requests, and its own timers (scheduler wake-ups,
 * an exhibit's arrivals, the watchdog, samples, checkpoints every two seconds). Started again after
 * a crash it first recovers (see {@link StartupTakeBack}) and then takes back the work it had admitted.
 */
public final class Supervisor implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Supervisor.class);

  final CageConfig config;
  volatile Calibration calibration; // replaced when ctl calibrate has measured this cage
  private final PresetCatalog presets = PresetCatalog.defaults();
  final CgroupLimits limits;
  final WorkerBudget budget;
  final SchedulerConfig schedulerConfig;
  private final MachineSpec machine;
  final CgroupCage cage;
  final CageStore store;
  final EventStream stream;
  final WorkerLauncher launcher;
  final WorkerPool pool;
  private final DailyProbe probe;
  private final OfferHandler offers;
  /** The host's storage where the cage writes: a fault there pauses the work, never blames an image. */
  final StorageGuard storage;
  final Watchdog watchdog;
  final Checkpointer checkpointer;
  private final CageShutdown shutdown;
  private final CageClock clock;
  private final long started;
  private final SupervisorLoop loop;
  private volatile boolean stopped;
  private final SampleLibraryLoader sampleLoader;
  private final StartupTakeBack.Result recovered;
  private final CageHealth health;
  /** The cage's own front (this process, its database backends, Redis), whose CPU is not the host's. */
  private final FrontCpu front;
  /** The runs, one after another (the current one read on the loop). */
  final RunSequence runs;
  final RunSwitcher switcher;
  /** Told (on the loop, right after the write) each time a slowdown changes the CPU cap: for tests. */
  volatile java.util.function.DoubleConsumer cpuCapWatch;

  private Supervisor(CageConfig config, CageClock clock) throws Exception {
    this.config = config;
    this.clock = clock;
    this.started = clock.nanoTime();
    this.loop = new SupervisorLoop(this::cageNow, config.cadence().sampleS(), config.cadence().checkpointS());
    SupervisorParts parts = SupervisorParts.assemble(config,
        signal -> loop.add(new LoopInput.FromWorker(signal)), this::cageNow);
    this.sampleLoader = parts.sampleLoader();
    this.calibration = parts.calibration();
    this.limits = parts.sizing().limits();
    this.budget = parts.sizing().budget();
    this.schedulerConfig = parts.sizing().schedulerConfig();
    this.machine = parts.sizing().machine();
    this.cage = parts.cage();
    this.store = parts.store();
    this.stream = parts.stream();
    this.launcher = parts.launcher();
    this.probe = parts.probe();
    this.pool = parts.pool();
    this.watchdog = parts.watchdog();
    this.checkpointer = parts.checkpointer();
    this.shutdown = new CageShutdown(parts);
    this.health = new CageHealth(config.services().redisUrl(), stream, store);
    this.front = FrontCpu.of(config, store, stream);
    this.storage = new StorageGuard(config, this::cageNow);
    this.offers = new OfferHandler(store, config.outbox(), loop::add, loop::stopping, storage);
    this.runs = new RunSequence(config, schedulerConfig, () -> calibration, parts, this::runContext, clock);
    store.watchLease(new LeaseWatch(why -> loop.add(new LoopInput.Call(() -> {
      pool.halt(why);
      runs.current().halt(LeaseWatch.LEASE_LOST);
      return null;
    }))));
    try {
      this.recovered = new StartupTakeBack(store, stream, config, calibration, machine).run();
      this.switcher = new RunSwitcher(runs, machine, presets, () -> calibration, sampleLoader, cage,
          PolicyCatalog.get(config.scheduling().policy()));
      runs.start("live", switcher.livePolicy(), null, true);
    } catch (java.sql.SQLException | java.io.IOException | RuntimeException e) {
      throw shutdown.abandon(e, store.url());
    }
    for (StoredBatch b : recovered.resume()) {
      runs.current().resume(b);
    }
  }

  /** Starts a supervisor: recovers, then serves (the intake and control are started by their own classes). */
  public static Supervisor start(CageConfig config) throws Exception {
    return start(config, CageClock.SYSTEM);
  }

  /** Starts a supervisor that reads the time from {@code clock}. */
  public static Supervisor start(CageConfig config, CageClock clock) throws Exception {
    Supervisor s = new Supervisor(config, clock);
    s.loop.start(new LoopWork(s.runs, s.pool, s.watchdog, s.switcher, s.shutdown::restoreCpu, s.storage));
    s.probe.startArchive();
    Thread lib = new Thread(s.sampleLoader::load, "samples");
    lib.setDaemon(true);
    lib.start();
    s.health.probeAtStart();
    if (s.redisWarning() != null) {
      LOG.info("cage: " + s.redisWarning());
    }
    StartupTakeBack.Result r = s.recovered;
    LOG.warn(String.format(Locale.ROOT, "cage %s on %s: %s; budget %d workers (%s); %s; JPEGs decoded by %s; recovered %d"
            + " batches (%d outputs found published), abandoned %d, cancelled %d, killed %d leftover workers, removed %d"
            + " temp files",
        config.identity(), s.store.url(), s.limits.describe(), s.budget.workers(), s.budget.reason(), s.cage.status(),
        Resizer.jpegDecoder(), r.resume().size(),
        r.foundPublished(), r.abandoned(), r.cancelled(), r.leftoverWorkers(), r.tempFiles()));
    return s;
  }

  private double cageNow() {
    return (clock.nanoTime() - started) / 1e9;
  }

  /** Where the cage reads the time (the intake stamps arrivals with it). */
  public CageClock clock() {
    return clock;
  }

  public CageConfig config() {
    return config;
  }

  public PresetCatalog presets() {
    return presets;
  }

  public Calibration calibration() {
    return calibration;
  }

  public CageStore store() {
    return store;
  }

  public EventStream stream() {
    return stream;
  }

  /** What this cage is, to a scheduler, without a margin (budget, ceiling, nominal capacity): the simulator's view. */
  public SchedulerConfig schedulerConfig() {
    return schedulerConfig;
  }

  /** What the current run's scheduler is told: the nominal configuration with the admission margin, for a live run. */
  public SchedulerConfig runSchedulerConfig() {
    return runs.runConfig();
  }

  public MachineSpec machine() {
    return machine;
  }

  /** The id of the run on now. */
  public String currentRun() {
    return onLoop(s -> s.runs.current().id);
  }

  /**
   * What the cage runs without, in words: Redis away (no live events) or PostgreSQL away (no durable
   * state); empty when all is well. {@code /health} says "degraded" with these.
   */
  public java.util.List<String> degraded() {
    java.util.List<String> why = new java.util.ArrayList<>(health.degraded());
    if (storage.paused()) {
      why.add(storage.refusal());
    }
    return why;
  }

  /** A warning for the serving line when Redis did not answer at start, else null. */
  public String redisWarning() {
    return health.redisWarning();
  }

  public String limitsDescription() {
    return limits.describe() + "; " + cage.status();
  }

  /** The context of a run whose scheduler plans on {@code runConfig} and fills {@code checkpoint}. */
  private RunContext runContext(SchedulerConfig runConfig, java.util.function.Supplier<Checkpoint> checkpoint) {
    return new RunContext(config, calibration, presets, runConfig, schedulerConfig.capacityCores(), machine, pool,
        stream, checkpoint, cores -> {
          java.util.function.DoubleConsumer w = cpuCapWatch;
          if (w != null) {
            w.accept(cores);
          }
        }, clock, front, storage, loop::checkpointSoon);
  }

  // ---- batches --------------------------------------------------------------------------------

  /** Offers a batch that passed the door (see {@link OfferHandler}). Any thread. */
  public Offer offer(ValidBatch b) {
    return offers.offer(b);
  }

  /** Runs {@code body} on the supervisor's thread and returns its result. */
  @SuppressWarnings("unchecked")
  public <T> T onLoop(Function<Supervisor, T> body) {
    if (loop.stopping()) {
      throw new IllegalStateException("the cage is stopping");
    }
    LoopInput.Call call = new LoopInput.Call(() -> body.apply(this));
    loop.add(call);
    return (T) call.await();
  }

  /** A batch's state and each image's, from the run that holds it or else from the store; null if unknown. */
  public ObjectNode batchView(long id) {
    boolean storeDown = !checkpointer.up();
    ObjectNode live = onLoop(s -> {
      CageTask t = s.runs.current().taskOfBatch(id);
      return t == null ? null : BatchViews.of(t, s.runs.current().id, storeDown, store.url());
    });
    return live != null ? live : BatchViews.stored(store, id, config.identity().id());
  }

  /**
   * Off the loop, into a status built on it: a dependency the loop's view holds down is asked now (bounded), so one
   * that is back shows back at once (see {@link CageHealth#askNow}).
   */
  CageStatusReport askDependencies(CageStatusReport status) {
    return health.askNow(status, checkpointer);
  }

  // ---- control --------------------------------------------------------------------------------

  /** Exhibits from now on forecast and record with {@code c} (the worker budget stays as sized at start). */
  public void useCalibration(Calibration c) {
    calibration = c;
  }

  /** True while an exhibit plays (no calibration then: it would take the exhibit's cores). */
  public boolean exhibitRunning() {
    return runs.current().isExhibit();
  }

  /** What ctl changes about the run on (use it on the loop). */
  public RunSwitcher switcher() {
    return switcher;
  }

  /** The sample library, made in the data directory the first time it is needed (null until then). */
  public SampleLibrary samples() {
    return sampleLoader.samples();
  }

  public String samplesStatus() {
    return sampleLoader.status();
  }

  // ---- stopping -------------------------------------------------------------------------------

  public boolean stopped() {
    return stopped;
  }

  /**
   * For tests: ends as kill -9 would leave things, in this JVM: the loop stops where it is, no run ends, nothing
   * waiting to be checkpointed is written, the workers are killed, and every part is let go (so a cage started next on
   * the same data directory takes back what this one left, as after a crash).
   */
  synchronized void crash() {
    if (stopped) {
      return;
    }
    loop.stop();
    try {
      loop.thread().join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    stopped = true;
    shutdown.abandon();
  }

  /** Stops serving: the run ends with its record, checkpoints and stream are flushed, workers killed. */
  @Override
  public synchronized void close() {
    if (stopped) {
      return;
    }
    try {
      shutdown.stop(loop.thread(), () -> {
        LoopInput.Call end = new LoopInput.Call(() -> {
          runs.endRun();
          switcher.cancelExhibit();
          loop.stop();
          return null;
        });
        loop.add(end);
        return end.reply();
      }, loop::stop);
    } finally {
      stopped = true;
    }
  }
}
