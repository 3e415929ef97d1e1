package helperlab.sim;

/**
 * How a worker's resident memory grows through an image: from what it held before the image (the
 * high-water mark of its earlier images) to what this image needs, in proportion to the image's work
 * done, all of it in once {@code fullAtShare} of the work is done. A decoder fills its raster as it
 * reads, so the OOM killer finds images part-way through rather than at their start. {@code fullAtShare}
 * 0 charges an image's memory the moment it starts.
 */
record MemoryRamp(double fullAtShare) {
  /**
   * Linear over the whole image: half the growth in by half the work, 90% by 0.9, inside what a worker
   * resizing the calibration's ladder showed (half by 0.3–0.76 of its time, 90% by 0.42–0.95).
   */
  static final MemoryRamp MEASURED = new MemoryRamp(1.0);

  MemoryRamp {
    if (!(fullAtShare >= 0 && fullAtShare <= 1)) {
      throw new IllegalArgumentException("the share of an image's work by which its memory is all in must be in [0, 1], got "
          + fullAtShare);
    }
  }

  /** True when an image's memory grows with its progress rather than coming all at its start. */
  boolean gradual() {
    return fullAtShare > 0;
  }

  /** The image memory a worker holds {@code shareDone} of the way through an image that needs {@code toMb}. */
  double imageMb(double fromMb, double toMb, double shareDone) {
    if (toMb <= fromMb || shareDone >= fullAtShare) {
      return Math.max(fromMb, toMb);
    }
    return fromMb + (toMb - fromMb) * Math.max(0, shareDone) / fullAtShare;
  }
}
