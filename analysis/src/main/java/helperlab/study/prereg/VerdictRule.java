package helperlab.study.prereg;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * How a point is scored from its recordings, registered before the first one: a model predicts a point
 * <em>collapses</em> when at least half its simulated seeds collapsed, else that it <em>stands</em>; the point is
 * judged on its first {@code recordings} kept recordings in the order they were made (later ones are reported, not
 * scored, so recording more cannot choose the verdict); the recordings say <em>collapses</em> when at least
 * {@code collapsedFrom} of them collapsed, else <em>stands</em>; the model is right at the point when the two agree.
 * A point with fewer kept recordings is not judged. A model's score is its right points over the judged points.
 */
public record VerdictRule(
    @JsonProperty("recordings") int recordings,
    @JsonProperty("collapsed_from") int collapsedFrom,
    @JsonProperty("predicts_collapse_from") double predictsCollapseFrom) {

  /** Five recordings per point, a majority of three. */
  public static final VerdictRule REGISTERED = new VerdictRule(5, 3, 0.5);

  public VerdictRule {
    if (recordings < 1 || collapsedFrom < 1 || collapsedFrom > recordings) {
      throw new IllegalArgumentException("a verdict rule needs 1 <= collapsed_from <= recordings, got " + collapsedFrom
          + " of " + recordings);
    }
    if (!(predictsCollapseFrom > 0 && predictsCollapseFrom <= 1)) {
      throw new IllegalArgumentException("predicts_collapse_from must be in (0, 1], got " + predictsCollapseFrom);
    }
  }

  /** What a model predicts at a point with collapse probability {@code p}: true for "collapses". */
  public boolean predictsCollapse(double p) {
    return p >= predictsCollapseFrom;
  }

  /** What the recordings say: true for "collapses", from {@code collapsed} of the {@link #recordings} scored. */
  public boolean observesCollapse(int collapsed) {
    return collapsed >= collapsedFrom;
  }

  /**
   * The chance a model predicting {@code predictsCollapse} is scored right at a point whose recordings collapse each
   * with probability {@code pTrue}, independently: exact, from the binomial.
   */
  public double pRight(boolean predictsCollapse, double pTrue) {
    if (!(pTrue >= 0 && pTrue <= 1)) {
      throw new IllegalArgumentException("a probability must be in [0, 1], got " + pTrue);
    }
    // P(at least collapsedFrom of recordings collapse)
    double pObservesCollapse = 1 - new BinomialDistribution(null, recordings, pTrue).cumulativeProbability(
        collapsedFrom - 1);
    return predictsCollapse ? pObservesCollapse : 1 - pObservesCollapse;
  }

  @JsonIgnore
  public String words() {
    return String.format(Locale.ROOT, "a model predicts a point collapses when at least %.0f%% of its simulated seeds "
        + "collapsed, else that it stands; a point is judged on its first %d kept recordings in the order they were "
        + "made (later ones are reported, not scored); they say it collapses when at least %d of the %d collapsed, "
        + "else that it stands; the model is right where the two agree; a point with fewer than %d kept recordings is "
        + "not judged; a model's score is its right points over the judged points", 100 * predictsCollapseFrom,
        recordings, collapsedFrom, recordings, recordings);
  }
}
