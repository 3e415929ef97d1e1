package helperlab.lab.chart;

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

  /** A short label: policy, kind when not simulated, seed. e.g. {@code pool-edf-10 s3}, {@code box real s0}. */
  public static String label(RunRecord r) {
    String kind = RunRecord.KIND_SIM.equals(r.kind()) ? "" : " " + r.kind();
    return r.policy() + kind + " s" + r.seed();
  }
}
