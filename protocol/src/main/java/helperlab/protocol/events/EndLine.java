package helperlab.protocol.events;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A run's last stream entry (type {@link #TYPE}): how it ended. {@code interrupted} is there only for a run a crash
 * cut short (closed by the next cage); {@code metrics} is the model's {@code RunMetrics} as JSON, which owns its fields.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record EndLine(
    @JsonProperty("run") String run,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("interrupted") Boolean interrupted,
    @JsonProperty("metrics") JsonNode metrics) {
  /** The stream entry type of a run's end. */
  public static final String TYPE = "end";
}
