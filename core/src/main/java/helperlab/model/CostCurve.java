package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Resize cost of one image: {@code a · MP^b} milliseconds of one core, clamped to [floor, ceiling]. */
public record CostCurve(
    @JsonProperty(required = true) double a,
    @JsonProperty(required = true) double b,
    @JsonProperty(value = "floor_ms", required = true) double floorMs,
    @JsonProperty(value = "ceiling_ms", required = true) double ceilingMs) {

  public CostCurve {
    Check.positive("a", a);
    Check.finite("b", b);
    Check.nonNegative("floor_ms", floorMs);
    Check.positive("ceiling_ms", ceilingMs);
    if (ceilingMs < floorMs) {
      throw new IllegalArgumentException(
          "ceiling_ms (" + ceilingMs + ") must not be below floor_ms (" + floorMs + ")");
    }
  }

  /** The seed server's curve: 152 · MP^0.40 ms, flat at 81 ms for small and 520 ms for heavy images. */
  public static CostCurve seed() {
    return new CostCurve(152, 0.40, 81, 520);
  }

  public double millis(double megapixels) {
    double raw = a * Math.pow(Math.max(megapixels, 1e-9), b);
    return Math.min(ceilingMs, Math.max(floorMs, raw));
  }

  public double seconds(double megapixels) {
    return millis(megapixels) / 1000.0;
  }
}
