package helperlab.model;

/**
 * Builds a {@link MachineSpec} field by field, each named where it is set, so a mis-ordered argument does not compile
 * and a field left out is left out by name; {@link #build()} checks the record as its constructor does.
 */
public final class MachineSpecBuilder {
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

  MachineSpecBuilder() {
  }

  MachineSpecBuilder(MachineSpec r) {
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

  public MachineSpecBuilder name(String value) {
    name = value;
    return this;
  }

  public MachineSpecBuilder cores(double value) {
    cores = value;
    return this;
  }

  public MachineSpecBuilder memoryMb(double value) {
    memoryMb = value;
    return this;
  }

  public MachineSpecBuilder maxProcesses(Integer value) {
    maxProcesses = value;
    return this;
  }

  public MachineSpecBuilder speed(Double value) {
    speed = value;
    return this;
  }

  public MachineSpecBuilder contention(Double value) {
    contention = value;
    return this;
  }

  public MachineSpecBuilder spawnCpuMs(Double value) {
    spawnCpuMs = value;
    return this;
  }

  public MachineSpecBuilder warmupCpuMs(Double value) {
    warmupCpuMs = value;
    return this;
  }

  public MachineSpecBuilder workerPrivateMb(Double value) {
    workerPrivateMb = value;
    return this;
  }

  public MachineSpecBuilder workerSharedMb(Double value) {
    workerSharedMb = value;
    return this;
  }

  public MachineSpecBuilder imageMbPerMp(Double value) {
    imageMbPerMp = value;
    return this;
  }

  public MachineSpecBuilder workerBudget(Integer value) {
    workerBudget = value;
    return this;
  }

  public MachineSpec build() {
    return new MachineSpec(name, cores, memoryMb, maxProcesses, speed, contention, spawnCpuMs, warmupCpuMs,
        workerPrivateMb, workerSharedMb, imageMbPerMp, workerBudget);
  }
}
