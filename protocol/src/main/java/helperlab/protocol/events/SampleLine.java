package helperlab.protocol.events;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A run's sample as its stream carries it (an entry of type {@link #TYPE}): the levels at {@code t}, and the running
 * totals at that moment ({@code refused}: the batches turned away).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SampleLine(
    @JsonProperty("t") double t,
    @JsonProperty("workers") int workers,
    @JsonProperty("busy") int busy,
    @JsonProperty("queue") int queue,
    @JsonProperty("memory_mb") double memoryMb,
    @JsonProperty("cpu_useful_s") double cpuUsefulS,
    @JsonProperty("cpu_spawn_s") double cpuSpawnS,
    @JsonProperty("cpu_killed_s") double cpuKilledS,
    @JsonProperty("spawns") int spawns,
    @JsonProperty("met") int met,
    @JsonProperty("late") int late,
    @JsonProperty("refused") int refused) {
  /** The stream entry type of a sample. */
  public static final String TYPE = "sample";
}
