package helperlab.policy;

/**
 * The answer to a batch: admitted, or refused with the seconds after which it would fit
 * ({@code retryAfterS}, or -1 when it can never fit its own deadline) and a reason.
 */
public record AdmissionDecision(boolean admitted, double retryAfterS, String reason) {
  public static final AdmissionDecision ADMIT = new AdmissionDecision(true, 0, "admitted");

  public static AdmissionDecision refuse(double retryAfterS, String reason) {
    return new AdmissionDecision(false, retryAfterS, reason);
  }
}
