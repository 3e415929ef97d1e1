package helperlab.protocol.events;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A run's event as its stream carries it (an entry of type {@code type}): the fields of the model's {@code RunEvent},
 * in its order, {@code type} its wire name and {@code note} left out when there is none.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record EventLine(
    @JsonProperty("t") double t,
    @JsonProperty("type") String type,
    @JsonProperty("worker") int worker,
    @JsonProperty("task") int task,
    @JsonProperty("image") int image,
    @JsonProperty("value") double value,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("note") String note) {}
