package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * {@link RunMetrics} as the files hold it, read: one flat object, every field required (the sweep's rows and the run
 * records hold it so). Turned into the record's parts at the edge; the record writes itself the same way from its flat
 * accessors.
 */
record RunMetricsJson(
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

  RunMetrics metrics() {
    return RunMetrics.builder().submitted(submitted).admitted(admitted).refused(refused).met(met).late(late)
        .metShare(metShare).retries(retries).spawns(spawns).processesPerTask(processesPerTask).cpuUsefulS(cpuUsefulS)
        .cpuSpawnS(cpuSpawnS).cpuKilledS(cpuKilledS).peakMemoryMb(peakMemoryMb).oomKills(oomKills)
        .workersKilled(workersKilled).imagesDone(imagesDone).imagesDead(imagesDead).latenessP50S(latenessP50S)
        .latenessP99S(latenessP99S).meanResponseS(meanResponseS).build();
  }
}
