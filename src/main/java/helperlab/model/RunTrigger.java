package helperlab.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A trigger as a run record keeps it: the window a spike, slowdown or cost jump lasted, in the same
 * JSON as the simulator's trigger ({@code kind}, {@code at_s}, {@code duration_s}, {@code size}), so
 * the charts can shade it whatever ran it.
 */
@JsonPropertyOrder({"kind", "at_s", "duration_s", "size"})
public record RunTrigger(
    @JsonProperty(required = true) String kind,
    @JsonProperty(value = "at_s", required = true) double atS,
    @JsonProperty(value = "duration_s", required = true) double durationS,
    @JsonProperty(required = true) double size) {

  public RunTrigger {
    if (kind == null || kind.isBlank()) {
      throw new IllegalArgumentException("a run's trigger needs a kind (spike, slowdown or cost_jump)");
    }
    if (!(atS >= 0) || Double.isInfinite(atS)) {
      throw new IllegalArgumentException("a run's trigger must start at >= 0 s, got " + atS);
    }
    if (!(durationS > 0) || Double.isInfinite(durationS)) {
      throw new IllegalArgumentException("a run's trigger must last > 0 s, got " + durationS);
    }
  }

  @JsonIgnore
  public double endS() {
    return atS + durationS;
  }
}
