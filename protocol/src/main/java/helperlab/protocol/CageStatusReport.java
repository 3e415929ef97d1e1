package helperlab.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The cage's answer to {@code ctl status}, as the cage writes it and the lab reads it: one declaration of its fields
 * for both sides, so a field renamed on one breaks the other's compile (or {@code CageStatusReportTest}), never a
 * screen at run time. Fields a cage sends that a reader does not know are skipped (an older lab reads a newer cage);
 * fields it does not send read as null, zero or false (a newer lab reads an older cage). {@code interference} is the
 * model's {@code Interference} as JSON, which owns its own fields.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CageStatusReport(
    @JsonProperty("ok") boolean ok,
    @JsonProperty("pid") long pid,
    @JsonProperty("data") String data,
    @JsonProperty("policy") String policy,
    @JsonProperty("admission") String admission,
    @JsonProperty("run") Run run,
    @JsonProperty("budget") Budget budget,
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("admission_capacity") AdmissionPlan admissionCapacity,
    @JsonProperty("limits") Limits limits,
    @JsonProperty("capped") boolean capped,
    @JsonProperty("cage") String cage,
    /** Below 1 while an exhibit's slowdown holds the CPU cap lower; absent when the CPU is not capped. */
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("cpu_share") Double cpuShare,
    @JsonProperty("max_processes") int maxProcesses,
    @JsonProperty("processes") int processes,
    @JsonProperty("deferred_spawns") int deferredSpawns,
    @JsonProperty("workers") List<Worker> workers,
    @JsonProperty("queue") int queue,
    @JsonProperty("unfinished_batches") int unfinishedBatches,
    @JsonProperty("breaker") Breaker breaker,
    @JsonProperty("postgres") Postgres postgres,
    @JsonProperty("storage") Storage storage,
    @JsonProperty("lease") Lease lease,
    @JsonProperty("redis") Redis redis,
    @JsonProperty("cds") String cds,
    @JsonProperty("samples") String samples,
    @JsonProperty("calibration") String calibration,
    @JsonProperty("calibrated") boolean calibrated,
    @JsonProperty("calibration_check") CalibrationCheck calibrationCheck,
    @JsonProperty("watchdog_memory_limit_mb") double watchdogMemoryLimitMb) {

  public CageStatusReport {
    workers = workers == null ? List.of() : List.copyOf(workers);
  }

  /** The same answer with the services' part replaced (asked again off the loop). */
  public CageStatusReport withServices(Postgres postgres, Redis redis) {
    return new CageStatusReport(ok, pid, data, policy, admission, run, budget, admissionCapacity, limits, capped, cage,
        cpuShare, maxProcesses, processes, deferredSpawns, workers, queue, unfinishedBatches, breaker, postgres,
        storage, lease, redis, cds, samples, calibration, calibrated, calibrationCheck, watchdogMemoryLimitMb);
  }

  /** The run on now; an exhibit's scenario, seed and end are absent for a live run, {@code starved} when not so. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Run(
      @JsonProperty("id") String id,
      @JsonProperty("kind") String kind,
      @JsonProperty("started_at") String startedAt,
      @JsonProperty("t") double t,
      @JsonProperty("interference") JsonNode interference,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("starved") String starved,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("scenario") String scenario,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("seed") Long seed,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("stops_at_s") Double stopsAtS) {}

  /** The worker budget and what limits it. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Budget(
      @JsonProperty("workers") int workers,
      @JsonProperty("by_cpu") int byCpu,
      @JsonProperty("by_memory") int byMemory,
      @JsonProperty("reason") String reason,
      @JsonProperty("per_worker_mb") double perWorkerMb,
      @JsonProperty("capacity_cores") double capacityCores) {}

  /** What the run's admission plans on; {@code exhibit} says why an exhibit plans on the nominal capacity. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record AdmissionPlan(
      @JsonProperty("planned_cores") double plannedCores,
      @JsonProperty("nominal_cores") double nominalCores,
      @JsonProperty("calibrated") boolean calibrated,
      @JsonProperty("calibration_error") Double calibrationError,
      @JsonProperty("cpu_share") Double cpuShare,
      /** False while the share is a stand-in (the previous run's, the run queue's) until measured. */
      @JsonProperty("share_measured") boolean shareMeasured,
      @JsonProperty("previous_run_share") Double previousRunShare,
      @JsonProperty("window_s") double windowS,
      @JsonProperty("why") String why,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("cold_start") String coldStart,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("exhibit") String exhibit) {}

  /** The cgroup limits the cage runs under and where each was found. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Limits(
      @JsonProperty("cpus") double cpus,
      @JsonProperty("cpus_from") String cpusFrom,
      @JsonProperty("memory_bytes") long memoryBytes,
      @JsonProperty("memory_from") String memoryFrom,
      @JsonProperty("cgroup_version") String cgroupVersion,
      @JsonProperty("candidates") List<Candidate> candidates) {}

  /** One limit found on the way (a cgroup file, the configuration, the machine). */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Candidate(
      @JsonProperty("what") String what,
      @JsonProperty("value") double value,
      @JsonProperty("source") String source) {}

  /** A worker process; {@code image} is the one in flight, -1 when idle. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Worker(
      @JsonProperty("id") int id,
      @JsonProperty("pid") long pid,
      @JsonProperty("phase") String phase,
      @JsonProperty("task") int task,
      @JsonProperty("image") int image,
      @JsonProperty("rss_mb") double rssMb,
      /** The host's storage failed its image: it waits with it. */
      @JsonProperty("waits_for_host") boolean waitsForHost) {}

  /** The restart breaker. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Breaker(
      @JsonProperty("open") boolean open,
      @JsonProperty("trips") int trips,
      @JsonProperty("limit") int limit,
      @JsonProperty("window_s") double windowS) {}

  /**
   * PostgreSQL as the checkpointer sees it; {@code checkpointing} is what the loop saw, {@code up} may be newer (asked
   * again when the loop saw it down), and then {@code catching_up} is true.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Postgres(
      @JsonProperty("url") String url,
      @JsonProperty("up") boolean up,
      @JsonProperty("backlog") long backlog,
      @JsonProperty("error") String error,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("checkpointing") Boolean checkpointing,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("catching_up") Boolean catchingUp) {}

  /** Redis as the stream sees it; {@code streaming} and {@code catching_up} as for PostgreSQL. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Redis(
      @JsonProperty("up") boolean up,
      @JsonProperty("pending") long pending,
      @JsonProperty("error") String error,
      @JsonProperty("stream") String stream,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("streaming") Boolean streaming,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("catching_up") Boolean catchingUp) {}

  /** The host's storage where the cage writes: paused while it fails (the last failure kept), each place's room. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Storage(
      @JsonProperty("ok") boolean ok,
      @JsonProperty("paused") boolean paused,
      @JsonProperty("pauses") long pauses,
      @JsonProperty("last_error") StorageError lastError,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("retry_in_s") Double retryInS,
      @JsonProperty("places") List<Place> places) {
    public Storage {
      places = places == null ? List.of() : List.copyOf(places);
    }
  }

  /** A failure of the host's storage: errno, why, where, what was being written, when. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record StorageError(
      @JsonProperty("errno") String errno,
      @JsonProperty("reason") String reason,
      @JsonProperty("path") String path,
      @JsonProperty("what") String what,
      @JsonProperty("at") String at) {}

  /** A place the cage writes, with its free room ({@code free_mb} -1 when it cannot be read). */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Place(
      @JsonProperty("name") String name,
      @JsonProperty("path") String path,
      @JsonProperty("free_bytes") long freeBytes,
      @JsonProperty("free_mb") double freeMb) {}

  /** The cage's hold on its identity: held, retaking (its session died; writes still fenced) or lost. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Lease(
      @JsonProperty("state") String state,
      @JsonProperty("identity") String identity,
      @JsonProperty("epoch") long epoch,
      @JsonProperty("since") String since,
      @JsonProperty("why") String why) {}

  /** Whether the calibration in use was checked for a steady host, and its doubts. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record CalibrationCheck(
      @JsonProperty("checked") boolean checked,
      @JsonProperty("doubtful") boolean doubtful,
      @JsonProperty("doubts") List<String> doubts,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("at") String at) {
    public CalibrationCheck {
      doubts = doubts == null ? List.of() : List.copyOf(doubts);
    }
  }
}
