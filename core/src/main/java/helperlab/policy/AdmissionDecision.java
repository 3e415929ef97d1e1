package helperlab.policy;

/**
 * The answer to a batch: admitted, or refused with the seconds after which it would fit
 * ({@code retryAfterS}, or -1 when it can never fit its own deadline) and why.
 */
public record AdmissionDecision(boolean admitted, double retryAfterS, Reason why) {
  public static final AdmissionDecision ADMIT = new AdmissionDecision(true, 0, new Words("admitted"));

  /**
   * Why, put into words only when someone reads it: a sweep never does, and formatting its numbers
   * cost more than the decision.
   */
  public interface Reason {
    String text();
  }

  /** A reason already in words. */
  public record Words(String text) implements Reason {}

  public static AdmissionDecision refuse(double retryAfterS, String reason) {
    return new AdmissionDecision(false, retryAfterS, new Words(reason));
  }

  public static AdmissionDecision refuse(double retryAfterS, Reason why) {
    return new AdmissionDecision(false, retryAfterS, why);
  }

  public String reason() {
    return why.text();
  }
}
