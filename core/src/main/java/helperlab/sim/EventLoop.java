package helperlab.sim;

import helperlab.drive.Driver;
import helperlab.model.EventSink;
import helperlab.model.Task;
import helperlab.policy.Client;
import helperlab.policy.Scheduler;
import java.util.List;

/**
 * The simulator's clock and its next-event choice: of the next completion, arrival, scheduler or client
 * wake-up, sample, trigger edge, spike batch and memory crossing, it handles the earliest, then has the
 * scheduler's and client's answers carried out.
 */
final class EventLoop {
  private final SimSetup setup;
  private final Scheduler scheduler;
  private final Client client;
  private final Machine machine;
  private final Workers workers;
  private final WorkerMemory memory;
  private final TriggerTimeline triggers;
  private final TaskTable tasks;
  private final RunSinks sinks;
  private final EventSink sink;
  private final Driver driver;
  /** The scenario's tasks, in arrival order, and their arrival times. */
  private final List<Task> arrivals;
  private final double[] arrivalS;
  private double now;
  private long steps;
  private int nextArrival;
  private double nextSample;
  private int sameTimeSteps;
  private double lastTime = -1;

  EventLoop(SimSetup setup, double[] arrivalS, Scheduler scheduler, Client client, Machine machine, Workers workers,
      TriggerTimeline triggers, TaskTable tasks, RunSinks sinks, Driver driver) {
    this.setup = setup;
    this.arrivals = setup.tasks();
    this.arrivalS = arrivalS;
    this.scheduler = scheduler;
    this.client = client;
    this.machine = machine;
    this.workers = workers;
    this.memory = workers.memory();
    this.triggers = triggers;
    this.tasks = tasks;
    this.sinks = sinks;
    this.sink = sinks.sink;
    this.driver = driver;
    this.nextSample = sinks.sampling ? 0 : Double.POSITIVE_INFINITY;
  }

  double now() {
    return now;
  }

  long steps() {
    return steps;
  }

  /** The scenario has delivered all its batches and nothing is left in the system. */
  boolean quiescent() {
    return nextArrival >= arrivals.size() && scheduler.unfinishedTasks() == 0 && client.openTasks() == 0;
  }

  /** Handles the next event if it is due by {@code until}; false if there is none by then. */
  boolean step(double until) {
    double tProc = workers.nextCompletion();
    double tTask = nextArrival < arrivalS.length ? arrivalS[nextArrival] : Double.POSITIVE_INFINITY;
    double tSched = scheduler.nextWakeup();
    double tClient = client.nextWakeup();
    double tTrigger = triggers.nextSlowdownEdge();
    double tSpike = triggers.nextSpikeS();
    double t = Math.min(Math.min(Math.min(tProc, tTask), Math.min(Math.min(tSched, tClient), nextSample)),
        Math.min(tTrigger, tSpike));
    double tMemory = memory.nextCrossing(now);
    boolean memoryStep = tMemory < t;
    t = Math.min(t, tMemory);
    if (t > until || t == Double.POSITIVE_INFINITY) {
      return false;
    }
    t = Math.max(t, now);
    sameTimeSteps = t == lastTime ? sameTimeSteps + 1 : 0;
    if (sameTimeSteps > 1_000_000) {
      throw new IllegalStateException("simulation stuck at t=" + t + " (" + setup.policy().id() + ")");
    }
    lastTime = t;
    machine.advanceTo(t);
    now = t;
    steps++;
    if (memory.over()) {
      // growing images crossed the limit since the last event: the kernel kills before anything else
      // happens, and the next step looks again at what is due
      workers.killWhileOverMemory(now);
      execute();
      return true;
    }
    if (memoryStep) {
      return true; // the growing images reached the limit's edge but, by rounding, not past it
    }
    if (t == tTrigger) {
      triggers.slowdownEdge(machine, t);
    } else if (t == tProc) {
      workers.complete(now);
    } else if (t == tSpike) {
      arriveNow(triggers.pollSpike());
      return true; // arriving ran the scheduler already
    } else if (t == tTask) {
      Task task = arrivals.get(nextArrival++);
      client.arrive(now, task.id(), task.deadlineS());
    } else if (t == tSched) {
      scheduler.tick(now);
    } else if (t == tClient) {
      client.tick(now);
    } else {
      sink.sample(now, workers.liveCount(), machine.runnable(), scheduler.queuedImages(), memory.residentMb(), sinks.metrics);
      nextSample += setup.sampleEveryS();
      // A sample asks nothing of the scheduler or the client and the memory is within the limit (checked above):
      // a driver's round would find nothing to carry out. The memory is still reported, as the peak may be now.
      memory.report(sink, now);
      return true;
    }
    execute();
    return true;
  }

  /** Moves the clock to {@code until} with no event on the way (the caller has handled them all). */
  void idleTo(double until) {
    if (until > now) {
      machine.advanceTo(until);
      now = until;
    }
  }

  /** A batch arriving now with the same images and deadline window as {@code batch}; returns its task id. */
  int arriveNow(Task batch) {
    Task task = tasks.enter(now, batch);
    client.arrive(now, task.id(), task.deadlineS());
    execute();
    return task.id();
  }

  /** Stops what is still running at the end, {@code cause} said of it, and settles the client's open tasks. */
  void stopEverything(String cause) {
    workers.stopAll(now, cause);
    client.close(now);
    driver.carryOutClientActions(now);
    memory.report(sink, now);
    if (sinks.sampling) {
      sink.sample(now, 0, 0, scheduler.queuedImages(), memory.residentMb(), sinks.metrics);
    }
  }

  /** Carries out what the scheduler and the client asked for, until neither has anything left. */
  private void execute() {
    driver.execute(now);
    memory.report(sink, now);
  }
}
