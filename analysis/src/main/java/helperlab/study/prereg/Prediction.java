package helperlab.study.prereg;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What one model predicts at a point: its label, and each simulated seed's fate (seeds 0 to n - 1, in order). The
 * point's collapse probability is the share of seeds that collapsed.
 */
public record Prediction(
    @JsonProperty("model") String model,
    @JsonProperty("seeds") List<RunFate> seeds) {

  public Prediction {
    seeds = List.copyOf(seeds);
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException("a prediction needs at least one simulated seed (model " + model + ")");
    }
  }

  @JsonIgnore
  public int collapsed() {
    return (int) seeds.stream().filter(RunFate::collapsed).count();
  }

  /** The share of simulated seeds that collapsed: the model's probability that a recording collapses. */
  @JsonIgnore
  public double pCollapse() {
    return (double) collapsed() / seeds.size();
  }
}
