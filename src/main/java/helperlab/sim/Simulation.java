package helperlab.sim;

import helperlab.model.Calibration;
import helperlab.model.EventLog;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.MachineSpec;
import helperlab.model.MetricsAccumulator;
import helperlab.model.SampleRecorder;
import helperlab.model.Task;
import helperlab.policy.AdmissionDecision;
import helperlab.policy.Client;
import helperlab.policy.ClientAction;
import helperlab.policy.Command;
import helperlab.policy.ImageJob;
import helperlab.policy.Scheduler;
import helperlab.policy.TaskRequest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The discrete-event simulator: it feeds a scenario's batches through the client model and the
 * scheduler, carries out the scheduler's commands on the machine model (processor sharing,
 * contention, spawn and warm-up, memory and OOM kills), and reports every event to the metrics
 * (and, when recording, to the run's event log and samples). Time is virtual.
 */
public final class Simulation {
  private static final double NO_LIMIT = 0;
  private static final String END = "end-of-run";

  private final SimSetup setup;
  private final Scheduler scheduler;
  private final Client client;
  private final Machine machine;
  private final PhaseHeap heap = new PhaseHeap();
  private final MetricsAccumulator metrics = new MetricsAccumulator();
  private final EventLog log;
  private final SampleRecorder samples;
  private final EventSink sink;

  private final double spawnWork;
  private final double warmupWork;
  private final double privateMb;
  private final double sharedMb;
  private final double mbPerMp;
  private final double memoryLimit;
  private final double speed;

  private final List<Proc> procs = new ArrayList<>();
  private final List<Proc> live = new ArrayList<>();
  private final List<Task> tasks;
  private final Workload workload;
  /** Per image id: megapixels and true work; retry copies' images are appended after the tasks' own. */
  private double[] imageMp;
  private double[] imageWork;
  private int images;
  private double memory;
  private double now;
  private long steps;

  private enum Phase { SPAWNING, WARMING, IDLE, RUNNING, GONE }

  private static final class Proc {
    final int id;
    final int task;
    Phase phase = Phase.SPAWNING;
    /** Private memory is mapped as the process starts up; it is counted from the end of the spawn phase. */
    boolean holdsMemory;
    int epoch;
    double cpuStart;
    double startupCpu;
    final ArrayDeque<ImageJob> queue = new ArrayDeque<>();
    ImageJob current;

    Proc(int id, int task) {
      this.id = id;
      this.task = task;
    }
  }

  public Simulation(SimSetup setup) {
    this(setup, new Workload(setup.tasks(), setup.calibration(), setup.machine().speedOrDefault()));
  }

  /** A run on a workload already computed for the same tasks, calibration and machine speed. */
  Simulation(SimSetup setup, Workload workload) {
    this.setup = setup;
    this.workload = workload;
    this.tasks = setup.tasks();
    this.scheduler = new Scheduler(setup.policy(), setup.schedulerConfig());
    this.client = new Client(setup.policy().client(), tasks.size());
    MachineSpec m = setup.machine();
    Calibration c = setup.calibration();
    this.speed = m.speedOrDefault();
    this.machine = new Machine(m.cores(), speed, setup.contention());
    this.spawnWork = m.spawnCpuS(c);
    this.warmupWork = m.warmupCpuS(c);
    this.privateMb = m.workerPrivateMb(c);
    this.sharedMb = m.workerSharedMb(c);
    this.mbPerMp = m.imageMbPerMp(c);
    this.memoryLimit = m.hasMemoryLimit() ? m.memoryMb() : NO_LIMIT;
    if (setup.record()) {
      this.log = new EventLog();
      this.samples = new SampleRecorder();
      this.sink = EventSink.tee(metrics, log);
    } else {
      this.log = null;
      this.samples = null;
      this.sink = metrics;
    }
    this.images = workload.imageCount();
    boolean copies = setup.policy().client().mode() != helperlab.policy.PolicySpec.ClientMode.ONE_SHOT;
    this.imageMp = copies ? workload.megapixelsCopy(images * 2) : workload.megapixels;
    this.imageWork = copies ? workload.trueWorkCopy(images * 2) : workload.trueWork;
  }

  /** A retry copy's image: the same pixels and work as the original, under a new id. */
  private int addImage(int original) {
    if (images == imageMp.length) {
      imageMp = Arrays.copyOf(imageMp, images * 2);
      imageWork = Arrays.copyOf(imageWork, images * 2);
    }
    imageMp[images] = imageMp[original];
    imageWork[images] = imageWork[original];
    return images++;
  }

  public SimResult run() {
    double horizon = setup.durationS() + Math.max(600, setup.durationS());
    double every = setup.sampleEveryS();
    double nextSample = samples == null ? Double.POSITIVE_INFINITY : 0;
    int nextTask = 0;
    int sameTimeSteps = 0;
    double lastTime = -1;
    while (true) {
      if (nextTask >= tasks.size() && scheduler.unfinishedTasks() == 0 && client.openTasks() == 0) {
        break;
      }
      double tProc = nextCompletion();
      double tTask = nextTask < tasks.size() ? tasks.get(nextTask).arrivalS() : Double.POSITIVE_INFINITY;
      double tSched = scheduler.nextWakeup();
      double tClient = client.nextWakeup();
      double t = Math.min(Math.min(tProc, tTask), Math.min(Math.min(tSched, tClient), nextSample));
      if (t > horizon) {
        break;
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
      if (t == tProc) {
        complete();
      } else if (t == tTask) {
        Task task = tasks.get(nextTask++);
        client.arrive(now, task.id(), task.deadlineS());
      } else if (t == tSched) {
        scheduler.tick(now);
      } else if (t == tClient) {
        client.tick(now);
      } else {
        samples.add(now, live.size(), machine.runnable(), scheduler.queuedImages(), memory, metrics);
        nextSample += every;
      }
      execute();
    }
    finish();
    return new SimResult(setup, metrics.metrics(), log == null ? List.of() : log.events(),
        samples == null ? null : samples.samples(), steps, machine.cpuTotal(), now);
  }

  private double nextCompletion() {
    while (!heap.isEmpty()) {
      Proc p = procs.get(heap.topProc());
      if (p.epoch == heap.topEpoch() && p.phase != Phase.GONE && p.phase != Phase.IDLE) {
        return machine.timeToReach(heap.topKey());
      }
      heap.pop();
    }
    return Double.POSITIVE_INFINITY;
  }

  private void complete() {
    Proc p = procs.get(heap.topProc());
    heap.pop();
    double cpu = machine.cpuClock() - p.cpuStart;
    machine.removeRunnable();
    switch (p.phase) {
      case SPAWNING -> {
        p.startupCpu += cpu;
        p.holdsMemory = true;
        memory += privateMb;
        run(p, Phase.WARMING, warmupWork);
      }
      case WARMING -> {
        p.startupCpu += cpu;
        p.phase = Phase.IDLE;
        sink.on(now, EventType.WORKER_READY, p.id, p.task, -1, p.startupCpu, null);
        scheduler.workerReady(now, p.id);
      }
      case RUNNING -> {
        ImageJob done = p.current;
        p.current = null;
        p.phase = Phase.IDLE;
        memory -= mbPerMp * imageMp[done.id()];
        sink.on(now, EventType.IMAGE_DONE, p.id, done.task(), done.id(), cpu, null);
        startNext(p); // the worker goes straight on with its assignment
        scheduler.imageDone(now, p.id, done.id());
      }
      default -> throw new IllegalStateException("process " + p.id + " completed in phase " + p.phase);
    }
  }

  private void run(Proc p, Phase phase, double work) {
    p.phase = phase;
    p.cpuStart = machine.cpuClock();
    p.epoch++;
    machine.addRunnable();
    heap.push(machine.progress() + work, p.id, p.epoch);
  }

  private void startNext(Proc p) {
    ImageJob next = p.queue.pollFirst();
    if (next == null) {
      return;
    }
    p.current = next;
    memory += mbPerMp * imageMp[next.id()];
    sink.on(now, EventType.IMAGE_STARTED, p.id, next.task(), next.id(), 0, null);
    run(p, Phase.RUNNING, imageWork[next.id()]);
  }

  /** Carries out what the scheduler and the client asked for, until neither has anything left. */
  private void execute() {
    while (true) {
      killWhileOverMemory();
      List<Command> commands = scheduler.drain();
      List<ClientAction> actions = client.drain();
      if (commands.isEmpty() && actions.isEmpty()) {
        break;
      }
      for (Command c : commands) {
        carryOut(c);
      }
      for (ClientAction a : actions) {
        carryOut(a);
      }
    }
    sink.memory(now, memory);
  }

  private void carryOut(Command c) {
    if (c instanceof Command.Assign a) {
      Proc p = procs.get(a.worker());
      if (p.phase == Phase.GONE) {
        return; // killed in the same instant; the scheduler already took its images back
      }
      p.queue.addAll(a.images());
      if (p.phase == Phase.IDLE) {
        startNext(p);
      }
    } else if (c instanceof Command.Spawn s) {
      Proc p = new Proc(s.worker(), s.task());
      if (p.id != procs.size()) {
        throw new IllegalStateException("worker ids must be sequential");
      }
      procs.add(p);
      if (live.isEmpty()) {
        memory += sharedMb;
      }
      live.add(p);
      sink.on(now, EventType.WORKER_SPAWNED, p.id, p.task, -1, 0, null);
      run(p, Phase.SPAWNING, spawnWork);
    } else if (c instanceof Command.Retire r) {
      Proc p = procs.get(r.worker());
      if (p.phase == Phase.GONE) {
        return;
      }
      remove(p);
      sink.on(now, EventType.WORKER_EXITED, p.id, p.task, -1, 0, r.reason());
    } else if (c instanceof Command.TaskFinished f) {
      client.finished(now, f.task(), f.deadImages() == 0);
    } else if (c instanceof Command.DeadLetter d) {
      sink.on(now, EventType.IMAGE_DEAD, -1, d.image().task(), d.image().id(), d.strikes(), null);
    }
  }

  private void carryOut(ClientAction a) {
    if (a instanceof ClientAction.Send s) {
      submit(s.task(), s.copy());
    } else if (a instanceof ClientAction.Outcome o) {
      EventType type = switch (o.result()) {
        case MET -> EventType.TASK_MET;
        case LATE -> EventType.TASK_LATE;
        case TURNED_AWAY -> EventType.TASK_TURNED_AWAY;
      };
      sink.on(now, type, -1, o.task(), -1, o.latenessS(), null);
    } else if (a instanceof ClientAction.Discard d) {
      sink.on(now, EventType.DISCARDED, -1, d.copy(), -1, 0, null);
    }
  }

  private void submit(int taskId, int copy) {
    Task task = tasks.get(taskId);
    List<ImageJob> jobs = workload.jobs.get(taskId);
    if (copy != taskId) {
      List<ImageJob> copied = new ArrayList<>(jobs.size());
      for (ImageJob original : jobs) {
        copied.add(new ImageJob(addImage(original.id()), copy, original.predictedS()));
      }
      jobs = copied;
    }
    double flat = workload.flatWork[taskId];
    sink.on(now, EventType.SUBMITTED, -1, copy, -1, copy == taskId ? -1 : taskId, null);
    TaskRequest request = new TaskRequest(copy, now, task.deadlineS(), jobs, flat);
    AdmissionDecision d = scheduler.submit(now, request);
    if (d.admitted()) {
      sink.on(now, EventType.ADMITTED, -1, copy, -1, 0, null);
      client.admitted(now, copy);
    } else {
      sink.on(now, EventType.REFUSED, -1, copy, -1, d.retryAfterS(), d.reason());
      client.refused(now, copy, d.retryAfterS());
    }
  }

  /** Past the memory limit the kernel kills the largest worker (never the supervisor). */
  private void killWhileOverMemory() {
    while (memoryLimit > 0 && memory > memoryLimit + 1e-9 && !live.isEmpty()) {
      Proc victim = null;
      double biggest = -1;
      for (Proc p : live) {
        double rss = (p.holdsMemory ? privateMb : 0) + (p.current == null ? 0 : mbPerMp * imageMp[p.current.id()]);
        if (rss > biggest || (rss == biggest && p.id > victim.id)) {
          victim = p;
          biggest = rss;
        }
      }
      kill(victim, MetricsAccumulator.CAUSE_OOM);
    }
  }

  private void kill(Proc p, String cause) {
    boolean wasRunning = p.phase == Phase.RUNNING;
    double lostStartup = 0;
    if (p.phase != Phase.IDLE) {
      double cpu = machine.cpuClock() - p.cpuStart;
      machine.removeRunnable();
      if (wasRunning) {
        memory -= mbPerMp * imageMp[p.current.id()];
        sink.on(now, EventType.IMAGE_KILLED, p.id, p.current.task(), p.current.id(), cpu, cause);
      } else {
        lostStartup = p.startupCpu + cpu;
      }
    }
    remove(p);
    sink.on(now, EventType.WORKER_KILLED, p.id, p.task, -1, lostStartup, cause);
    scheduler.workerLost(now, p.id, wasRunning);
  }

  private void remove(Proc p) {
    p.phase = Phase.GONE;
    p.epoch++;
    p.queue.clear();
    p.current = null;
    live.remove(p);
    if (p.holdsMemory) {
      memory -= privateMb;
      p.holdsMemory = false;
    }
    if (live.isEmpty()) {
      memory -= sharedMb;
    }
  }

  /** Stops what is still running at the end, and settles the client's open tasks. */
  private void finish() {
    for (Proc p : new ArrayList<>(live)) {
      if (p.phase == Phase.RUNNING) {
        double cpu = machine.cpuClock() - p.cpuStart;
        machine.removeRunnable();
        sink.on(now, EventType.IMAGE_KILLED, p.id, p.current.task(), p.current.id(), cpu, END);
        remove(p);
        sink.on(now, EventType.WORKER_EXITED, p.id, p.task, -1, 0, END);
      } else if (p.phase == Phase.SPAWNING || p.phase == Phase.WARMING) {
        double cpu = p.startupCpu + machine.cpuClock() - p.cpuStart;
        machine.removeRunnable();
        remove(p);
        sink.on(now, EventType.WORKER_EXITED, p.id, p.task, -1, cpu, END);
      } else {
        remove(p);
        sink.on(now, EventType.WORKER_EXITED, p.id, p.task, -1, 0, END);
      }
    }
    client.close(now);
    for (ClientAction a : client.drain()) {
      carryOut(a);
    }
    sink.memory(now, memory);
    if (samples != null) {
      samples.add(now, 0, 0, scheduler.queuedImages(), memory, metrics);
    }
  }
}
