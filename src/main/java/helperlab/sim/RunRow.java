package helperlab.sim;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import helperlab.model.RunMetrics;

/** One line of a sweep's runs.jsonl: which run, and its metrics. */
@JsonPropertyOrder({"scenario", "policy", "machine", "seed", "admission"})
public record RunRow(
    @JsonProperty("scenario") String scenario,
    @JsonProperty("policy") String policy,
    @JsonProperty("machine") String machine,
    @JsonProperty("seed") long seed,
    @JsonProperty("admission") String admission,
    @JsonUnwrapped RunMetrics metrics) {}
