package helperlab.charts;

import helperlab.model.Samples;

/** A recorded run's samples as a {@link SampleTable}. */
public final class RecordedSamples implements SampleTable {
  private final Samples s;

  public RecordedSamples(Samples samples) {
    this.s = samples;
  }

  public Samples samples() {
    return s;
  }

  @Override
  public int size() {
    return s.size();
  }

  @Override
  public double t(int i) {
    return s.t()[i];
  }

  @Override
  public double get(Column c, int i) {
    return switch (c) {
      case WORKERS -> s.workers()[i];
      case BUSY -> s.busy()[i];
      case QUEUE -> s.queue()[i];
      case MEMORY_MB -> s.memoryMb()[i];
      case CPU_USEFUL_S -> s.cpuUsefulS()[i];
      case CPU_SPAWN_S -> s.cpuSpawnS()[i];
      case CPU_KILLED_S -> s.cpuKilledS()[i];
      case SPAWNS -> s.spawns()[i];
      case MET -> s.met()[i];
      case LATE -> s.late()[i];
      case REFUSED -> s.refused()[i];
    };
  }
}
