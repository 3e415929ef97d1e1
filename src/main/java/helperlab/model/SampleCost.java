package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The CPU one known image (a calibration sample, by its pixel dimensions) was measured to cost. */
public record SampleCost(
    @JsonProperty(required = true) int width,
    @JsonProperty(required = true) int height,
    @JsonProperty(required = true) double ms) {

  public SampleCost {
    if (width <= 0 || height <= 0) {
      throw new IllegalArgumentException("sample dimensions must be positive, got " + width + "x" + height);
    }
    Check.positive("sample cost ms", ms);
  }

  public boolean matches(ImageSpec image) {
    return image.width() == width && image.height() == height;
  }
}
