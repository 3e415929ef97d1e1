package helperlab.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * How a run came back from its trigger. {@code recoveryS} counts from the trigger's end until the
 * sliding-window deadline-met share and queue are back within the band of the pre-trigger baseline
 * (and stay there for the hold time); null when they were not back by the end of the scenario's
 * arrivals, and then the run is {@code metastable}. The amplification is per phase: before the
 * trigger (the baseline), during it, and in the ten minutes after. {@code tippedAtS} is when the run tipped
 * over ({@link Tipping}; null when it never did or was not judged); a run that was {@code downBeforeTrigger} has
 * no recovery and is not metastable: it had nothing to come back to; its {@code tippedAtS} is when the spell it was
 * in began, and {@code neverHealthy} says that spell was its first state (it never stood, so it did not fall).
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"recovery_s", "metastable", "down_before_trigger", "tipped_at_s", "never_healthy", "baseline_met_share",
    "baseline_queue", "before", "during", "after"})
public record Recovery(
    @JsonProperty("recovery_s") Double recoveryS,
    @JsonProperty("metastable") boolean metastable,
    @JsonProperty("baseline_met_share") double baselineMetShare,
    @JsonProperty("baseline_queue") double baselineQueue,
    @JsonProperty("before") Amplification before,
    @JsonProperty("during") Amplification during,
    @JsonProperty("after") Amplification after,
    @JsonProperty("down_before_trigger") boolean downBeforeTrigger,
    @JsonProperty("tipped_at_s") Double tippedAtS,
    @JsonProperty("never_healthy") boolean neverHealthy) {

  public Recovery {
    if (downBeforeTrigger && (recoveryS != null || metastable)) {
      throw new IllegalArgumentException("a run down before its trigger has no recovery and is not metastable");
    }
  }

  /** A recovery with the run's tipping not judged. */
  public Recovery(Double recoveryS, boolean metastable, double baselineMetShare, double baselineQueue,
      Amplification before, Amplification during, Amplification after) {
    this(recoveryS, metastable, baselineMetShare, baselineQueue, before, during, after, false, null, false);
  }

  /** A recovery judged by a criterion that had no "never healthy" (records before issue 43). */
  public Recovery(Double recoveryS, boolean metastable, double baselineMetShare, double baselineQueue,
      Amplification before, Amplification during, Amplification after, boolean downBeforeTrigger, Double tippedAtS) {
    this(recoveryS, metastable, baselineMetShare, baselineQueue, before, during, after, downBeforeTrigger, tippedAtS,
        false);
  }

  /**
   * Work done per task admitted in a phase: processes spawned and client retries sent per admitted
   * task, and the mean number of live processes.
   */
  @JsonPropertyOrder({"admitted", "spawns_per_task", "retries_per_task", "mean_processes"})
  public record Amplification(
      @JsonProperty("admitted") int admitted,
      @JsonProperty("spawns_per_task") double spawnsPerTask,
      @JsonProperty("retries_per_task") double retriesPerTask,
      @JsonProperty("mean_processes") double meanProcesses) {}

  /** The recovery time, or {@code ifMetastable} when there was none. */
  public double recoveryOr(double ifMetastable) {
    return recoveryS == null ? ifMetastable : recoveryS;
  }
}
