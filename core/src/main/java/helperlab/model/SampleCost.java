package helperlab.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The CPU one known image (a calibration sample, by its pixel dimensions) was measured to cost with the
 * web preset, and, where measured, what each other preset costs on it against web: a thumbnail of a small
 * photo can cost as much as its web size, one of a large photo a fifth, so one factor per preset misprices
 * both.
 */
public record SampleCost(
    @JsonProperty(required = true) int width,
    @JsonProperty(required = true) int height,
    @JsonProperty(required = true) double ms,
    @JsonProperty("preset_factors") @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Double> presetFactors) {

  public SampleCost {
    if (width <= 0 || height <= 0) {
      throw new IllegalArgumentException("sample dimensions must be positive, got " + width + "x" + height);
    }
    Check.positive("sample cost ms", ms);
    presetFactors = presetFactors == null ? Map.of() : Collections.unmodifiableSortedMap(new TreeMap<>(presetFactors));
    presetFactors.forEach((preset, f) -> {
      if (f == null) {
        throw new IllegalArgumentException("sample " + width + "x" + height + ": preset_factors." + preset + " must be a number");
      }
      Check.positive("sample " + width + "x" + height + " preset_factors." + preset, f);
    });
  }

  /** A sample measured with the web preset only. */
  public SampleCost(int width, int height, double ms) {
    this(width, height, ms, Map.of());
  }

  public boolean matches(ImageSpec image) {
    return image.width() == width && image.height() == height;
  }

  /** This sample's cost with {@code preset}, in ms: its own measurement, else web's times {@code fallback}. */
  public double ms(String preset, double fallback) {
    Double f = presetFactors.get(preset);
    return ms * (f != null ? f : fallback);
  }

  /** The same sample at {@code factor} times the cost (a slower or faster day); its preset ratios hold. */
  public SampleCost scaledBy(double factor) {
    return new SampleCost(width, height, ms * factor, presetFactors);
  }
}
