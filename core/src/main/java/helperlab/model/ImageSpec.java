package helperlab.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One source image by its pixel dimensions. {@code noise} is the ratio of its true cost to the
 * curve's prediction (1 for recorded real images; drawn from the scenario's noise in simulation).
 */
public record ImageSpec(
    @JsonProperty(required = true) int width,
    @JsonProperty(required = true) int height,
    @JsonProperty("noise") double noise) {

  public ImageSpec {
    if (width <= 0 || height <= 0) {
      throw new IllegalArgumentException("image dimensions must be positive, got " + width + "x" + height);
    }
    if (noise == 0) {
      noise = 1; // absent in JSON: no noise
    }
    Check.positive("noise", noise);
  }

  public ImageSpec(int width, int height) {
    this(width, height, 1);
  }

  @JsonIgnore
  public double megapixels() {
    return (double) width * height / 1_000_000.0;
  }
}
