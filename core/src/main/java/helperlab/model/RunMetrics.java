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
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** An empty builder: every field named where it is set. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds a {@link RunMetrics} field by field, each named where it is set, so a mis-ordered argument does not compile
   * and a field left out is left out by name; {@link #build()} checks the record as its constructor does.
   */
  public static final class Builder {
    private int submitted;
    private int admitted;
    private int refused;
    private int met;
    private int late;
    private double metShare;
    private int retries;
    private int spawns;
    private double processesPerTask;
    private double cpuUsefulS;
    private double cpuSpawnS;
    private double cpuKilledS;
    private double peakMemoryMb;
    private int oomKills;
    private int workersKilled;
    private int imagesDone;
    private int imagesDead;
    private double latenessP50S;
    private double latenessP99S;
    private double meanResponseS;

    Builder() {
    }

    Builder(RunMetrics r) {
      submitted = r.submitted();
      admitted = r.admitted();
      refused = r.refused();
      met = r.met();
      late = r.late();
      metShare = r.metShare();
      retries = r.retries();
      spawns = r.spawns();
      processesPerTask = r.processesPerTask();
      cpuUsefulS = r.cpuUsefulS();
      cpuSpawnS = r.cpuSpawnS();
      cpuKilledS = r.cpuKilledS();
      peakMemoryMb = r.peakMemoryMb();
      oomKills = r.oomKills();
      workersKilled = r.workersKilled();
      imagesDone = r.imagesDone();
      imagesDead = r.imagesDead();
      latenessP50S = r.latenessP50S();
      latenessP99S = r.latenessP99S();
      meanResponseS = r.meanResponseS();
    }

    public Builder submitted(int value) {
      submitted = value;
      return this;
    }

    public Builder admitted(int value) {
      admitted = value;
      return this;
    }

    public Builder refused(int value) {
      refused = value;
      return this;
    }

    public Builder met(int value) {
      met = value;
      return this;
    }

    public Builder late(int value) {
      late = value;
      return this;
    }

    public Builder metShare(double value) {
      metShare = value;
      return this;
    }

    public Builder retries(int value) {
      retries = value;
      return this;
    }

    public Builder spawns(int value) {
      spawns = value;
      return this;
    }

    public Builder processesPerTask(double value) {
      processesPerTask = value;
      return this;
    }

    public Builder cpuUsefulS(double value) {
      cpuUsefulS = value;
      return this;
    }

    public Builder cpuSpawnS(double value) {
      cpuSpawnS = value;
      return this;
    }

    public Builder cpuKilledS(double value) {
      cpuKilledS = value;
      return this;
    }

    public Builder peakMemoryMb(double value) {
      peakMemoryMb = value;
      return this;
    }

    public Builder oomKills(int value) {
      oomKills = value;
      return this;
    }

    public Builder workersKilled(int value) {
      workersKilled = value;
      return this;
    }

    public Builder imagesDone(int value) {
      imagesDone = value;
      return this;
    }

    public Builder imagesDead(int value) {
      imagesDead = value;
      return this;
    }

    public Builder latenessP50S(double value) {
      latenessP50S = value;
      return this;
    }

    public Builder latenessP99S(double value) {
      latenessP99S = value;
      return this;
    }

    public Builder meanResponseS(double value) {
      meanResponseS = value;
      return this;
    }

    public RunMetrics build() {
      return new RunMetrics(submitted, admitted, refused, met, late, metShare, retries, spawns, processesPerTask,
          cpuUsefulS, cpuSpawnS, cpuKilledS, peakMemoryMb, oomKills, workersKilled, imagesDone, imagesDead,
          latenessP50S, latenessP99S, meanResponseS);
    }
  }
}
