package helperlab.protocol.ctl;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The answer to {@code exhibit} at once: the run it opened and what it plays. {@code trigger}, {@code calibration}
 * and {@code played} (the tasks) are the model's JSON, which owns their fields; an older cage sends no {@code played},
 * {@code calibration} or {@code speed_probe_ms}, which then read as null.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ExhibitStarted(
    @JsonProperty("ok") boolean ok,
    @JsonProperty("run") String run,
    @JsonProperty("policy") String policy,
    @JsonProperty("scenario") String scenario,
    @JsonProperty("offered_load") Double offeredLoad,
    @JsonProperty("seed") long seed,
    @JsonProperty("tasks") int tasks,
    @JsonProperty("duration_s") double durationS,
    @JsonProperty("stops_by_s") double stopsByS,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("trigger") JsonNode trigger,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("calibration") JsonNode calibration,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("played") JsonNode played,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("speed_probe_ms") Double speedProbeMs) {}
