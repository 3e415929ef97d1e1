package helperlab.charts;

import helperlab.model.RunRecord;

/**
 * A run as the charts draw it: a label for legends, its samples, and the machine's memory limit
 * (MB, 0 when none) for the memory chart's limit line.
 */
public record PlottedRun(String label, SampleTable samples, double memoryLimitMb) {
  public PlottedRun {
    if (label == null || label.isBlank()) {
      throw new IllegalArgumentException("a plotted run needs a label");
    }
    if (samples == null) {
      throw new IllegalArgumentException("a plotted run needs samples");
    }
  }

  public static PlottedRun of(RunRecord r) {
    return new PlottedRun(label(r), new RecordedSamples(r.samples()), r.machine().memoryMb());
  }

  /**
   * Where a run's data end: its last sample or event (a run stopped part-way ends there, not at its
   * scenario's length); the scenario's length if it has neither.
   */
  public static double dataEnd(RunRecord r) {
    double end = 0;
    if (r.samples().size() > 0) {
      end = r.samples().t()[r.samples().size() - 1];
    }
    if (!r.events().isEmpty()) {
      end = Math.max(end, r.events().get(r.events().size() - 1).t());
    }
    return end > 0 ? end : r.durationS();
  }

  /** A short label: policy, kind when not simulated, seed. e.g. {@code pool-edf-10 s3}, {@code box real s0}. */
  public static String label(RunRecord r) {
    String kind = RunRecord.KIND_SIM.equals(r.kind()) ? "" : " " + r.kind();
    return r.policy() + kind + " s" + r.seed();
  }
}
