package helperlab.cage.config;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * {@link CageConfig} as its file and flags say it: one flat object of the fields a cage is told, in this order.
 * Turned into the record's parts at the edge, where the parts check their values.
 */
record CageConfigJson(
    @JsonProperty(value = "data", required = true) String data,
    @JsonProperty("port") int port,
    @JsonProperty("bind") String bind,
    @JsonProperty("policy") String policy,
    @JsonProperty("admission") String admission,
    @JsonProperty("cpus") double cpus,
    @JsonProperty("memory") String memory,
    @JsonProperty("max_processes") int maxProcesses,
    @JsonProperty("pg_url") String pgUrl,
    @JsonProperty("redis_url") String redisUrl,
    @JsonProperty("redis_prefix") String redisPrefix,
    @JsonProperty("calibration") String calibration,
    @JsonProperty("samples") String samples,
    @JsonProperty("max_batch_images") int maxBatchImages,
    @JsonProperty("max_pixels") long maxPixels,
    @JsonProperty("heartbeat_timeout_s") double heartbeatTimeoutS,
    @JsonProperty("spawn_timeout_s") double spawnTimeoutS,
    @JsonProperty("overrun_factor") double overrunFactor,
    @JsonProperty("overrun_grace_s") double overrunGraceS,
    @JsonProperty("worker_memory_limit_mb") double workerMemoryLimitMb,
    @JsonProperty("worker_heap_mb") int workerHeapMb,
    @JsonProperty("restart_limit") int restartLimit,
    @JsonProperty("restart_window_s") double restartWindowS,
    @JsonProperty("checkpoint_s") double checkpointS,
    @JsonProperty("sample_s") double sampleS,
    @JsonProperty("cgroup") String cgroup,
    @JsonProperty("cds") String cds,
    @JsonProperty("cage_id") String cageId,
    @JsonProperty("admission_follows_host") boolean admissionFollowsHost,
    @JsonProperty("admission_cold_start") boolean admissionColdStart) {

  static CageConfigJson of(CageConfig c) {
    CageConfig.Home h = c.home();
    CageConfig.Intake i = c.intake();
    CageConfig.Scheduling s = c.scheduling();
    CageConfig.Limits l = c.limits();
    CageConfig.Services v = c.services();
    CageConfig.Timeouts w = c.timeouts();
    CageConfig.Cadence k = c.cadence();
    return new CageConfigJson(h.data(), i.port(), i.bind(), s.policy(), s.admission(), l.cpus(), l.memory(),
        l.maxProcesses(), v.pgUrl(), v.redisUrl(), v.redisPrefix(), h.calibration(), h.samples(), i.maxBatchImages(),
        i.maxPixels(), w.heartbeatTimeoutS(), w.spawnTimeoutS(), w.overrunFactor(), w.overrunGraceS(),
        l.workerMemoryLimitMb(), l.workerHeapMb(), w.restartLimit(), w.restartWindowS(), k.checkpointS(), k.sampleS(),
        l.cgroup(), l.cds(), h.cageId(), s.admissionFollowsHost(), s.admissionColdStart());
  }

  CageConfig config() {
    return new CageConfig(new CageConfig.Home(data, samples, calibration, cageId),
        new CageConfig.Intake(port, bind, maxBatchImages, maxPixels),
        new CageConfig.Scheduling(policy, admission, admissionFollowsHost, admissionColdStart),
        new CageConfig.Limits(cpus, memory, maxProcesses, workerMemoryLimitMb, workerHeapMb, cgroup, cds),
        new CageConfig.Services(pgUrl, redisUrl, redisPrefix),
        new CageConfig.Timeouts(heartbeatTimeoutS, spawnTimeoutS, overrunFactor, overrunGraceS, restartLimit,
            restartWindowS),
        new CageConfig.Cadence(checkpointS, sampleS));
  }
}
