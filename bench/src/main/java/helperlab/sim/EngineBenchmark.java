package helperlab.sim;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.ScenarioSpec;
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
 * Run with {@code scripts/bench-engine}; events per second = steps per run / seconds per run, where a
 * step is one event the loop handles: a phase of a process ending (spawn, warm-up, an image), a batch
 * arriving, a scheduler or client timer, a sample, a trigger's edge. {@link #main} prints them from
 * JMH's JSON result.
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

  /** Reads JMH's JSON result (args[0]) and prints each run's events, time and events per second, and all of them together. */
  public static void main(String[] args) throws java.io.IOException {
    com.fasterxml.jackson.databind.JsonNode results = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(java.nio.file.Path.of(args[0]).toFile());
    long allEvents = 0;
    double allMs = 0;
    for (com.fasterxml.jackson.databind.JsonNode r : results) {
      com.fasterxml.jackson.databind.JsonNode p = r.get("params");
      EngineBenchmark b = new EngineBenchmark();
      b.policy = p.get("policy").asText();
      b.scenario = p.get("scenario").asText();
      b.machine = p.get("machine").asText();
      b.prepare();
      long events = b.oneHour();
      double ms = r.get("primaryMetric").get("score").asDouble();
      allEvents += events;
      allMs += ms;
      System.out.printf(java.util.Locale.ROOT, "%-30s %-6s %-6s %7d events/run %8.3f ms/run %6.2f M events/s%n",
          b.policy, b.scenario, b.machine, events, ms, events / ms / 1e3);
    }
    System.out.printf(java.util.Locale.ROOT, "all together: %d events in %.3f ms, %.2f M events/s on one thread%n",
        allEvents, allMs, allEvents / allMs / 1e3);
  }
}
