package helperlab.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.file.Path;
import java.util.List;

/**
 * A machine: its CPU quota in cores, memory limit (0 = none) and process ceiling, plus optional
 * overrides of the calibration's machine constants (a plain queue sets contention, spawn, warm-up
 * and memory to zero). {@code speed} is how fast it resizes relative to the calibrated server.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MachineSpec(
    @JsonProperty(required = true) String name,
    @JsonProperty(required = true) double cores,
    @JsonProperty(value = "memory_mb", required = true) double memoryMb,
    @JsonProperty("max_processes") Integer maxProcesses,
    @JsonProperty("speed") Double speed,
    @JsonProperty("contention") Double contention,
    @JsonProperty("spawn_cpu_ms") Double spawnCpuMs,
    @JsonProperty("warmup_cpu_ms") Double warmupCpuMs,
    @JsonProperty("worker_private_mb") Double workerPrivateMb,
    @JsonProperty("worker_shared_mb") Double workerSharedMb,
    @JsonProperty("image_mb_per_mp") Double imageMbPerMp,
    @JsonProperty("worker_budget") Integer workerBudget) {

  public static final List<String> BUILT_IN = List.of("small", "cage", "large");
  private static final int DEFAULT_MAX_PROCESSES = 64;

  public MachineSpec {
    Check.name("name", name);
    Check.positive("cores", cores);
    Check.nonNegative("memory_mb", memoryMb);
    if (maxProcesses != null && (maxProcesses < 1 || maxProcesses > 100_000)) {
      throw new IllegalArgumentException("max_processes must be between 1 and 100000, got " + maxProcesses);
    }
    if (speed != null) {
      Check.positive("speed", speed);
    }
    optionalNonNegative("contention", contention);
    optionalNonNegative("spawn_cpu_ms", spawnCpuMs);
    optionalNonNegative("warmup_cpu_ms", warmupCpuMs);
    optionalNonNegative("worker_private_mb", workerPrivateMb);
    optionalNonNegative("worker_shared_mb", workerSharedMb);
    optionalNonNegative("image_mb_per_mp", imageMbPerMp);
    if (workerBudget != null && workerBudget < 1) {
      throw new IllegalArgumentException("worker_budget must be at least 1, got " + workerBudget);
    }
  }

  private static void optionalNonNegative(String field, Double value) {
    if (value != null) {
      Check.nonNegative(field, value);
    }
  }

  /** A machine with just a quota and a memory limit; everything else from the calibration. */
  public static MachineSpec of(String name, double cores, double memoryMb) {
    return builder().name(name).cores(cores).memoryMb(memoryMb).build();
  }

  /** small (1 core, 1 GiB), cage (1.5 cores, 2 GiB) or large (4 cores, 8 GiB). */
  public static MachineSpec builtIn(String name) {
    if (!BUILT_IN.contains(name)) {
      throw new IllegalArgumentException("unknown machine '" + name + "'; built in: "
          + String.join(", ", BUILT_IN) + " (or give a path to a machine JSON file)");
    }
    return DataFile.resource(MachineSpec.class, "machine-" + name + ".json", MachineSpec.class);
  }

  /** A built-in name, or a path to a JSON file. */
  public static MachineSpec named(String nameOrFile) {
    if (BUILT_IN.contains(nameOrFile)) {
      return builtIn(nameOrFile);
    }
    if (nameOrFile.endsWith(".json")) {
      return DataFile.read(Path.of(nameOrFile), MachineSpec.class);
    }
    return builtIn(nameOrFile);
  }

  /**
   * What this machine is to its arrivals, without its name: its cores and speed, the only parameters the
   * arrival rate depends on. Two files of the same machine under different names, or differing only in
   * memory or process ceiling, key the same random streams, so they face the same batches.
   */
  public String arrivalIdentity() {
    return "cores=" + cores + "|speed=" + speedOrDefault();
  }

  public int maxProcessesOrDefault() {
    return maxProcesses == null ? DEFAULT_MAX_PROCESSES : maxProcesses;
  }

  public double speedOrDefault() {
    return speed == null ? 1.0 : speed;
  }

  /** Whether this machine sets its own contention penalty. */
  public boolean hasContention() {
    return contention != null;
  }

  public double contention(Calibration c) {
    return contention == null ? c.contention() : contention;
  }

  public double spawnCpuS(Calibration c) {
    return (spawnCpuMs == null ? c.spawnCpuMs() : spawnCpuMs) / 1000.0;
  }

  public double warmupCpuS(Calibration c) {
    return (warmupCpuMs == null ? c.warmupCpuMs() : warmupCpuMs) / 1000.0;
  }

  public double workerPrivateMb(Calibration c) {
    return workerPrivateMb == null ? c.workerPrivateMb() : workerPrivateMb;
  }

  public double workerSharedMb(Calibration c) {
    return workerSharedMb == null ? c.workerSharedMb() : workerSharedMb;
  }

  /** Whether this machine sets its own memory per megapixel (then it holds for every image, curve or not). */
  public boolean hasImageMbPerMp() {
    return imageMbPerMp != null;
  }

  public double imageMbPerMp(Calibration c) {
    return imageMbPerMp == null ? c.imageMbPerMp() : imageMbPerMp;
  }

  public boolean hasMemoryLimit() {
    return memoryMb > 0;
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
   * Builds a {@link MachineSpec} field by field, each named where it is set, so a mis-ordered argument does not compile
   * and a field left out is left out by name; {@link #build()} checks the record as its constructor does.
   */
  public static final class Builder {
    private String name;
    private double cores;
    private double memoryMb;
    private Integer maxProcesses;
    private Double speed;
    private Double contention;
    private Double spawnCpuMs;
    private Double warmupCpuMs;
    private Double workerPrivateMb;
    private Double workerSharedMb;
    private Double imageMbPerMp;
    private Integer workerBudget;

    Builder() {
    }

    Builder(MachineSpec r) {
      name = r.name();
      cores = r.cores();
      memoryMb = r.memoryMb();
      maxProcesses = r.maxProcesses();
      speed = r.speed();
      contention = r.contention();
      spawnCpuMs = r.spawnCpuMs();
      warmupCpuMs = r.warmupCpuMs();
      workerPrivateMb = r.workerPrivateMb();
      workerSharedMb = r.workerSharedMb();
      imageMbPerMp = r.imageMbPerMp();
      workerBudget = r.workerBudget();
    }

    public Builder name(String value) {
      name = value;
      return this;
    }

    public Builder cores(double value) {
      cores = value;
      return this;
    }

    public Builder memoryMb(double value) {
      memoryMb = value;
      return this;
    }

    public Builder maxProcesses(Integer value) {
      maxProcesses = value;
      return this;
    }

    public Builder speed(Double value) {
      speed = value;
      return this;
    }

    public Builder contention(Double value) {
      contention = value;
      return this;
    }

    public Builder spawnCpuMs(Double value) {
      spawnCpuMs = value;
      return this;
    }

    public Builder warmupCpuMs(Double value) {
      warmupCpuMs = value;
      return this;
    }

    public Builder workerPrivateMb(Double value) {
      workerPrivateMb = value;
      return this;
    }

    public Builder workerSharedMb(Double value) {
      workerSharedMb = value;
      return this;
    }

    public Builder imageMbPerMp(Double value) {
      imageMbPerMp = value;
      return this;
    }

    public Builder workerBudget(Integer value) {
      workerBudget = value;
      return this;
    }

    public MachineSpec build() {
      return new MachineSpec(name, cores, memoryMb, maxProcesses, speed, contention, spawnCpuMs, warmupCpuMs,
          workerPrivateMb, workerSharedMb, imageMbPerMp, workerBudget);
    }
  }
}
