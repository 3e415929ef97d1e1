package helperlab.policy;

import java.util.ArrayList;
import java.util.List;

/**
 * What a scheduler's admission plans on, and the refusals that changes: the capacity (replanned as a cage measures
 * the CPU the host lets it have), the cold start of the policy's standing workers, and the admission the run began
 * with, which still judges whether a batch could ever fit. The scheduler owns the queue; this owns the judgement.
 */
final class AdmissionPlan {
  private final PolicySpec policy;
  private SchedulerConfig config;
  private Admission admission;
  /** The admission the scheduler began with: what judges whether a batch can ever fit. */
  private final Admission startAdmission;
  /** The Retry-After for a batch that fits the start's capacity but not the replanned one. */
  private double replanRetryS;
  /** What admission counts for fresh workers, or null to plan as if every worker were warm. */
  private ColdStart coldStart;
  /** The last spawn-to-ready time of this scheduler's workers, or -1 before one is ready. */
  private double measuredStartupS = -1;

  AdmissionPlan(PolicySpec policy, SchedulerConfig config) {
    this.policy = policy;
    this.config = config;
    this.admission = admissionFor(policy, config);
    this.startAdmission = admission;
  }

  /** A refusal that would have said "never" at the capacity planned on now, and fits at the start's. */
  record Replanned(AdmissionDecision.Reason now) implements AdmissionDecision.Reason {
    @Override
    public String text() {
      return "the capacity planned on now is too little (" + now.text() + "); it fits the capacity the run began with";
    }
  }

  /** A helper policy promises a batch what its one helper can do; a pool, the whole capacity. */
  private static Admission admissionFor(PolicySpec policy, SchedulerConfig c) {
    return Admission.of(c.admission(), c.capacityCores(),
        policy.family() == PolicySpec.Family.HELPERS ? c.processCores() : c.capacityCores());
  }

  SchedulerConfig config() {
    return config;
  }

  /** See {@link Scheduler#replan}. */
  void replan(SchedulerConfig c, double retryS) {
    if (c.workerBudget() != config.workerBudget() || c.maxProcesses() != config.maxProcesses()
        || c.admission() != config.admission() || c.spawnEstimateS() != config.spawnEstimateS()
        || c.maxStrikes() != config.maxStrikes()) {
      throw new IllegalArgumentException("a replan changes only the capacity, not " + config + " to " + c);
    }
    config = c;
    admission = admissionFor(policy, c);
    replanRetryS = retryS;
  }

  /** See {@link Scheduler#planStartup}. */
  void planStartup(ColdStart c) {
    coldStart = c;
  }

  /** A worker of the scheduler's was ready {@code startupS} after its spawn. */
  void measuredStartup(double startupS) {
    measuredStartupS = startupS;
  }

  /** See {@link Scheduler#startupS}. */
  double startupS() {
    if (coldStart == null) {
      return Double.NaN;
    }
    if (measuredStartupS >= 0) {
      return measuredStartupS;
    }
    return coldStart.startupWallS();
  }

  boolean startupMeasured() {
    return measuredStartupS >= 0;
  }

  /**
   * Admits {@code request} or refuses it, with the cold start's debt ahead of the admitted work: a batch refused only
   * for that warms the scheduler's workers and hears when it would fit, and one refused for good at a replanned
   * capacity that would fit at the start's hears to come back.
   */
  AdmissionDecision judge(double at, TaskRequest request, Scheduler s) {
    double debt = coldStartDebt(at, request, s);
    AdmissionDecision decision = admission.decide(at, request, debt > 0 ? withDebt(debt, s) : s.admittedWork());
    if (!decision.admitted() && debt > 0 && admission.decide(at, request, s.admittedWork()).admitted()) {
      s.warm();
      decision = AdmissionDecision.refuse(Math.max(1, decision.retryAfterS()), new ColdStart.Refusal(debt, decision.why()));
    }
    if (!decision.admitted() && decision.retryAfterS() < 0 && admission != startAdmission
        && startAdmission.decide(at, request, List.of()).admitted()) {
      decision = AdmissionDecision.refuse(replanRetryS, new Replanned(decision.why()));
    }
    return decision;
  }

  /** The cold start's CPU-seconds ahead of the admitted work if {@code request} is admitted; 0 without a cold start. */
  private double coldStartDebt(double at, TaskRequest request, Scheduler s) {
    int target = coldStart == null ? 0 : s.warmTarget();
    if (target < 1) {
      return 0;
    }
    List<ColdStart.Worker> view = new ArrayList<>(s.live.size());
    int images = s.queuedImages() + request.images().size();
    for (WorkerState w : s.live) {
      view.add(new ColdStart.Worker(w.spawnedAt, w.ready(), w.imagesDone));
      images += w.assigned.size() + w.share.size();
    }
    return coldStart.debtS(at, config.capacityCores(), target, startupS(), view, images);
  }

  /** The admitted work with the cold start's debt ahead of all of it (due at once: nothing is placed before it). */
  private static List<Admission.AdmittedWork> withDebt(double debtS, Scheduler s) {
    List<Admission.AdmittedWork> all = new ArrayList<>(s.unfinishedTasks() + 1);
    all.add(new ColdStart.Ahead(debtS));
    for (Admission.AdmittedWork w : s.admittedWork()) {
      all.add(w);
    }
    return all;
  }
}
