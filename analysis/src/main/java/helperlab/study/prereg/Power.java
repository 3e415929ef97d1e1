package helperlab.study.prereg;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A model's expected score under the verdict rule if the host model is the truth: at each point, the exact binomial
 * chance that the rule scores the model's prediction right when each recording collapses with the host model's
 * probability; the mean over the points. For the host model itself this is a perfect model's expected score (the
 * power the registration must show, at least {@link #TARGET}); for a model wrong by ×2 in start price, how much lower
 * a wrong model scores (the verdict can tell them apart only if it is clearly lower).
 */
public record Power(
    @JsonProperty("model") String model,
    @JsonProperty("expected_score") double expectedScore,
    @JsonProperty("per_point") List<Double> perPoint,
    @JsonProperty("points_predicted_otherwise") int pointsPredictedOtherwise) {

  /** A perfect model must expect at least this score. */
  public static final double TARGET = 0.9;

  public Power {
    perPoint = List.copyOf(perPoint);
  }

  /**
   * The expected score of a model predicting collapse probabilities {@code predicted} at points whose recordings
   * collapse with probabilities {@code truth} (the same order).
   */
  public static Power of(String model, VerdictRule rule, List<Double> truth, List<Double> predicted) {
    if (truth.size() != predicted.size() || truth.isEmpty()) {
      throw new IllegalArgumentException("power needs one truth per prediction, got " + truth.size() + " and "
          + predicted.size());
    }
    List<Double> per = new ArrayList<>();
    int otherwise = 0;
    for (int i = 0; i < truth.size(); i++) {
      boolean says = rule.predictsCollapse(predicted.get(i));
      otherwise += says != rule.predictsCollapse(truth.get(i)) ? 1 : 0;
      per.add(rule.pRight(says, truth.get(i)));
    }
    return new Power(model, per.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), per, otherwise);
  }

  /**
   * A perfect model at the worst the chooser allows: every point's truth at the edge of its band (0.2 for a point it
   * predicts stands, 0.8 for one it predicts collapses), so the power does not lean on 20 seeds' estimate of 0 or 1.
   */
  public static Power atTheBandsEdge(VerdictRule rule, List<Double> truth) {
    List<Double> edge = truth.stream()
        .map(p -> rule.predictsCollapse(p) ? PointChooser.DECIDED_HIGH : PointChooser.DECIDED_LOW).toList();
    return of("a perfect model, every point at its band's edge", rule, edge, edge);
  }

  /**
   * The same expected score by simulation ({@code trials} verdicts, seeded): each recording drawn with the truth's
   * probability and scored by the rule. A check on the exact figure, not a replacement.
   */
  public static double simulated(VerdictRule rule, List<Double> truth, List<Double> predicted, int trials, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long right = 0;
    for (int t = 0; t < trials; t++) {
      for (int i = 0; i < truth.size(); i++) {
        int collapsed = 0;
        for (int r = 0; r < rule.recordings(); r++) {
          collapsed += random.nextDouble() < truth.get(i) ? 1 : 0;
        }
        right += rule.observesCollapse(collapsed) == rule.predictsCollapse(predicted.get(i)) ? 1 : 0;
      }
    }
    return (double) right / ((long) trials * truth.size());
  }
}
