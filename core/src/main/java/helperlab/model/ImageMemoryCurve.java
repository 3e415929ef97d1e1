package helperlab.model;

import java.util.List;

/**
 * A calibration's image memory by megapixels in primitive arrays: asked at every image's start, so found by
 * binary search instead of a walk through the measured points. Gives exactly what {@link Calibration#imageMb}
 * describes: between points linearly, flat past their ends, {@code image_mb_per_mp} per megapixel without them.
 */
public final class ImageMemoryCurve {
  private final double[] megapixels;
  private final double[] mb;
  private final double mbPerMp;

  private ImageMemoryCurve(List<MemoryPoint> points, double mbPerMp) {
    megapixels = points.stream().mapToDouble(MemoryPoint::megapixels).toArray();
    mb = points.stream().mapToDouble(MemoryPoint::mb).toArray();
    this.mbPerMp = mbPerMp;
  }

  /** {@code c}'s curve (its points are sorted by megapixels). */
  public static ImageMemoryCurve of(Calibration c) {
    return new ImageMemoryCurve(c.imageMemory(), c.imageMbPerMp());
  }

  public double mb(double mp) {
    int n = megapixels.length;
    if (n == 0) {
      return mbPerMp * mp;
    }
    if (mp <= megapixels[0]) {
      return mb[0];
    }
    if (mp > megapixels[n - 1]) {
      return mb[n - 1];
    }
    int lo = 1; // the first point at or above mp: megapixels[lo - 1] < mp <= megapixels[hi]
    int hi = n - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (mp <= megapixels[mid]) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    double f = (mp - megapixels[lo - 1]) / (megapixels[lo] - megapixels[lo - 1]);
    return mb[lo - 1] + f * (mb[lo] - mb[lo - 1]);
  }
}
