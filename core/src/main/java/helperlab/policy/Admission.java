package helperlab.policy;

/** Decides whether the service takes a batch, given the work it has already admitted. */
public interface Admission {
  AdmissionDecision decide(double now, TaskRequest request, Iterable<? extends AdmittedWork> admitted);

  /** What admission needs to know of an admitted, unfinished task. */
  interface AdmittedWork {
    double deadlineS();

    /** Predicted seconds of one core still to do, from the images' dimensions. */
    double remainingWorkS();

    /** The same by the flat per-preset average. */
    double remainingFlatWorkS();
  }

  /** The admission for a mode, with no task limited below the whole capacity (a pool's view). */
  static Admission of(AdmissionMode mode, double capacityCores) {
    return of(mode, capacityCores, capacityCores);
  }

  /**
   * The admission for a mode. {@code capacityCores} is how many cores of useful work the service
   * delivers at its worker budget, with contention already in it (counted once, here);
   * {@code taskCores} the most one batch can get (a helper policy's one process: one core), so a batch
   * never counts on finishing sooner than that.
   */
  static Admission of(AdmissionMode mode, double capacityCores, double taskCores) {
    if (!(capacityCores > 0)) {
      throw new IllegalArgumentException("admission capacity must be > 0 cores, got " + capacityCores);
    }
    if (!(taskCores > 0)) {
      throw new IllegalArgumentException("one batch's cores must be > 0, got " + taskCores);
    }
    double perTask = Math.min(taskCores, capacityCores);
    return switch (mode) {
      case EDF_FIT -> new EdfFitAdmission(capacityCores, perTask, false);
      case FLAT_PRICES -> new EdfFitAdmission(capacityCores, perTask, true);
      case FLAT -> new FlatAdmission(capacityCores, perTask, true);
      case FIRST_COME -> new FlatAdmission(capacityCores, perTask, false);
      case NONE -> (now, request, admitted) -> AdmissionDecision.ADMIT;
    };
  }
}
