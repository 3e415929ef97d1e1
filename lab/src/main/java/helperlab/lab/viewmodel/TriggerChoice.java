package helperlab.lab.viewmodel;

/**
 * What the Live view's Trigger button starts: a simulator trigger kind and size (the excess over the
 * base load, so a spike x2 is size 1), for {@link #DURATION_S} seconds from the clock.
 */
public enum TriggerChoice {
  SPIKE_1_5("spike ×1.5", "spike", 0.5),
  SPIKE_2("spike ×2", "spike", 1),
  SPIKE_3("spike ×3", "spike", 2),
  SLOWDOWN_50("slowdown 50%", "slowdown", 0.5),
  COST_JUMP_2("cost jump ×2", "cost_jump", 1);

  /** How long a trigger from the button lasts (virtual seconds). */
  public static final double DURATION_S = 60;

  private final String label;
  private final String kind;
  private final double size;

  TriggerChoice(String label, String kind, double size) {
    this.label = label;
    this.kind = kind;
    this.size = size;
  }

  public String label() {
    return label;
  }

  /** The simulator's name for the kind: spike, slowdown or cost_jump. */
  public String kind() {
    return kind;
  }

  public double size() {
    return size;
  }

  @Override
  public String toString() {
    return label;
  }
}
