package helperlab.study.prereg;

/**
 * Where a registered point sits for the host model: far from any boundary, or the last load before a policy's
 * boundary and the first past it (the two sides a model wrong about the boundary gets wrong first).
 */
public enum PointClass {
  /** Collapses in at most 20% of seeds, and no boundary just above it. */
  STABLE("stable", "S"),
  /** Collapses in at least 80% of seeds, and no boundary just below it. */
  COLLAPSED("collapsed", "C"),
  /** The highest load (at most 20% collapse) below the policy's first load at 80% or more. */
  BELOW_BOUNDARY("just below the boundary", "L"),
  /** That first load at 80% or more. */
  ABOVE_BOUNDARY("just above the boundary", "H");

  private final String words;
  private final String prefix;

  PointClass(String words, String prefix) {
    this.words = words;
    this.prefix = prefix;
  }

  public String words() {
    return words;
  }

  /** The letter a point's id starts with (S1, C1, L1, H1). */
  public String prefix() {
    return prefix;
  }
}
