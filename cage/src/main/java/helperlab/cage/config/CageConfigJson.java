package helperlab.cage.config;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * {@link CageConfig} as its file and flags say it: one flat object of the fields a cage is told, in this order.
 * Turned into the record's parts at the edge ({@link CageConfig}'s creator), where the parts check their values;
 * it names nothing of the record, so the two are not a circle.
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
    @JsonProperty("admission_cold_start") boolean admissionColdStart) {}
