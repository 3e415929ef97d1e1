package helperlab.protocol.ctl;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The answer to {@code press}: the batch offered and the decision ({@code reason} and {@code retry_after_s} when it was
 * refused, -1 when it never fits); or, when the cage could not take it at all, {@code ok} false with the {@code error}
 * and {@code retry_after_s} alone.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PressAnswer(
    @JsonProperty("ok") boolean ok,
    @JsonProperty("error") String error,
    @JsonProperty("admitted") Boolean admitted,
    @JsonProperty("batch") Long batch,
    @JsonProperty("preset") String preset,
    @JsonProperty("images") Integer images,
    @JsonProperty("deadline") String deadline,
    @JsonProperty("reason") String reason,
    @JsonProperty("retry_after_s") Double retryAfterS) {
  public static PressAnswer unavailable(String error, double retryAfterS) {
    return new PressAnswer(false, error, null, null, null, null, null, null, retryAfterS);
  }

  public static PressAnswer admitted(long batch, String preset, int images, String deadline) {
    return new PressAnswer(true, null, true, batch, preset, images, deadline, null, null);
  }

  public static PressAnswer refused(long batch, String preset, int images, String deadline, String reason,
      double retryAfterS) {
    return new PressAnswer(true, null, false, batch, preset, images, deadline, reason, retryAfterS);
  }

  public boolean wasAdmitted() {
    return Boolean.TRUE.equals(admitted);
  }
}
