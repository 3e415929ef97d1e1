package helperlab.policy;

import java.util.List;
import java.util.Locale;

/**
 * What a fresh worker costs before the capacity admission plans on is really there: its start-up (the
 * capacity counts on workers that deliver nothing until they are ready) and the surcharge on its first
 * images (a fresh JVM still compiles the code those images run, billed to them). Admission places this as
 * work ahead of everything admitted ({@link #debtS}); without a cold start (the simulator's default)
 * admission plans as if every worker were warm.
 *
 * @param startupWallS seconds a worker takes from spawn to ready, before one of this run's is measured
 * @param surchargeS CPU-seconds a fresh worker's first {@code freshImages} images cost above their forecast,
 *     all together
 * @param freshImages how many first images carry the surcharge (an equal part each)
 * @param basis where the two figures come from, in words
 */
public record ColdStart(double startupWallS, double surchargeS, int freshImages, String basis) {

  public ColdStart {
    if (!(startupWallS >= 0)) {
      throw new IllegalArgumentException("a worker's start-up must be >= 0 s, got " + startupWallS);
    }
    if (!(surchargeS >= 0)) {
      throw new IllegalArgumentException("a fresh worker's surcharge must be >= 0 CPU-s, got " + surchargeS);
    }
    if (freshImages < 1) {
      throw new IllegalArgumentException("a fresh worker's surcharged images must be at least 1, got " + freshImages);
    }
  }

  /**
   * A worker as the cold start sees it.
   *
   * @param spawnedAt when it was spawned
   * @param ready whether it has started
   * @param imagesDone images it has finished (done or failed) since
   */
  public record Worker(double spawnedAt, boolean ready, int imagesDone) {}

  /**
   * The CPU-seconds (of the capacity admission plans on) that go to cold starts before the admitted work:
   * <ul>
   *   <li>each starting worker's remaining start-up ({@code startupS} after its spawn, at least 0), and each of
   *       the {@code plannedWorkers} not spawned yet a whole start-up, at its part of the capacity
   *       ({@code capacityCores / plannedWorkers}): the CPU the plan counts on and will not get;</li>
   *   <li>the surcharge of the first images, one part ({@code surchargeS / freshImages}) for each image still
   *       to do ({@code images}: admitted and not done, with the candidate's) that a fresh worker's first ones
   *       will be, a worker not yet spawned having all {@code freshImages} first images before it.</li>
   * </ul>
   *
   * @param startupS a worker's start-up in seconds (this run's measured one, or {@link #startupWallS})
   */
  public double debtS(double now, double capacityCores, int plannedWorkers, double startupS, List<Worker> live,
      int images) {
    if (plannedWorkers < 1) {
      throw new IllegalArgumentException("planned workers must be at least 1, got " + plannedWorkers);
    }
    double perWorker = capacityCores / plannedWorkers;
    double startup = 0;
    int freshSlots = 0;
    int counted = 0;
    for (Worker w : live) {
      if (counted == plannedWorkers) {
        break; // a worker beyond the plan adds no capacity the plan counts on
      }
      counted++;
      if (!w.ready()) {
        startup += perWorker * Math.max(0, w.spawnedAt() + startupS - now);
      }
      freshSlots += Math.max(0, freshImages - w.imagesDone());
    }
    int missing = plannedWorkers - counted;
    startup += missing * perWorker * startupS;
    freshSlots += missing * freshImages;
    return startup + Math.min(images, freshSlots) * surchargeS / freshImages;
  }

  /** The cold start in words, with the start-up planned on now. */
  public String words(double startupS, boolean measured) {
    return String.format(Locale.ROOT, "a worker's start-up planned as %.1f s (%s), its first %d images at +%.2f CPU-s"
        + " in all (%s)", startupS, measured ? "measured in this run" : "estimated", freshImages, surchargeS, basis);
  }

  /** The cold start as admission reads it: work due before any deadline, so nothing is placed before it. */
  record Ahead(double remainingWorkS) implements Admission.AdmittedWork {
    @Override
    public double deadlineS() {
      return Double.NEGATIVE_INFINITY;
    }

    @Override
    public double remainingFlatWorkS() {
      return remainingWorkS;
    }
  }

  /** A refusal that fits warm workers but not the cold start ahead of them. */
  record Refusal(double debtS, AdmissionDecision.Reason warm) implements AdmissionDecision.Reason {
    @Override
    public String text() {
      return String.format(Locale.ROOT, "the workers are not warm yet (%.2f CPU-s of start-up and first-image"
          + " surcharge ahead): %s; they are starting", debtS, warm.text());
    }
  }
}
