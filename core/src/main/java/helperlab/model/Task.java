package helperlab.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** A batch of images for one preset, arriving at a time and due by a deadline (seconds from run start). */
public record Task(
    @JsonProperty(required = true) int id,
    @JsonProperty(value = "arrival_s", required = true) double arrivalS,
    @JsonProperty(required = true) String preset,
    @JsonProperty(value = "deadline_s", required = true) double deadlineS,
    @JsonProperty(required = true) List<ImageSpec> images) {

  public Task {
    if (id < 0) {
      throw new IllegalArgumentException("task id must be zero or more, got " + id);
    }
    Check.nonNegative("arrival_s", arrivalS);
    Check.finite("deadline_s", deadlineS);
    Check.name("preset", preset);
    if (images == null || images.isEmpty()) {
      throw new IllegalArgumentException("task " + id + " has no images");
    }
    images = List.copyOf(images);
  }

  @JsonIgnore
  public double windowS() {
    return deadlineS - arrivalS;
  }

  @JsonIgnore
  public double megapixels() {
    double mp = 0;
    for (ImageSpec image : images) {
      mp += image.megapixels();
    }
    return mp;
  }
}
