package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The memory a warm worker held, above its idle size, after resizing an image of so many megapixels. */
public record MemoryPoint(
    @JsonProperty(required = true) double megapixels,
    @JsonProperty(required = true) double mb) {

  public MemoryPoint {
    Check.positive("memory point megapixels", megapixels);
    Check.nonNegative("memory point mb", mb);
  }
}
