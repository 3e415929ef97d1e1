package helperlab.policy;

import java.util.List;
import java.util.Map;

/**
 * How many workers each image crashed, kept across a driver's restart: an image that reaches the configured
 * most is given up on (dead-lettered) rather than let crash another.
 */
final class ImageStrikes {
  private final IdTable<Integer> byImage = new IdTable<>();

  /** Takes over the strikes {@code images} already had before a restart ({@code prior}, by image id). */
  void carryOver(List<ImageJob> images, Map<Integer, Integer> prior) {
    for (ImageJob image : images) {
      Integer s = prior.get(image.id());
      if (s != null && s > 0) {
        byImage.put(image.id(), s);
      }
    }
  }

  /** One more strike against image {@code imageId}; returns how many it has now. */
  int strike(int imageId) {
    Integer before = byImage.get(imageId);
    int s = (before == null ? 0 : before) + 1;
    byImage.put(imageId, s);
    return s;
  }
}
