package helperlab.study.prereg;

import com.fasterxml.jackson.annotation.JsonProperty;
import helperlab.workload.TippingCourse;

/**
 * One run of a point judged by the outcome-only criterion (docs/tipping.md): whether it <em>collapsed</em> within the
 * exhibit (tipped, or never healthy: either way down for a held stretch after the warm-up), the second its first
 * spell down began (null: never down), whether it was never healthy, and whether it was down at the end.
 */
public record RunFate(
    @JsonProperty("collapsed") boolean collapsed,
    @JsonProperty("down_from_s") Double downFromS,
    @JsonProperty("never_healthy") boolean neverHealthy,
    @JsonProperty("down_at_end") boolean downAtEnd) {

  public RunFate {
    if (collapsed != (downFromS != null)) {
      throw new IllegalArgumentException("a run collapsed exactly when it has a first spell down, got collapsed="
          + collapsed + " and down_from_s=" + downFromS);
    }
    if (!collapsed && (neverHealthy || downAtEnd)) {
      throw new IllegalArgumentException("a run that never went down is neither never healthy nor down at the end");
    }
  }

  /** A judged course's fate. */
  public static RunFate of(TippingCourse c) {
    if (!c.everDown()) {
      return new RunFate(false, null, false, false);
    }
    return new RunFate(true, (double) c.spells().get(0).fromS(), c.neverHealthy(), c.downAtEnd());
  }
}
