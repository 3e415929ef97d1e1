package helperlab.study.prereg;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A registered point: its id and class, what it runs, and the four labelled predictions of it: the host model (the
 * model under test), the default basis (the published maps'), and the host model with a helper's start priced ×2 and
 * ×½ (the wrong models the power is computed for).
 */
public record RegisteredPoint(
    @JsonProperty("id") String id,
    @JsonProperty("class") PointClass pointClass,
    @JsonProperty("point") OperatingPoint point,
    @JsonProperty("host") Prediction host,
    @JsonProperty("basis") Prediction basis,
    @JsonProperty("start_price_x2") Prediction startTwice,
    @JsonProperty("start_price_x0_5") Prediction startHalf) {

  public RegisteredPoint {
    if (id == null || !id.matches("[A-Za-z0-9_-]+")) {
      throw new IllegalArgumentException("a point's id must be letters, digits, - or _ (it names a folder), got " + id);
    }
    if (point == null || host == null || basis == null || startTwice == null || startHalf == null) {
      throw new IllegalArgumentException("point " + id + " needs its operating point and all four predictions");
    }
  }
}
