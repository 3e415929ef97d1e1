package helperlab.policy;

/**
 * The old admission: every image costs the preset's flat average, and a new batch waits behind all
 * admitted work (no earliest-deadline reordering). Kept to measure what edf-fit replaced. Without flat
 * prices it is the placement alone: each image at its own forecast, each batch behind all admitted work.
 */
public final class FlatAdmission implements Admission {
  private final double capacity;
  private final double taskCapacity;
  private final boolean flatPrices;

  /** Use {@link Admission#of}, which checks the capacity. */
  FlatAdmission(double capacityCores, double taskCores, boolean flatPrices) {
    this.capacity = capacityCores;
    this.taskCapacity = taskCores;
    this.flatPrices = flatPrices;
  }

  @Override
  public AdmissionDecision decide(double now, TaskRequest request, Iterable<? extends AdmittedWork> admitted) {
    double work = flatPrices ? request.flatWorkS() : request.predictedWorkS();
    double window = request.windowS();
    if (work / taskCapacity > window) {
      return AdmissionDecision.refuse(-1, flatPrices ? "its flat estimate exceeds its deadline" : "its forecast exceeds its deadline");
    }
    double ahead = 0;
    for (AdmittedWork w : admitted) {
      ahead += flatPrices ? w.remainingFlatWorkS() : w.remainingWorkS();
    }
    double finish = Math.max((ahead + work) / capacity, work / taskCapacity);
    if (finish <= window) {
      return AdmissionDecision.ADMIT;
    }
    return AdmissionDecision.refuse(Math.max(1, Math.ceil(finish - window)),
        flatPrices ? "the flat estimate of admitted work leaves no room before its deadline"
            : "the work admitted before it leaves no room before its deadline");
  }
}
