package helperlab.sim;

import helperlab.model.Calibration;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.ImageMemoryCurve;
import helperlab.model.MachineSpec;
import helperlab.model.MetricsAccumulator;
import helperlab.policy.ImageJob;
import helperlab.policy.Scheduler;
import helperlab.sim.SimWorker.Phase;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulated worker processes: spawn and warm-up, assignments and their images on the machine,
 * completions in progress order, exits, and the kernel's kills (memory past the limit, see
 * {@link WorkerMemory}).
 */
final class Workers {
  private static final double NO_LIMIT = 0;

  /** Every process by id, the gone ones too. */
  private final List<SimWorker> procs = new ArrayList<>();
  /** The live processes, oldest first. */
  private final List<SimWorker> live = new ArrayList<>();
  private final PhaseHeap heap = new PhaseHeap();
  private final Machine machine;
  private final WorkerMemory memory;
  private final TaskTable tasks;
  private final TriggerTimeline triggers;
  private final Scheduler scheduler;
  private final EventSink sink;
  private final Calibration calibration;
  private final double spawnWork;
  private final double warmupWork;
  private final double privateMb;
  private final double helloMb;
  /**
   * Memory a worker holds above idle once it has resized an image: the machine's MB per megapixel if it names one
   * ({@code mbPerMp} not NaN), else the calibration's curve (its values for the workload's images worked out once).
   */
  private final double mbPerMp;
  private final ImageMemoryCurve curve;

  Workers(SimSetup setup, Machine machine, TaskTable tasks, TriggerTimeline triggers, Scheduler scheduler, EventSink sink) {
    MachineSpec m = setup.machine();
    Calibration c = setup.calibration();
    this.machine = machine;
    this.tasks = tasks;
    this.triggers = triggers;
    this.scheduler = scheduler;
    this.sink = sink;
    this.calibration = c;
    this.spawnWork = m.spawnCpuS(c) * setup.workFactor();
    this.warmupWork = m.warmupCpuS(c) * setup.workFactor();
    this.privateMb = m.workerPrivateMb(c);
    this.helloMb = Math.min(c.helloMb(), privateMb);
    this.mbPerMp = m.hasImageMbPerMp() ? m.imageMbPerMp(c) : Double.NaN;
    this.curve = ImageMemoryCurve.of(c);
    this.memory = new WorkerMemory(machine, live, m.hasMemoryLimit() ? m.memoryMb() : NO_LIMIT, m.workerSharedMb(c));
  }

  WorkerMemory memory() {
    return memory;
  }

  int liveCount() {
    return live.size();
  }

  /** When the next process finishes its phase (spawn, warm-up or image); infinite if none runs. */
  double nextCompletion() {
    while (!heap.isEmpty()) {
      SimWorker p = procs.get(heap.topProc());
      if (p.epoch == heap.topEpoch() && p.phase != Phase.GONE && p.phase != Phase.IDLE) {
        return machine.timeToReach(heap.topKey());
      }
      heap.pop();
    }
    return Double.POSITIVE_INFINITY;
  }

  /** The next process finishes its phase now. */
  void complete(double now) {
    SimWorker p = procs.get(heap.topProc());
    heap.pop();
    double cpu = stopRunning(p);
    switch (p.phase) {
      case SPAWNING -> {
        p.startupCpu += cpu;
        memory.holdPrivate(p, helloMb);
        run(p, Phase.WARMING, warmupWork);
      }
      case WARMING -> {
        p.startupCpu += cpu;
        p.phase = Phase.IDLE;
        memory.holdPrivate(p, privateMb);
        sink.on(now, EventType.WORKER_READY, p.id, p.task, -1, p.startupCpu, null);
        scheduler.workerReady(now, p.id);
      }
      case RUNNING -> {
        ImageJob done = p.current;
        p.current = null;
        p.phase = Phase.IDLE;
        memory.imageStopped(p);
        sink.on(now, EventType.IMAGE_DONE, p.id, done.task(), done.id(), cpu, null);
        startNext(now, p); // the worker goes straight on with its assignment
        scheduler.imageDone(now, p.id, done.id());
      }
      default -> throw new IllegalStateException("process " + p.id + " completed in phase " + p.phase);
    }
  }

  void spawn(double now, int worker, int task) {
    SimWorker p = new SimWorker(worker, task);
    if (p.id != procs.size()) {
      throw new IllegalStateException("worker ids must be sequential");
    }
    procs.add(p);
    memory.starting();
    live.add(p);
    sink.on(now, EventType.WORKER_SPAWNED, p.id, p.task, -1, 0, null);
    run(p, Phase.SPAWNING, spawnWork);
  }

  void assign(double now, int worker, List<ImageJob> images) {
    SimWorker p = procs.get(worker);
    if (p.phase == Phase.GONE) {
      return; // killed in the same instant; the scheduler already took its images back
    }
    for (int i = 0; i < images.size(); i++) { // by index: addAll would go through an iterator and a lambda
      p.queue.addLast(images.get(i));
    }
    if (p.phase == Phase.IDLE) {
      startNext(now, p);
    }
  }

  void handover(int worker, int task) {
    procs.get(worker).task = task;
  }

  void retire(double now, int worker, String reason) {
    SimWorker p = procs.get(worker);
    if (p.phase == Phase.GONE) {
      return;
    }
    remove(p);
    sink.on(now, EventType.WORKER_EXITED, p.id, p.task, -1, 0, reason);
  }

  /**
   * Past the memory limit the kernel kills the worker with the most points (never the supervisor), as
   * often as it takes. The limit is checked at every event, so growing images that cross it between
   * events are caught at the next one.
   */
  void killWhileOverMemory(double now) {
    while (memory.over()) {
      kill(now, procs.get(memory.victim()), MetricsAccumulator.CAUSE_OOM);
    }
  }

  /** Stops every live process at the end of a run, {@code cause} said of what it was doing. */
  void stopAll(double now, String cause) {
    for (SimWorker p : new ArrayList<>(live)) {
      double startup = 0;
      if (p.phase == Phase.RUNNING) {
        double cpu = stopRunning(p);
        sink.on(now, EventType.IMAGE_KILLED, p.id, p.current.task(), p.current.id(), cpu, cause);
      } else if (p.startingUp()) {
        startup = p.startupCpu + stopRunning(p);
      }
      remove(p);
      sink.on(now, EventType.WORKER_EXITED, p.id, p.task, -1, startup, cause);
    }
  }

  private void run(SimWorker p, Phase phase, double work) {
    p.phase = phase;
    memory.changed();
    p.cpuStart = machine.cpuClock();
    p.epoch++;
    boolean startingUp = p.startingUp();
    machine.addRunnable(startingUp);
    heap.push(machine.progress() + work / machine.weight(startingUp), p.id, p.epoch);
  }

  /** Takes a runnable process off the CPU; returns the CPU it used in its current phase. */
  private double stopRunning(SimWorker p) {
    boolean startingUp = p.startingUp();
    double cpu = machine.weight(startingUp) * (machine.cpuClock() - p.cpuStart);
    machine.removeRunnable(startingUp);
    return cpu;
  }

  private void startNext(double now, SimWorker p) {
    ImageJob next = p.queue.pollFirst();
    if (next == null) {
      return;
    }
    p.current = next;
    double needsMb = Double.isNaN(mbPerMp) ? tasks.curveMb(next.id(), curve) : mbPerMp * tasks.megapixels(next.id());
    memory.startImage(p, needsMb);
    sink.on(now, EventType.IMAGE_STARTED, p.id, next.task(), next.id(), 0, null);
    double work = tasks.work(next.id()) * calibration.workerImageFactor(p.imagesStarted++);
    Trigger trigger = triggers.current();
    if (trigger != null) {
      work *= trigger.costFactorAt(now);
    }
    p.imageStartProgress = machine.progress();
    p.imageWork = work;
    memory.imageRunning(p);
    run(p, Phase.RUNNING, work);
  }

  private void kill(double now, SimWorker p, String cause) {
    boolean wasRunning = p.phase == Phase.RUNNING;
    double lostStartup = 0;
    if (p.phase != Phase.IDLE) {
      double cpu = stopRunning(p);
      if (wasRunning) {
        sink.on(now, EventType.IMAGE_KILLED, p.id, p.current.task(), p.current.id(), cpu, cause);
      } else {
        lostStartup = p.startupCpu + cpu;
      }
    }
    remove(p);
    sink.on(now, EventType.WORKER_KILLED, p.id, p.task, -1, lostStartup, cause);
    scheduler.workerLost(now, p.id, wasRunning);
  }

  private void remove(SimWorker p) {
    boolean wasRunning = p.phase == Phase.RUNNING;
    p.phase = Phase.GONE;
    if (wasRunning) {
      memory.imageStopped(p);
    } else {
      memory.changed();
    }
    p.epoch++;
    p.queue.clear();
    p.current = null;
    live.remove(p);
    memory.release(p);
  }
}
