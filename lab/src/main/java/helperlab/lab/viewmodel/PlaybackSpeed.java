package helperlab.lab.viewmodel;

/** How fast the timeline plays a recorded run. */
public enum PlaybackSpeed {
  X1("×1", 1), X10("×10", 10), X60("×60", 60), X600("×600", 600);

  private final String label;
  private final double factor;

  PlaybackSpeed(String label, double factor) {
    this.label = label;
    this.factor = factor;
  }

  public double factor() {
    return factor;
  }

  @Override
  public String toString() {
    return label;
  }
}
