package helperlab.lab.live;

/** How fast a live run's virtual clock goes relative to the wall clock. */
public enum Speed {
  X1("×1", 1), X10("×10", 10), X60("×60", 60), MAX("max", Double.POSITIVE_INFINITY);

  private final String label;
  private final double factor;

  Speed(String label, double factor) {
    this.label = label;
    this.factor = factor;
  }

  /** Virtual seconds per wall second; infinite for as fast as possible. */
  public double factor() {
    return factor;
  }

  public String label() {
    return label;
  }

  @Override
  public String toString() {
    return label;
  }
}
