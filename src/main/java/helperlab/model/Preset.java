package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** An output size and the deadline a batch of it is promised: base plus an allowance per image. */
public record Preset(
    @JsonProperty(required = true) String name,
    @JsonProperty(value = "long_edge", required = true) int longEdge,
    @JsonProperty(value = "deadline_base_s", required = true) double deadlineBaseS,
    @JsonProperty(value = "deadline_per_image_s", required = true) double deadlinePerImageS) {

  public Preset {
    Check.name("name", name);
    if (longEdge < 16 || longEdge > 16384) {
      throw new IllegalArgumentException("long_edge must be between 16 and 16384 pixels, got " + longEdge);
    }
    Check.nonNegative("deadline_base_s", deadlineBaseS);
    Check.nonNegative("deadline_per_image_s", deadlinePerImageS);
    if (deadlineBaseS + deadlinePerImageS <= 0) {
      throw new IllegalArgumentException("preset " + name + " gives a zero deadline");
    }
  }

  /** Seconds from arrival a batch of {@code images} images may take. */
  public double deadlineWindowS(int images) {
    return deadlineBaseS + deadlinePerImageS * images;
  }
}
