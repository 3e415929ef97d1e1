package helperlab.cage.supervisor;

/**
 * The supervisor's answer to an offered batch, as what happened to it; the intake alone says it in HTTP. Every
 * answer names the stored batch (-1 when it was never stored), and the run and task that judged it (null and -1
 * when none did).
 */
public sealed interface Offer permits Offer.Admitted, Offer.Refused, Offer.NeverFits, Offer.Unavailable {
  long batchId();

  String runId();

  int task();

  String reason();

  default boolean admitted() {
    return this instanceof Admitted;
  }

  /** Taken: it will be done, or counted late. */
  record Admitted(long batchId, String runId, int task) implements Offer {
    @Override
    public String reason() {
      return "admitted";
    }
  }

  /** Not now: the run is too busy to meet its deadline; it may fit in {@code retryAfterS}. */
  record Refused(long batchId, String runId, int task, double retryAfterS, String reason) implements Offer {}

  /** Never: even an idle cage could not meet its deadline. */
  record NeverFits(long batchId, String runId, int task, String reason) implements Offer {}

  /** Not judged: the cage cannot take batches now (stopping, no database, an exhibit on); ask again later. */
  record Unavailable(long batchId, String runId, int task, double retryAfterS, String reason) implements Offer {
    static Unavailable of(long batchId, double retryAfterS, String reason) {
      return new Unavailable(batchId, null, -1, retryAfterS, reason);
    }
  }
}
