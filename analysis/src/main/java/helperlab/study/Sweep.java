package helperlab.study;

import helperlab.model.Calibration;
import helperlab.model.EventSink;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.PolicySpec;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.sim.Workload;
import helperlab.study.phase.PhaseSetting;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.DownSpells;
import helperlab.workload.OfferedWork;
import helperlab.workload.Recovery;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Tipping;
import helperlab.workload.HelperPrice;
import helperlab.workload.TippingCourse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import java.util.function.UnaryOperator;

/**
 * Runs a sweep on a thread pool. Each (scenario, machine, seed) group generates its arrivals once and
 * runs every policy on them; results land in plan order whatever the thread count, so the output is
 * byte-identical for the same plan.
 */
public final class Sweep {
  private final SweepPlan plan;
  private final Calibration calibration;
  private final PresetCatalog presets;
  private final UnaryOperator<ScenarioSpec> scenarioVariant;
  private final UnaryOperator<PolicySpec> policyVariant;
  private final AtomicBoolean cancelled = new AtomicBoolean();
  private final AtomicLong steps = new AtomicLong();
  /** Untriggered twins of triggered runs, shared by a seed's triggers and dropped after their last use. */
  private final Map<String, CompletableFuture<Twin>> twins = new ConcurrentHashMap<>();

  /** An untriggered twin: its meter and its course by {@link Tipping}. */
  private record Twin(RecoveryMeter meter, TippingCourse course) {}
  private final Map<String, AtomicInteger> twinUses = new ConcurrentHashMap<>();
  /** Split-room machines by (machine, policy): see {@link #splitRoomMachine}. */
  private final Map<List<Object>, MachineSpec> splitRoomMachines = new ConcurrentHashMap<>();

  public Sweep(SweepPlan plan, Calibration calibration) {
    this(plan, calibration, PresetCatalog.defaults(), UnaryOperator.identity(), UnaryOperator.identity());
  }

  /** A sweep with the model changed: other presets, and every scenario and policy passed through a variant. */
  public Sweep(SweepPlan plan, Calibration calibration, PresetCatalog presets, UnaryOperator<ScenarioSpec> scenarioVariant,
      UnaryOperator<PolicySpec> policyVariant) {
    this.plan = plan;
    this.calibration = calibration;
    this.presets = presets;
    this.scenarioVariant = scenarioVariant;
    this.policyVariant = policyVariant;
  }

  public void cancel() {
    cancelled.set(true);
  }

  /** Events the engine processed in all runs so far (for the events-per-second figure). */
  public long steps() {
    return steps.get();
  }

  /**
   * @param progress called with the number of runs finished so far, from worker threads
   * @throws CancellationException if {@link #cancel()} was called
   */
  public List<RunRow> run(int threads, IntConsumer progress) throws InterruptedException {
    return run(threads, progress, Shard.WHOLE);
  }

  /** Runs one shard of the plan's groups; its rows, in plan order. */
  public List<RunRow> run(int threads, IntConsumer progress, Shard shard) throws InterruptedException {
    List<SweepPlan.Group> groups = shard.of(plan.groups());
    twins.clear();
    twinUses.clear();
    for (SweepPlan.Group g : groups) {
      if (g.trigger() != null) {
        for (SweepPlan.Variant v : g.variants()) {
          twinUses.computeIfAbsent(twinKey(g, v), k -> new AtomicInteger()).incrementAndGet();
        }
      }
    }
    Map<String, ScenarioSpec> scenarios = new HashMap<>();
    Map<String, MachineSpec> machines = new HashMap<>();
    for (SweepPlan.Group g : groups) {
      scenarios.computeIfAbsent(g.scenario(), n -> scenarioVariant.apply(ScenarioFiles.named(n)));
      machines.computeIfAbsent(g.machine(), MachineSpec::named);
    }
    AtomicInteger done = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
      Thread t = new Thread(r, "sweep");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<List<RunRow>>> futures = new ArrayList<>();
      for (SweepPlan.Group g : groups) {
        futures.add(pool.submit(() -> runGroup(g, scenarios.get(g.scenario()), machines.get(g.machine()), presets,
            done, progress)));
      }
      List<RunRow> rows = new ArrayList<>(runCount(groups));
      for (Future<List<RunRow>> f : futures) {
        try {
          rows.addAll(f.get());
        } catch (ExecutionException e) {
          pool.shutdownNow();
          Throwable cause = e.getCause();
          if (cause instanceof CancellationException c) {
            throw c;
          }
          throw new IllegalStateException("a sweep run failed: " + cause.getMessage(), cause);
        }
      }
      return rows;
    } finally {
      pool.shutdownNow();
    }
  }

  private static String twinKey(SweepPlan.Group g, SweepPlan.Variant v) {
    return g.study() + "|" + g.scenario() + "|" + g.offeredLoad() + "|" + g.setting() + "|" + g.machine() + "|" + g.seed()
        + "|" + g.spawnCostS() + "|" + g.startImages() + "|" + v.policy() + "|" + v.admission().id();
  }

  /** The run of this group's policy on its arrivals without the trigger, computed once for all its triggers. */
  private Twin twin(SweepPlan.Group g, SweepPlan.Variant v, ScenarioSpec scenario, MachineSpec machine,
      Calibration calibration, PresetCatalog presets) {
    String key = twinKey(g, v);
    CompletableFuture<Twin> mine = new CompletableFuture<>();
    CompletableFuture<Twin> f = twins.putIfAbsent(key, mine);
    if (f == null) {
      f = mine;
      try {
        List<Task> tasks = new ArrivalGenerator(scenario, machine, calibration, presets).generate(g.seed());
        SimSetup setup = new SimSetup(scenario.name(), g.seed(), tasks, scenario.durationS(), policy(g, v), machine,
            calibration, v.admission(), presets, false, 1.0, workFactor(g));
        RecoveryMeter meter = new RecoveryMeter();
        SimResult r = new Simulation(setup, new Workload(tasks, calibration, machine.speedOrDefault(), workFactor(g)), meter)
            .run();
        steps.addAndGet(r.steps());
        mine.complete(new Twin(meter, Tipping.course(meter, setup.tippingCapacity(), scenario.durationS())));
      } catch (RuntimeException e) {
        mine.completeExceptionally(e);
        throw e;
      }
    }
    Twin twin = f.join();
    if (twinUses.get(key).decrementAndGet() == 0) {
      twins.remove(key);
    }
    return twin;
  }

  /**
   * A policy's machine in the split-room setting, made once per machine and policy (a round trip through JSON; it
   * was made again for each of the setting's runs).
   */
  private MachineSpec splitRoomMachine(MachineSpec machine, String policy) {
    return splitRoomMachines.computeIfAbsent(List.of(machine, policy),
        k -> SplitRoom.machine(machine, calibration, policy));
  }

  /**
   * A spawn-cost group's start-up CPU against the calibrated one on {@code machine}: the factor a fresh worker's
   * warm-up slowness moves by with it (its CPU priced whole; its memory and start-up parallelism stay the JVM's).
   */
  private double spawnCostFactor(MachineSpec machine, double spawnCostS) {
    double calibrated = machine.spawnCpuS(calibration) + machine.warmupCpuS(calibration);
    return calibrated > 0 ? spawnCostS / calibrated : 1;
  }

  /** The variant's policy, its client answering refusals as the group's phase setting says. */
  private PolicySpec policy(SweepPlan.Group g, SweepPlan.Variant v) {
    PolicySpec p = policyVariant.apply(plan.policy(v.policy()));
    return g.setting() == null ? p : p.withRetryAfter(g.setting().client());
  }

  /** What the group's work really costs over the forecast (a phase setting's bias; 1 otherwise). */
  private static double workFactor(SweepPlan.Group g) {
    return g.setting() == null ? 1.0 : g.setting().forecastBias();
  }

  /** Runs in one shard of the plan. */
  public int runCount(Shard shard) {
    return runCount(shard.of(plan.groups()));
  }

  private static int runCount(List<SweepPlan.Group> groups) {
    return groups.stream().mapToInt(g -> g.variants().size()).sum();
  }

  private List<RunRow> runGroup(SweepPlan.Group g, ScenarioSpec ownScenario, MachineSpec baseMachine,
      PresetCatalog presets, AtomicInteger done, IntConsumer progress) {
    ScenarioSpec baseScenario = g.offeredLoad() == null ? ownScenario : ownScenario.withLoad(g.offeredLoad());
    ScenarioSpec scenario = g.trigger() == null ? baseScenario : baseScenario.withTrigger(g.trigger());
    boolean splitRoom = SplitRoom.NAME.equals(g.study());
    PresetCatalog groupPresets = splitRoom ? SplitRoom.presets(presets) : presets;
    // a price of a helper's start, in images of the mix, is a spawn cost on this machine and mix
    Double spawnCostS = g.startImages() == null ? g.spawnCostS()
        : Double.valueOf(HelperPrice.startCpuS(g.startImages(), baseMachine, calibration, baseScenario, groupPresets));
    MachineSpec machine = spawnCostS == null ? baseMachine
        : Studies.withSpawnCost(baseMachine, calibration, spawnCostS);
    Calibration groupCalibration = spawnCostS == null ? calibration
        : calibration.withWarmUpSlownessTimes(spawnCostFactor(baseMachine, spawnCostS));
    // immutable once, so every run's SimSetup keeps this list as it is (and checks its order once: SimSetup)
    List<Task> tasks = List.copyOf(
        new ArrivalGenerator(scenario, machine, groupCalibration, groupPresets).generate(g.seed()));
    Workload workload = new Workload(tasks, groupCalibration, machine.speedOrDefault(), workFactor(g));
    // what the machine could carry of these tasks, priced once for every policy of the group (it was a tenth of the
    // sweep's CPU per run: a forecast for every image)
    Tipping.Capacity groupCapacity = Tipping.Capacity.of(machine, groupCalibration, tasks, workFactor(g), g.trigger());
    List<RunRow> rows = new ArrayList<>(g.variants().size());
    // the price of a helper's start is the machine's, the same for every policy on it: priced once a group
    Map<MachineSpec, Double> startImages = new IdentityHashMap<>();
    for (SweepPlan.Variant v : g.variants()) {
      if (cancelled.get()) {
        throw new CancellationException("sweep cancelled");
      }
      MachineSpec runMachine = splitRoom ? splitRoomMachine(machine, v.policy()) : machine;
      SimSetup setup = new SimSetup(scenario.name(), g.seed(), tasks, scenario.durationS(), policy(g, v), runMachine,
          groupCalibration, v.admission(), groupPresets, false, 1.0, workFactor(g), g.trigger());
      RecoveryMeter meter = new RecoveryMeter();
      // a phase run also counts the work offered second by second, for the sustaining effect of its down spells
      OfferedWork offered = g.setting() == null ? null
          : new OfferedWork(tasks, groupCalibration, runMachine, workFactor(g), g.trigger());
      SimResult r = new Simulation(setup, workload, offered == null ? meter : EventSink.tee(meter, offered)).run();
      steps.addAndGet(r.steps());
      TippingCourse course = Tipping.course(meter, groupCapacity.on(runMachine), scenario.durationS());
      Recovery recovery = null;
      if (g.trigger() != null) {
        Twin twin = twin(g, v, baseScenario, machine, groupCalibration, presets);
        recovery = meter.recovery(g.trigger(), scenario.durationS(), twin.meter(), twin.course(), course);
      }
      PhaseSetting setting = g.setting();
      rows.add(new RunRow(scenario.name(), v.policy(), machine.name(), g.seed(), v.admission().id(), r.metrics(),
          course.tippedAtS(), g.study(), g.trigger(), spawnCostS, recovery,
          g.offeredLoad(), setting == null ? null : setting.client().id(), setting == null ? null : setting.forecastBias(),
          offered == null ? null : DownSpells.of(course, offered, g.trigger()), course.neverHealthy(),
          startImages.computeIfAbsent(runMachine,
              m -> HelperPrice.startImages(m, groupCalibration, scenario, groupPresets))));
      progress.accept(done.incrementAndGet());
    }
    return rows;
  }
}
