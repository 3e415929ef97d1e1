package helperlab.sim;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The event loop: one simulated hour on a given scenario and policy (arrivals generated once).
 * Run with {@code scripts/bench-engine}; events per second = steps per run / seconds per run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class EngineBenchmark {
  @Param({"pool-edf-10", "never-split", "box", "split-forecast-budget-yield", "retry-client"})
  public String policy;

  @Param({"busy"})
  public String scenario;

  @Param({"cage"})
  public String machine;

  private SimSetup setup;
  private Workload workload;

  @Setup
  public void prepare() {
    ScenarioSpec s = ScenarioSpec.builtIn(scenario);
    MachineSpec m = MachineSpec.builtIn(machine);
    Calibration c = Calibration.seed();
    List<Task> tasks = new ArrivalGenerator(s, m, c, PresetCatalog.defaults()).generate(1);
    setup = new SimSetup(s.name(), 1, tasks, s.durationS(), PolicyCatalog.get(policy), m, c, AdmissionMode.EDF_FIT,
        PresetCatalog.defaults(), false, 1.0);
    workload = new Workload(tasks, c, m.speedOrDefault());
  }

  /** Returns the steps so the JIT cannot drop the run; also printed by the bench script as events/run. */
  @Benchmark
  public long oneHour() {
    return new Simulation(setup, workload).run().steps();
  }
}
