package helperlab.cage.store;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** A batch that passed every check at the door: its preset, deadline and images with their dimensions. */
public record ValidBatch(String origin, String preset, int longEdge, Instant arrivedAt, Instant deadlineAt,
    List<ValidImage> images) {

  public ValidBatch {
    images = List.copyOf(images);
    if (images.isEmpty()) {
      throw new IllegalArgumentException("a batch needs at least one image");
    }
    if (!deadlineAt.isAfter(arrivedAt)) {
      throw new IllegalArgumentException("the deadline must be after arrival");
    }
  }

  /** An image found readable at the door, with its predicted cost (seconds of one core). */
  public record ValidImage(Path source, String format, int width, int height, double predictedS) {}
}
