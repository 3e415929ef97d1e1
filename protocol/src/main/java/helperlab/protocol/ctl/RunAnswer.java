package helperlab.protocol.ctl;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/** The answer to {@code run}: the run's whole record (the model's {@code RunRecord} as JSON, which owns its fields). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunAnswer(
    @JsonProperty("ok") boolean ok,
    @JsonProperty("record") JsonNode record) {}
