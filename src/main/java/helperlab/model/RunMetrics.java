package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The numbers one run is judged by. Counts are of the client's tasks (a retry copy is not a new
 * task); CPU is split into useful work, spawning (start-up and warm-up) and killed or wasted work.
 */
@JsonPropertyOrder({"submitted", "admitted", "refused", "met", "late", "met_share", "retries", "spawns",
    "processes_per_task", "cpu_useful_s", "cpu_spawn_s", "cpu_killed_s", "peak_memory_mb", "oom_kills",
    "workers_killed", "images_done", "images_dead", "lateness_p50_s", "lateness_p99_s", "mean_response_s"})
public record RunMetrics(
    @JsonProperty(required = true) int submitted,
    @JsonProperty(required = true) int admitted,
    @JsonProperty(required = true) int refused,
    @JsonProperty(required = true) int met,
    @JsonProperty(required = true) int late,
    @JsonProperty(value = "met_share", required = true) double metShare,
    @JsonProperty(required = true) int retries,
    @JsonProperty(required = true) int spawns,
    @JsonProperty(value = "processes_per_task", required = true) double processesPerTask,
    @JsonProperty(value = "cpu_useful_s", required = true) double cpuUsefulS,
    @JsonProperty(value = "cpu_spawn_s", required = true) double cpuSpawnS,
    @JsonProperty(value = "cpu_killed_s", required = true) double cpuKilledS,
    @JsonProperty(value = "peak_memory_mb", required = true) double peakMemoryMb,
    @JsonProperty(value = "oom_kills", required = true) int oomKills,
    @JsonProperty(value = "workers_killed", required = true) int workersKilled,
    @JsonProperty(value = "images_done", required = true) int imagesDone,
    @JsonProperty(value = "images_dead", required = true) int imagesDead,
    @JsonProperty(value = "lateness_p50_s", required = true) double latenessP50S,
    @JsonProperty(value = "lateness_p99_s", required = true) double latenessP99S,
    @JsonProperty(value = "mean_response_s", required = true) double meanResponseS) {

  public double cpuTotalS() {
    return cpuUsefulS + cpuSpawnS + cpuKilledS;
  }

  /** Share of all CPU spent on spawning and on killed or wasted work. */
  public double overheadShare() {
    double total = cpuTotalS();
    return total > 0 ? (cpuSpawnS + cpuKilledS) / total : 0;
  }

  public double refusedShare() {
    return submitted > 0 ? (double) refused / submitted : 0;
  }

  /** A builder holding this record's values: set what differs by name, keep the rest. */
  public RunMetricsBuilder toBuilder() {
    return new RunMetricsBuilder(this);
  }

  /** An empty builder: every field named where it is set. */
  public static RunMetricsBuilder builder() {
    return new RunMetricsBuilder();
  }
}
