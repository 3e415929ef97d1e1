package helperlab.protocol.ctl;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What every ctl answer line carries, whatever it answers: {@code ok}, and when false the {@code error} in words; a
 * line of a longer answer (a follow, a calibration) also its {@code type}. Read from any line (its other fields
 * skipped); written as the answer to a refused request ({@link #refused}).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Reply(
    @JsonProperty("ok") Boolean ok,
    @JsonProperty("error") String error,
    @JsonProperty("type") String type) {
  /** A failed request's answer: {@code ok} false and what is wrong, in words. */
  public static Reply refused(String error) {
    return new Reply(false, error, null);
  }

  public boolean succeeded() {
    return Boolean.TRUE.equals(ok);
  }
}
