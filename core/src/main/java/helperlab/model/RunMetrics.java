package helperlab.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * The numbers one run is judged by, in five parts: the client's tasks (a retry copy is not a new task), the
 * processes spent on them, the CPU (split into useful work, spawning, that is start-up and warm-up, and killed or
 * wasted work), the images, and the timing. On disk the numbers are one flat object, its fields and their order
 * those of every file written so far: written from the flat accessors ({@link #metShare()} is {@code
 * tasks().metShare()}), read through {@link RunMetricsJson}.
 */
@JsonPropertyOrder({"submitted", "admitted", "refused", "met", "late", "met_share", "retries", "spawns",
    "processes_per_task", "cpu_useful_s", "cpu_spawn_s", "cpu_killed_s", "peak_memory_mb", "oom_kills",
    "workers_killed", "images_done", "images_dead", "lateness_p50_s", "lateness_p99_s", "mean_response_s"})
public record RunMetrics(@JsonIgnore Tasks tasks, @JsonIgnore Processes processes, @JsonIgnore Cpu cpu,
    @JsonIgnore Images images, @JsonIgnore Timing timing) {

  /** The client's tasks: offered, taken, turned away, and of those taken, done in time or late. */
  public record Tasks(int submitted, int admitted, int refused, int met, int late, double metShare) {
  }

  /** The worker processes: started, retries of lost work, per task, killed by the watchdog or the kernel, memory. */
  public record Processes(int spawns, int retries, double processesPerTask, int workersKilled, int oomKills,
      double peakMemoryMb) {
  }

  /** CPU seconds: useful work, spawning, and work killed or wasted. */
  public record Cpu(double usefulS, double spawnS, double killedS) {
    public double totalS() {
      return usefulS + spawnS + killedS;
    }
  }

  /** Images resized, and images given up on (dead letters). */
  public record Images(int done, int dead) {
  }

  /** How late the late tasks were (median, 99th percentile) and the mean response. */
  public record Timing(double latenessP50S, double latenessP99S, double meanResponseS) {
  }

  public RunMetrics {
    Objects.requireNonNull(tasks, "tasks");
    Objects.requireNonNull(processes, "processes");
    Objects.requireNonNull(cpu, "cpu");
    Objects.requireNonNull(images, "images");
    Objects.requireNonNull(timing, "timing");
  }

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static RunMetrics fromJson(RunMetricsJson flat) {
    return flat.metrics();
  }

  public double cpuTotalS() {
    return cpu.totalS();
  }

  /** Share of all CPU spent on spawning and on killed or wasted work. */
  public double overheadShare() {
    double total = cpuTotalS();
    return total > 0 ? (cpu.spawnS() + cpu.killedS()) / total : 0;
  }

  public double refusedShare() {
    return tasks.submitted() > 0 ? (double) tasks.refused() / tasks.submitted() : 0;
  }

  // The flat accessors, one per number as the files name them, so a reader of one number need not know its part; they
  // are what is written, a bean's properties (not a @JsonValue), so a sweep's row can still unwrap the metrics into
  // its own line (RunRow's @JsonUnwrapped).

  @JsonProperty("submitted")
  public int submitted() {
    return tasks.submitted();
  }

  @JsonProperty("admitted")
  public int admitted() {
    return tasks.admitted();
  }

  @JsonProperty("refused")
  public int refused() {
    return tasks.refused();
  }

  @JsonProperty("met")
  public int met() {
    return tasks.met();
  }

  @JsonProperty("late")
  public int late() {
    return tasks.late();
  }

  @JsonProperty("met_share")
  public double metShare() {
    return tasks.metShare();
  }

  @JsonProperty("retries")
  public int retries() {
    return processes.retries();
  }

  @JsonProperty("spawns")
  public int spawns() {
    return processes.spawns();
  }

  @JsonProperty("processes_per_task")
  public double processesPerTask() {
    return processes.processesPerTask();
  }

  @JsonProperty("cpu_useful_s")
  public double cpuUsefulS() {
    return cpu.usefulS();
  }

  @JsonProperty("cpu_spawn_s")
  public double cpuSpawnS() {
    return cpu.spawnS();
  }

  @JsonProperty("cpu_killed_s")
  public double cpuKilledS() {
    return cpu.killedS();
  }

  @JsonProperty("peak_memory_mb")
  public double peakMemoryMb() {
    return processes.peakMemoryMb();
  }

  @JsonProperty("oom_kills")
  public int oomKills() {
    return processes.oomKills();
  }

  @JsonProperty("workers_killed")
  public int workersKilled() {
    return processes.workersKilled();
  }

  @JsonProperty("images_done")
  public int imagesDone() {
    return images.done();
  }

  @JsonProperty("images_dead")
  public int imagesDead() {
    return images.dead();
  }

  @JsonProperty("lateness_p50_s")
  public double latenessP50S() {
    return timing.latenessP50S();
  }

  @JsonProperty("lateness_p99_s")
  public double latenessP99S() {
    return timing.latenessP99S();
  }

  @JsonProperty("mean_response_s")
  public double meanResponseS() {
    return timing.meanResponseS();
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
      return new RunMetrics(new Tasks(submitted, admitted, refused, met, late, metShare),
          new Processes(spawns, retries, processesPerTask, workersKilled, oomKills, peakMemoryMb),
          new Cpu(cpuUsefulS, cpuSpawnS, cpuKilledS), new Images(imagesDone, imagesDead),
          new Timing(latenessP50S, latenessP99S, meanResponseS));
    }
  }
}
