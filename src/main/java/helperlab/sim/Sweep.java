package helperlab.sim;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
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
    List<SweepPlan.Group> groups = plan.groups();
    Map<String, ScenarioSpec> scenarios = new HashMap<>();
    for (String s : plan.scenarios()) {
      scenarios.put(s, scenarioVariant.apply(ScenarioSpec.named(s)));
    }
    Map<String, MachineSpec> machines = new HashMap<>();
    for (String m : plan.machines()) {
      machines.put(m, MachineSpec.named(m));
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
      List<RunRow> rows = new ArrayList<>(plan.runCount());
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

  private List<RunRow> runGroup(SweepPlan.Group g, ScenarioSpec scenario, MachineSpec machine, PresetCatalog presets,
      AtomicInteger done, IntConsumer progress) {
    List<Task> tasks = new ArrivalGenerator(scenario, machine, calibration, presets).generate(g.seed());
    Workload workload = new Workload(tasks, calibration, machine.speedOrDefault());
    List<RunRow> rows = new ArrayList<>(g.variants().size());
    for (SweepPlan.Variant v : g.variants()) {
      if (cancelled.get()) {
        throw new CancellationException("sweep cancelled");
      }
      SimSetup setup = new SimSetup(scenario.name(), g.seed(), tasks, scenario.durationS(),
          policyVariant.apply(PolicyCatalog.get(v.policy())), machine, calibration, v.admission(), presets, false, 1.0);
      SimResult r = new Simulation(setup, workload).run();
      steps.addAndGet(r.steps());
      rows.add(new RunRow(scenario.name(), v.policy(), machine.name(), g.seed(), v.admission().id(), r.metrics()));
      progress.accept(done.incrementAndGet());
    }
    return rows;
  }
}
