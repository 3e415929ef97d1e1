package helperlab.study;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.study.phase.PhaseGrid;
import helperlab.study.phase.PhaseSetting;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;

/**
 * The sweep's opt-in studies, each on axes of its own (so a study reads the same whatever the main
 * sweep's scenarios and machines):
 * <ul>
 *   <li>{@code metastability}: policies × trigger kind and size × seeds on a calm and a busy hour on
 *   the cage; a trigger of {@link #TRIGGER_DURATION_S} at {@link #TRIGGER_AT_S}, then back to base.</li>
 *   <li>{@code spawn-cost}: the splitting policies and the pool they are set against, at spawn costs
 *   from a fork's to a container's, per scenario and machine.</li>
 *   <li>{@code phase}: on its {@link PhaseGrid} (by default the full one): offered load × no trigger and trigger kind,
 *   size and duration × the policies that call for help, their budgets and the pool, on the calm scenario's mix on
 *   the cage; a (load, seed)'s conditions side by side, as they share the untriggered twin runs.</li>
 * </ul>
 */
public final class Studies {
  public static final String METASTABILITY = "metastability";
  public static final String SPAWN_COST = "spawn-cost";
  public static final String PHASE = "phase";
  public static final List<String> ALL = List.of(METASTABILITY, SPAWN_COST, PHASE);
  /** The phase study's base: the calm scenario (no flash crowds, so its load is its offered load) on the cage. */
  static final String PHASE_SCENARIO = "calm";
  static final String PHASE_MACHINE = "cage";
  public static final int DEFAULT_SEEDS = 10;

  public static final double TRIGGER_AT_S = Trigger.STUDY_AT_S;
  public static final double TRIGGER_DURATION_S = Trigger.STUDY_DURATION_S;
  static final List<String> META_SCENARIOS = List.of("calm", "busy");
  static final List<String> META_MACHINES = List.of("cage");
  static final List<String> META_POLICIES = List.of("pool-edf-10", "never-split", "box", "split-forecast",
      "split-forecast-budget", "split-forecast-budget-yield", "autoscale-lag", "autoscale-lag-capped",
      "retry-client", "retry-client-budget", "retry-client-envoy", "retry-client-sre",
      "box-help-10", "box-help-20", "box-help-50", "split-forecast-help-20");
  static final List<Trigger> TRIGGERS = List.of(
      trigger(Trigger.Kind.SPIKE, 0.5), trigger(Trigger.Kind.SPIKE, 1), trigger(Trigger.Kind.SPIKE, 2),
      trigger(Trigger.Kind.SLOWDOWN, 0.25), trigger(Trigger.Kind.SLOWDOWN, 0.5),
      trigger(Trigger.Kind.COST_JUMP, 0.5), trigger(Trigger.Kind.COST_JUMP, 1));

  /** Start-up plus warm-up CPU, seconds: a fork, a lean runtime, this JVM's range, a container's. */
  public static final List<Double> SPAWN_COSTS_S = List.of(0.005, 0.05, 0.2, 0.4, 0.7, 1.0, 2.0, 3.0);
  static final List<String> SPAWN_SCENARIOS = List.of("calm", "busy", "burst", "heavy", "overload");
  static final List<String> SPAWN_MACHINES = List.of("small", "cage", "large");
  public static final String REFERENCE_POOL = "pool-edf-10";
  public static final List<String> SPLITTING = List.of("box", "split-forecast", "split-timer-budget",
      "split-forecast-budget", "split-timer-budget-yield", "split-forecast-budget-yield");

  private Studies() {}

  private static Trigger trigger(Trigger.Kind kind, double size) {
    return new Trigger(kind, TRIGGER_AT_S, TRIGGER_DURATION_S, size);
  }

  static List<SweepPlan.Group> groups(String study, int seeds, PhaseGrid phase) {
    List<SweepPlan.Group> groups = new ArrayList<>();
    if (study.equals(PHASE)) {
      for (double load : phase.loads()) {
        for (long seed = 0; seed < seeds; seed++) {
          for (PhaseSetting setting : phase.settings()) {
            List<SweepPlan.Variant> variants = phase.policies().stream()
                .map(p -> new SweepPlan.Variant(p, setting.admission())).toList();
            for (Trigger t : phase.conditions()) {
              groups.add(new SweepPlan.Group(PHASE_SCENARIO, PHASE_MACHINE, seed, variants, study, t, null, load,
                  setting));
            }
            // the price axis: the untriggered runs again with a helper's start at each price (images of the mix)
            for (double price : phase.prices()) {
              groups.add(new SweepPlan.Group(PHASE_SCENARIO, PHASE_MACHINE, seed, variants, study, null, null, load,
                  setting, price));
            }
          }
        }
      }
    } else if (study.equals(METASTABILITY)) {
      List<SweepPlan.Variant> variants = variants(META_POLICIES);
      for (String scenario : META_SCENARIOS) {
        for (String machine : META_MACHINES) {
          for (long seed = 0; seed < seeds; seed++) {
            for (Trigger t : TRIGGERS) { // a seed's triggers side by side: they share the untriggered twin runs
              groups.add(new SweepPlan.Group(scenario, machine, seed, variants, study, t, null));
            }
          }
        }
      }
    } else if (study.equals(SPAWN_COST)) {
      List<String> policies = new ArrayList<>(List.of(REFERENCE_POOL));
      policies.addAll(SPLITTING);
      List<SweepPlan.Variant> variants = variants(policies);
      for (String scenario : SPAWN_SCENARIOS) {
        for (String machine : SPAWN_MACHINES) {
          for (double cost : SPAWN_COSTS_S) {
            for (long seed = 0; seed < seeds; seed++) {
              groups.add(new SweepPlan.Group(scenario, machine, seed, variants, study, null, cost));
            }
          }
        }
      }
    } else {
      throw new IllegalArgumentException("unknown study '" + study + "'; known: " + String.join(", ", ALL));
    }
    return groups;
  }

  private static List<SweepPlan.Variant> variants(List<String> policies) {
    return policies.stream().map(p -> new SweepPlan.Variant(p, AdmissionMode.EDF_FIT)).toList();
  }

  /**
   * The machine with a fresh worker costing {@code seconds} of CPU to start and warm up, split between
   * the two as the calibration splits them. Its name stays, so the arrivals stay the same.
   */
  public static MachineSpec withSpawnCost(MachineSpec m, Calibration c, double seconds) {
    double spawn = m.spawnCpuS(c);
    double warmup = m.warmupCpuS(c);
    double spawnShare = spawn + warmup > 0 ? spawn / (spawn + warmup) : 0.5;
    double ms = seconds * 1000;
    return m.toBuilder().spawnCpuMs(ms * spawnShare).warmupCpuMs(ms * (1 - spawnShare)).build();
  }
}
