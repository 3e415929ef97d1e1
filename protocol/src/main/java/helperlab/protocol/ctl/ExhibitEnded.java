package helperlab.protocol.ctl;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The answer to an {@code exhibit} with {@code wait}, when it has ended: its metrics, and with a trigger the trigger
 * and the recovery from it (the model's JSON, which owns their fields).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ExhibitEnded(
    @JsonProperty("ok") boolean ok,
    @JsonProperty("run") String run,
    @JsonProperty("metrics") JsonNode metrics,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("trigger") JsonNode trigger,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("recovery") JsonNode recovery) {}
