package helperlab.study;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.study.phase.PhaseGrid;
import helperlab.study.phase.PhaseSetting;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;

/**
 * Which runs a sweep makes: scenarios × policies × machines × seeds with edf-fit admission, plus
 * (the claims' own studies, {@code admission_study}) the calm scenario under pool-edf-10 with the flat, its
 * two halves (flat-prices, first-come) and no admission, on the same seeds, so the admissions can be compared
 * pairwise, and the {@link SplitRoom} setting on the same scenarios, machines and seeds; plus the opt-in {@link Studies}
 * (metastability, spawn cost, phase on its {@code phaseGrid}) on {@code studySeeds} seeds, after the main runs;
 * {@code studyOnly}: the studies without the main runs (and the claims' own). {@code policySpecs} are the plan's policies
 * that are not built in (given as files), kept whole so a shard's plan runs them wherever it is read.
 */
public record SweepPlan(
    @JsonProperty("scenarios") List<String> scenarios,
    @JsonProperty("policies") List<String> policies,
    @JsonProperty("machines") List<String> machines,
    @JsonProperty("seeds") int seeds,
    @JsonProperty("admission_study") boolean admissionStudy,
    @JsonProperty("studies") List<String> studies,
    @JsonProperty("study_seeds") int studySeeds,
    @JsonProperty("phase_grid") @JsonInclude(JsonInclude.Include.NON_NULL) PhaseGrid phaseGrid,
    @JsonProperty("study_only") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean studyOnly,
    @JsonProperty("policy_specs") @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PolicySpec> policySpecs) {

  /** A plan of built-in policies. */
  public SweepPlan(List<String> scenarios, List<String> policies, List<String> machines, int seeds,
      boolean admissionStudy, List<String> studies, int studySeeds, PhaseGrid phaseGrid, boolean studyOnly) {
    this(scenarios, policies, machines, seeds, admissionStudy, studies, studySeeds, phaseGrid, studyOnly, List.of());
  }

  /** A plan with its main sweep. */
  public SweepPlan(List<String> scenarios, List<String> policies, List<String> machines, int seeds,
      boolean admissionStudy, List<String> studies, int studySeeds, PhaseGrid phaseGrid) {
    this(scenarios, policies, machines, seeds, admissionStudy, studies, studySeeds, phaseGrid, false);
  }

  /** A plan whose phase study, if it has one, runs the whole grid ({@link PhaseGrid#full()}). */
  public SweepPlan(List<String> scenarios, List<String> policies, List<String> machines, int seeds,
      boolean admissionStudy, List<String> studies, int studySeeds) {
    this(scenarios, policies, machines, seeds, admissionStudy, studies, studySeeds, null);
  }

  /** A plan without studies. */
  public SweepPlan(List<String> scenarios, List<String> policies, List<String> machines, int seeds,
      boolean admissionStudy) {
    this(scenarios, policies, machines, seeds, admissionStudy, List.of(), Studies.DEFAULT_SEEDS);
  }

  public static final String STUDY_SCENARIO = "calm";
  public static final String STUDY_POLICY = "pool-edf-10";

  public SweepPlan {
    scenarios = List.copyOf(scenarios);
    policies = List.copyOf(policies);
    machines = List.copyOf(machines);
    studies = studies == null ? List.of() : List.copyOf(studies);
    // the grid is part of the plan only with the phase study: other plans (and their shard.json) read as before
    phaseGrid = !studies.contains(Studies.PHASE) ? null : phaseGrid == null ? PhaseGrid.full() : phaseGrid;
    if (studyOnly && studies.isEmpty()) {
      throw new IllegalArgumentException("--study-only needs a study (--study phase, metastability or spawn-cost)");
    }
    for (String study : studies) {
      if (!Studies.ALL.contains(study)) {
        throw new IllegalArgumentException("unknown study '" + study + "'; known: " + String.join(", ", Studies.ALL));
      }
    }
    if (studySeeds < 1 || studySeeds > 100_000) {
      throw new IllegalArgumentException("study seeds must be between 1 and 100000, got " + studySeeds);
    }
    if (scenarios.isEmpty() || policies.isEmpty() || machines.isEmpty()) {
      throw new IllegalArgumentException("a sweep needs at least one scenario, policy and machine");
    }
    if (seeds < 1 || seeds > 100_000) {
      throw new IllegalArgumentException("seeds must be between 1 and 100000, got " + seeds);
    }
    policySpecs = policySpecs == null ? List.of() : List.copyOf(policySpecs);
    for (PolicySpec given : policySpecs) {
      String clash = PolicyFiles.clash(given);
      if (clash != null) {
        throw new IllegalArgumentException("policy '" + given.id() + "': " + clash);
      }
      if (policySpecs.stream().filter(o -> o.id().equals(given.id())).count() > 1) {
        throw new IllegalArgumentException("two policies given have the id '" + given.id() + "'; give each its own");
      }
    }
    for (String p : policies) {
      if (policySpecs.stream().noneMatch(o -> o.id().equals(p))) {
        PolicyCatalog.get(p); // fails with the list of known ids
      }
    }
    for (String s : scenarios) {
      ScenarioFiles.named(s);
    }
    for (String m : machines) {
      MachineSpec.named(m);
    }
  }

  /** The policy of this id: one given with the plan, else the built-in. */
  public PolicySpec policy(String id) {
    for (PolicySpec p : policySpecs) {
      if (p.id().equals(id)) {
        return p;
      }
    }
    return PolicyCatalog.get(id);
  }

  /** 5 scenarios × 17 policies × 3 machines × 20 seeds, the admission study and the split-room setting. */
  public static SweepPlan defaults() {
    return new SweepPlan(ScenarioSpec.BUILT_IN, PolicyCatalog.ids(), MachineSpec.BUILT_IN, 20, true);
  }

  /**
   * One (scenario, machine, seed) group: the runs that share its arrivals. A study's group also names
   * the study and its condition: a trigger, or the spawn cost its machine is given; a phase study's group also
   * the offered load its scenario is run at (null: the scenario's own), its {@link PhaseSetting}, and, on the price
   * axis, the price of a helper's start in images of the mix ({@code startImages}, null: the calibration's own).
   */
  public record Group(String scenario, String machine, long seed, List<Variant> variants, String study, Trigger trigger,
      Double spawnCostS, Double offeredLoad, PhaseSetting setting, Double startImages) {
    /** A group at the calibration's own price of a helper (all but the phase study's price runs). */
    public Group(String scenario, String machine, long seed, List<Variant> variants, String study, Trigger trigger,
        Double spawnCostS, Double offeredLoad, PhaseSetting setting) {
      this(scenario, machine, seed, variants, study, trigger, spawnCostS, offeredLoad, setting, null);
    }

    /** A group at an offered load in no phase setting. */
    public Group(String scenario, String machine, long seed, List<Variant> variants, String study, Trigger trigger,
        Double spawnCostS, Double offeredLoad) {
      this(scenario, machine, seed, variants, study, trigger, spawnCostS, offeredLoad, null);
    }

    public Group(String scenario, String machine, long seed, List<Variant> variants) {
      this(scenario, machine, seed, variants, null, null, null);
    }

    /** A group at its scenario's own load. */
    public Group(String scenario, String machine, long seed, List<Variant> variants, String study, Trigger trigger,
        Double spawnCostS) {
      this(scenario, machine, seed, variants, study, trigger, spawnCostS, null);
    }
  }

  /** A policy under an admission mode. */
  public record Variant(String policy, AdmissionMode admission) {}

  @JsonIgnore
  public List<Group> groups() {
    List<Group> groups = new ArrayList<>();
    for (String scenario : studyOnly ? List.<String>of() : scenarios) {
      for (String machine : machines) {
        for (long seed = 0; seed < seeds; seed++) {
          List<Variant> variants = new ArrayList<>();
          for (String policy : policies) {
            variants.add(new Variant(policy, AdmissionMode.EDF_FIT));
          }
          if (admissionStudy && scenario.equals(STUDY_SCENARIO)) {
            variants.add(new Variant(STUDY_POLICY, AdmissionMode.FLAT));
            variants.add(new Variant(STUDY_POLICY, AdmissionMode.FLAT_PRICES));
            variants.add(new Variant(STUDY_POLICY, AdmissionMode.FIRST_COME));
            variants.add(new Variant(STUDY_POLICY, AdmissionMode.NONE));
          }
          groups.add(new Group(scenario, machine, seed, variants));
        }
      }
    }
    if (admissionStudy && !studyOnly && SplitRoom.fits(policies)) {
      for (String scenario : scenarios) {
        for (String machine : machines) {
          for (long seed = 0; seed < seeds; seed++) {
            groups.add(new Group(scenario, machine, seed, SplitRoom.variants(), SplitRoom.NAME, null, null));
          }
        }
      }
    }
    for (String study : studies) {
      groups.addAll(Studies.groups(study, studySeeds, phaseGrid));
    }
    return groups;
  }

  /** Runs of the main sweep (without the studies, opt-in or the claims' own). */
  @JsonIgnore
  public int mainRunCount() {
    return groups().stream().filter(g -> g.study() == null).mapToInt(g -> g.variants().size()).sum();
  }

  @JsonIgnore
  public int runCount() {
    return groups().stream().mapToInt(g -> g.variants().size()).sum();
  }
}
