package helperlab.cage.store;

import java.time.Instant;
import java.util.List;

/** A batch as the store holds it: what was asked, its run and task number there (-1 if none yet), its state, and its images. */
public record StoredBatch(
    long id, String runId, String runKind, int task, String origin, String preset, int longEdge, BatchState state,
    Instant arrivedAt, Instant deadlineAt, List<StoredImage> images) {

  public StoredBatch {
    images = List.copyOf(images);
  }

  /** One image of a stored batch; {@code output} is where its result is published. */
  public record StoredImage(
      long id, int idx, String source, String output, int width, int height, double predictedS, String state,
      int strikes) {
    public double megapixels() {
      return (double) width * height / 1e6;
    }
  }
}
