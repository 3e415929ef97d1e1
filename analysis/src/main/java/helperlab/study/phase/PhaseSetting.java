package helperlab.study.phase;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicySpec.RetryAfter;
import java.util.Locale;

/**
 * How the service is run beside its policy on the phase grid: its admission, the bias of the forecast it prices work
 * with ({@code forecastBias}: what the work really costs over what the calibration says; real cage runs cost
 * 0.99–1.41× their calibration), and how clients re-send a refusal. Written as {@code ADMISSION[*BIAS][/CLIENT]}:
 * {@code edf-fit}, {@code none}, {@code edf-fit*1.4}, {@code edf-fit/at-once}.
 */
public record PhaseSetting(AdmissionMode admission, double forecastBias, RetryAfter client) {
  /** The setting of the slices before the axes: edf-fit, unbiased, clients that honour Retry-After. */
  public static final PhaseSetting BASE = new PhaseSetting(AdmissionMode.EDF_FIT, 1, RetryAfter.HONOUR);

  public PhaseSetting {
    if (admission == null || client == null) {
      throw new IllegalArgumentException("a phase setting needs an admission and a client");
    }
    if (!(forecastBias >= 0.1 && forecastBias <= 10)) {
      throw new IllegalArgumentException("a phase setting's forecast bias must be between 0.1 and 10, got " + forecastBias);
    }
  }

  @JsonCreator
  public static PhaseSetting parse(String text) {
    String t = text.trim();
    RetryAfter client = RetryAfter.HONOUR;
    int slash = t.indexOf('/');
    if (slash >= 0) {
      client = RetryAfter.of(t.substring(slash + 1));
      t = t.substring(0, slash);
    }
    double bias = 1;
    int star = t.indexOf('*');
    if (star >= 0) {
      try {
        bias = Double.parseDouble(t.substring(star + 1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("a phase setting's bias must be a number (edf-fit*1.4), got '" + text + "'");
      }
      t = t.substring(0, star);
    }
    return new PhaseSetting(AdmissionMode.of(t), bias, client);
  }

  @JsonValue
  @Override
  public String toString() {
    String s = admission.id();
    if (forecastBias != 1) {
      s += "*" + new java.math.BigDecimal(String.format(Locale.ROOT, "%.3f", forecastBias)).stripTrailingZeros().toPlainString();
    }
    return client == RetryAfter.HONOUR ? s : s + "/" + client.id();
  }
}
