package helperlab.sim;

import helperlab.drive.Driver;
import helperlab.model.EventSink;
import helperlab.model.MachineSpec;
import helperlab.model.MetricsAccumulator;
import helperlab.model.Task;
import helperlab.policy.Client;
import helperlab.policy.Scheduler;
import helperlab.workload.Trigger;
import java.util.List;

/**
 * The discrete-event simulator: it feeds a scenario's batches through the client model and the
 * scheduler, carries out the scheduler's commands on the machine model (processor sharing,
 * contention, spawn and warm-up, memory and OOM kills), and reports every event to the metrics
 * (and, when recording, to the run's event log and samples). Time is virtual.
 *
 * <p>Batch use: {@link #run()}. Live use (the lab): {@link #advanceTo} in steps of virtual time,
 * {@link #press} to send a batch now, {@link #trigger} to start a trigger now, {@link #finish()} to end; an observer sink sees every event
 * and sample as it happens.
 *
 * <p>The parts, by job: {@link EventLoop} (the clock and the next event), {@link Workers} (the processes)
 * with {@link WorkerMemory} (their memory and the kernel's kills), {@link TriggerTimeline}, {@link TaskTable}
 * (tasks and images by id), {@link SimulatedWorld} (the commands' meaning here) and {@link RunSinks}.
 */
public final class Simulation {
  private static final String END = "end-of-run";

  private final SimSetup setup;
  private final Scheduler scheduler;
  private final Machine machine;
  private final RunSinks sinks;
  private final TaskTable tasks;
  private final TriggerTimeline triggers;
  private final Workers workers;
  private final EventLoop loop;
  private boolean finished;

  public Simulation(SimSetup setup) {
    this(setup, new Workload(setup.tasks(), setup.calibration(), setup.machine().speedOrDefault(), setup.workFactor()), null);
  }

  /** A run whose events and samples are also shown to {@code observer} as they happen (live charts). */
  public Simulation(SimSetup setup, EventSink observer) {
    this(setup, new Workload(setup.tasks(), setup.calibration(), setup.machine().speedOrDefault(), setup.workFactor()), observer);
  }

  /** A run on a workload already computed for the same tasks, calibration and machine speed. */
  Simulation(SimSetup setup, Workload workload) {
    this(setup, workload, null);
  }

  /** A run on a shared workload whose events and samples are also shown to {@code observer} (a sweep's meters). */
  public Simulation(SimSetup setup, Workload workload, EventSink observer) {
    this.setup = setup;
    MachineSpec m = setup.machine();
    double speed = m.speedOrDefault();
    this.tasks = new TaskTable(setup.tasks(), workload, setup.calibration(), speed, setup.workFactor());
    this.scheduler = new Scheduler(setup.policy(), setup.schedulerConfig());
    Client client = new Client(setup.policy().client(), tasks::nextId);
    this.machine = new Machine(m.cores(), speed, setup.contention(), setup.calibration().startupParallelism());
    this.sinks = new RunSinks(setup.record(), observer);
    this.triggers = new TriggerTimeline(setup.trigger());
    this.workers = new Workers(setup, machine, tasks, triggers, scheduler, sinks.sink);
    Driver driver = new Driver(scheduler::drainTo, client::drainTo,
        new SimulatedWorld(workers, tasks, scheduler, client, sinks.sink), sinks.sink);
    this.loop = new EventLoop(setup, workload.arrivalS, scheduler, client, machine, workers, triggers, tasks, sinks, driver);
  }

  // ---- driving ----------------------------------------------------------------------------------

  /** Runs the scenario to the end (all arrivals served, or the horizon) and returns the result. */
  public SimResult run() {
    double horizon = setup.durationS() + Math.max(600, setup.durationS());
    while (!loop.quiescent() && loop.step(horizon)) {
      // one event per step
    }
    return finish();
  }

  /**
   * Runs until everything is served or the hard stop {@code stopS}, whichever comes first; at the
   * stop, what is still running is stopped and open tasks settle, as a cage exhibit's hard stop does.
   */
  public SimResult runUntil(double stopS) {
    while (!loop.quiescent() && loop.step(stopS)) {
      // one event per step
    }
    if (!loop.quiescent() && stopS > loop.now()) {
      advanceTo(stopS);
    }
    return finish();
  }

  /**
   * Processes every event up to virtual time {@code until} and moves the clock there (live use; the
   * run goes on past its scenario's end, idle, until {@link #finish()}).
   */
  public void advanceTo(double until) {
    requireRunning();
    while (loop.step(until)) {
      // one event per step
    }
    loop.idleTo(until);
  }

  /**
   * Sends a batch now (the big helper button): same images and deadline window as {@code batch},
   * arriving at the current time. Returns its task id.
   */
  public int press(Task batch) {
    requireRunning();
    return loop.arriveNow(batch);
  }

  /**
   * Live use: a trigger from {@code t.atS()} (not before the run's clock) for its duration, as if the
   * scenario had carried it: a slowdown or cost jump changes the machine from then; a spike sends
   * {@code spikeBatches} (batches drawn from the scenario's mix, arriving within the window, e.g.
   * {@link ArrivalGenerator#spikeBatches}) on top of the scenario's arrivals. A trigger of size 0
   * changes nothing. One trigger at a time: a new one may start once the last one has ended.
   */
  public void trigger(Trigger t, List<Task> spikeBatches) {
    requireRunning();
    triggers.start(loop.now(), t, spikeBatches);
  }

  /** The trigger in force or last run (null when none), as started by the scenario or {@link #trigger}. */
  public Trigger currentTrigger() {
    return triggers.current();
  }

  /** Ends the run: stops what is still running, settles open tasks, and returns the result. */
  public SimResult finish() {
    if (!finished) {
      finished = true;
      loop.stopEverything(END);
    }
    return new SimResult(setup, sinks.metrics.metrics(), sinks.log == null ? List.of() : sinks.log.events(),
        sinks.samples == null ? null : sinks.samples.samples(), loop.steps(), machine.cpuTotal(), loop.now(), tasks.tasks());
  }

  private void requireRunning() {
    if (finished) {
      throw new IllegalStateException("the run is finished");
    }
  }

  public double now() {
    return loop.now();
  }

  public int liveWorkers() {
    return workers.liveCount();
  }

  public int busyWorkers() {
    return machine.runnable();
  }

  public int queuedImages() {
    return scheduler.queuedImages();
  }

  /** The workers' resident memory now, running images grown as far as their progress. */
  public double memoryMb() {
    return workers.memory().residentMb();
  }

  public MetricsAccumulator totals() {
    return sinks.metrics;
  }

  public SimSetup setup() {
    return setup;
  }

  /** The scenario has delivered all its batches and nothing is left in the system. */
  public boolean quiescent() {
    return loop.quiescent();
  }
}
