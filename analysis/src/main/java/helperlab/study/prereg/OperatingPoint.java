package helperlab.study.prereg;

import com.fasterxml.jackson.annotation.JsonProperty;
import helperlab.workload.ScenarioSpec;
import java.util.Locale;

/**
 * What a registered point runs: a policy, a built-in scenario's mix and an offered load (a share of the machine's
 * capacity on the calibration the cage runs with), cut to the exhibit; no trigger (the second registration tests
 * where calling for help tips a server by itself).
 */
public record OperatingPoint(
    @JsonProperty("policy") String policy,
    @JsonProperty("scenario") String scenario,
    @JsonProperty("offered_load") double offeredLoad) {

  public OperatingPoint {
    if (policy == null || policy.isBlank()) {
      throw new IllegalArgumentException("an operating point needs a policy");
    }
    if (scenario == null || scenario.isBlank()) {
      throw new IllegalArgumentException("an operating point needs a scenario");
    }
    if (!(offeredLoad > 0)) {
      throw new IllegalArgumentException("an operating point's offered_load must be > 0, got " + offeredLoad);
    }
  }

  /** The point's arrivals: the scenario's mix at the point's load, cut to {@code exhibitS}. */
  public ScenarioSpec spec(double exhibitS) {
    return ScenarioSpec.builtIn(scenario).withLoad(offeredLoad).withDuration(exhibitS);
  }

  /** e.g. "box on calm at 0.3". */
  public String words() {
    return String.format(Locale.ROOT, "%s on %s at %s", policy, scenario, offeredLoad);
  }
}
