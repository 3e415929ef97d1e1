package helperlab.policy;

/**
 * The old admission: every image costs the preset's flat average, and a new batch waits behind all
 * admitted work (no earliest-deadline reordering). Kept to measure what edf-fit replaced.
 */
public final class FlatAdmission implements Admission {
  private final double capacity;
  private final double taskCapacity;

  /** Use {@link Admission#of}, which checks the capacity. */
  FlatAdmission(double capacityCores, double taskCores) {
    this.capacity = capacityCores;
    this.taskCapacity = taskCores;
  }

  @Override
  public AdmissionDecision decide(double now, TaskRequest request, Iterable<? extends AdmittedWork> admitted) {
    double work = request.flatWorkS();
    double window = request.windowS();
    if (work / taskCapacity > window) {
      return AdmissionDecision.refuse(-1, "its flat estimate exceeds its deadline");
    }
    double ahead = 0;
    for (AdmittedWork w : admitted) {
      ahead += w.remainingFlatWorkS();
    }
    double finish = Math.max((ahead + work) / capacity, work / taskCapacity);
    if (finish <= window) {
      return AdmissionDecision.ADMIT;
    }
    return AdmissionDecision.refuse(Math.max(1, Math.ceil(finish - window)),
        "the flat estimate of admitted work leaves no room before its deadline");
  }
}
